import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { smtpSink } from '../helpers/smtp-sink.ts';
import { eq } from 'drizzle-orm';
import { mailOutbox, supportTicket } from '#server/db/schema.ts';
import { createTestApp, createUser, injectWithLogin, type TestApp } from '../helpers/app.ts';

/** The ticket flow through a real SMTP peer: the acknowledgement and the answer arrive. */
const smtp = smtpSink();
const received = smtp.received;
let t: TestApp;

beforeAll(async () => {
  const port = await smtp.listen();
  // No captured mailer: the app sends through SMTP_URL like in production.
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    deps: { mailer: undefined },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

describe('support e-mail over SMTP', () => {
  it('visitor ticket → acknowledgement → admin reply → answer e-mailed', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { 'accept-language': 'en' },
      payload: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'bug_report',
        message: 'The reading plan skipped a day.',
      },
    });
    expect(filed.statusCode).toBe(201);
    const { number, confirmation } = filed.json() as { number: number; confirmation: string };
    // The thank-you page may say a confirmation was sent: it really went to the mail server.
    expect(confirmation).toBe('sent');
    // What reached Grace (the admin's own address confirmation goes out too, ADR 0040).
    const toGrace = () => received.filter((m) => m.to === 'grace@example.com');
    await expect.poll(() => toGrace().length).toBe(1);
    expect(toGrace()[0]!.data).toContain(`Subject: We received your message (ticket #${number})`);

    const [row] = await t.database.db
      .select({ id: supportTicket.id })
      .from(supportTicket)
      .where(eq(supportTicket.number, number));
    const reply = await injectWithLogin(t.app, admin, {
      method: 'POST',
      url: `/api/admin/tickets/${row!.id}/replies`,
      payload: { body: 'Thanks, fixed: day 12 is back.' },
    });
    expect(reply.json()).toEqual({ emailed: true });
    await expect.poll(() => toGrace().length).toBe(2);
    expect(toGrace()[1]!.data).toContain(`Subject: Answer to your ticket #${number}`);
    expect(toGrace()[1]!.data).toContain('Thanks, fixed: day 12 is back.');
  });
});

describe('the acknowledgement the thank-you page reports', () => {
  const ticket = {
    name: 'Lucía Fernández',
    email: 'lucia@example.com',
    subject: 'account',
    message: '¿Cómo cambio mi correo electrónico?',
  };

  it('without a mail server: "noMailServer" (kept in the outbox, not sent)', async () => {
    const bare = await createTestApp({ deps: { mailer: undefined } });
    try {
      const filed = await bare.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: { 'accept-language': 'es' },
        payload: ticket,
      });
      expect(filed.statusCode).toBe(201);
      expect(filed.json()).toMatchObject({ confirmation: 'noMailServer' });
      const kept = await bare.database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, ticket.email));
      expect(kept).toEqual([{ status: 'logged' }]);
    } finally {
      await bare.close();
    }
  });

  it('when the mail server refuses: "failed", and the ticket is saved', async () => {
    // A port nothing listens on any more: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const broken = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      deps: { mailer: undefined },
    });
    try {
      const filed = await broken.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: { 'accept-language': 'en' },
        payload: ticket,
      });
      expect(filed.statusCode).toBe(201);
      const { number, confirmation } = filed.json() as { number: number; confirmation: string };
      expect(confirmation).toBe('failed');
      const saved = await broken.database.db
        .select({ id: supportTicket.id })
        .from(supportTicket)
        .where(eq(supportTicket.number, number));
      expect(saved).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});
