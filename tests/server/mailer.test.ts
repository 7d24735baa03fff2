import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createMailer } from '#server/mail/mailer.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString()));
    stream.on('end', () => {
      received.push(data);
      done();
    });
  },
});
let port = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

const log = pino({ level: 'silent' });

describe('mailer', () => {
  it('sends through SMTP and records the message as sent', async () => {
    const mailer = createMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Camino <no-reply@example.com>',
      log,
      printToConsole: false,
    });
    await mailer.send({ to: 'reader@example.com', subject: 'Hello', text: 'Link: http://x/reset' });
    expect(received.join('\n')).toContain('Link: http://x/reset');
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'reader@example.com'));
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  });

  it('without SMTP keeps the message in the outbox', async () => {
    const mailer = createMailer({
      db: database.db,
      smtpUrl: undefined,
      from: 'x@y.z',
      log,
      printToConsole: false,
    });
    await mailer.send({
      to: 'dev@example.com',
      subject: 'Reset',
      text: 'http://localhost/reset/abc',
    });
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'dev@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'logged', text: 'http://localhost/reset/abc' });
  });
});
