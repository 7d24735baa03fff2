import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a real SMTP peer received it: the envelope's recipients and the raw data. */
export interface ReceivedMail {
  to: string;
  data: string;
}

/**
 * A real SMTP peer on loopback for the tests that follow an e-mail to its reader: it keeps every
 * message it is given in `received`, in order. After `hold()`, it is a mail server that does not
 * answer a message until the test calls `release()` (the message waits in `held`).
 */
export function smtpSink() {
  const received: ReceivedMail[] = [];
  /** Messages whose data arrived but which this server has not accepted yet (`hold`). */
  const held: ReceivedMail[] = [];
  let holding: Promise<void> | null = null;
  let release = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address).join(','), data };
        const accept = () => {
          received.push(mail);
          done();
        };
        if (!holding) return accept();
        // A slow mail server: the sender waits for the answer to its message until `release`.
        held.push(mail);
        void holding.then(accept);
      });
    },
  });
  return {
    received,
    held,
    /** From now on, answer no message until `release` (a slow mail server). */
    hold() {
      holding ??= new Promise<void>((resolve) => (release = resolve));
    },
    /** Accepts the messages held so far, and every one after. */
    release() {
      release();
      holding = null;
    },
    server,
    /** Listens on a free loopback port; answers the port. */
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
