import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a real SMTP peer received it: the envelope's recipients and the raw data. */
export interface ReceivedMail {
  to: string;
  data: string;
}

/**
 * A real SMTP peer on loopback for the tests that follow an e-mail to its reader: it keeps every
 * message it is given in `received`, in order.
 */
export function smtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        done();
      });
    },
  });
  return {
    received,
    server,
    /** Listens on a free loopback port; answers the port. */
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
