import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createMailer, recordOutbox, type OutboxRow } from '#server/mail/mailer.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { TEST_ORIGIN, createTestApp, createUser } from '../helpers/app.ts';

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

/** The real mailer on the test database, to `smtpUrl` (none: the outbox only), quiet. */
const mailerTo = (smtpUrl: string | undefined) =>
  createMailer({
    db: database.db,
    smtpUrl,
    from: 'Camino <no-reply@example.com>',
    log,
    printToConsole: false,
  });

describe('mailer', () => {
  it('sends through SMTP and records the message as sent', async () => {
    const mailer = mailerTo(`smtp://127.0.0.1:${port}`);
    await mailer.send({ to: 'reader@example.com', subject: 'Hello', text: 'Link: http://x/reset' });
    expect(received.join('\n')).toContain('Link: http://x/reset');
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'reader@example.com'));
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  });

  it('a notification e-mail is kept as its envelope only; the rows of a batch are written together', async () => {
    const mailer = mailerTo(`smtp://127.0.0.1:${port}`);
    const reminder = {
      to: 'praying@example.com',
      subject: 'Time to pray',
      text: 'Unsubscribe: http://x/api/notifications/unsubscribe?token=secret-token',
      html: '<p>secret-token</p>',
      keep: 'envelope' as const,
    };
    const kept = () =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'praying@example.com'));
    // Gathered, not written, until the batch records them.
    const outbox: OutboxRow[] = [];
    await mailer.send(reminder, { outbox });
    await mailer.send({ ...reminder, subject: 'Time to pray again' }, { outbox });
    expect(received.join('\n')).toContain('Time to pray again');
    expect(await kept()).toEqual([]);
    await recordOutbox(database.db, outbox);
    const rows = await kept();
    // Who, what about, when and whether it went: not the body (its link signs the member in
    // to their settings for 60 days), which the delivery makes again if it is retried.
    expect(rows.map((r) => [r.subject, r.status, r.text, r.html])).toEqual(
      expect.arrayContaining([
        ['Time to pray', 'sent', '', null],
        ['Time to pray again', 'sent', '', null],
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain('secret-token');
    // Without SMTP (kept, not sent) and when sending fails: the envelope too.
    const failing = mailerTo('smtp://127.0.0.1:1');
    await expect(failing.send({ ...reminder, subject: 'Failed' })).rejects.toThrow();
    const [failed] = (await kept()).filter((r) => r.subject === 'Failed');
    expect([failed?.status, failed?.text, failed?.html]).toEqual(['failed', '', null]);
  });

  it('sending clears mail past its retention, at most once a minute (issue 28)', async () => {
    const mailer = mailerTo(undefined);
    const old = (id: string) =>
      database.db.insert(mailOutbox).values({
        id,
        to: 'expired@example.com',
        subject: 's',
        text: 't',
        status: 'sent',
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      });
    const left = async () =>
      (
        await database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, 'expired@example.com'))
      ).map((r) => r.id);
    const send = () => mailer.send({ to: 'someone@example.com', subject: 's', text: 't' });
    const started = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(started);
    try {
      await old('first');
      await send();
      expect(await left()).toEqual([]);
      // Within the minute: sending does not purge again.
      await old('second');
      await send();
      expect(await left()).toEqual(['second']);
      vi.spyOn(Date, 'now').mockReturnValue(started + 60_000);
      await send();
      expect(await left()).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
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

describe('no mail server, `npm start` (production)', () => {
  it('warns once at start, then prints each e-mail (a reset link) to the console', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    const warnings: string[] = [];
    const stream = {
      write: (line: string) => void warnings.push(JSON.parse(line).msg as string),
    };
    const logger = { level: 'warn', stream };
    const t = await createTestApp({
      env: { NODE_ENV: 'production' },
      database,
      deps: { mailer: undefined, logger },
    });
    try {
      expect(warnings.filter((w) => /no mail server/.test(w))).toEqual([
        'no mail server (SMTP_URL is not set): e-mails are not sent; each one is kept in the mail_outbox table and printed to this console',
      ]);
      const member = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN, 'accept-language': 'en' },
        payload: { email: member.email, redirectTo: '/reset-password' },
      });
      expect(res.statusCode).toBe(200);
      // (Its address confirmation from sign-up is printed too, ADR 0040.)
      const mail = printed.find(
        (p) => p.includes(`To: ${member.email}`) && p.includes('/api/auth/reset-password/'),
      );
      expect(mail).toMatch(/mail NOT SENT \(no SMTP_URL/);
      expect(mail).toMatch(/http:\/\/localhost:5000\/api\/auth\/reset-password\/\S+/);
    } finally {
      spy.mockRestore();
      await t.close();
    }
  });
});
