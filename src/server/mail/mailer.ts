import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { lt } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.ts';

/**
 * How long the outbox keeps a message (it may hold a name, an address and a link): long
 * enough to answer "did my reset e-mail go out?", no longer. Stated in the privacy policy.
 */
export const MAIL_OUTBOX_RETENTION_DAYS = 30;

/** Removes outbox messages older than the retention period. */
export async function purgeOldMail(db: Database, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - MAIL_OUTBOX_RETENTION_DAYS * 86_400_000);
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff));
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe for notification e-mails). */
  headers?: Record<string, string>;
  /**
   * What the outbox keeps: the whole message (the default: "did my reset e-mail go out, and
   * what did it say?"), or its envelope only (recipient, subject, status, time): for
   * notification e-mails, made again from their delivery when retried, whose body carries a
   * 60-day unsubscribe link and would be a morning's thousands of copies kept for a month.
   */
  keep?: 'whole' | 'envelope';
}

/** A row of `mail_outbox`: what was sent (or kept, or failed) and when. */
export type OutboxRow = typeof mailOutbox.$inferInsert;

export interface SendOptions {
  /**
   * Gather the message's outbox row here instead of writing it now: the caller writes a
   * batch of them in one statement (`recordOutbox`; the reminder scheduler, issue 28).
   */
  outbox?: OutboxRow[];
}

/** Writes outbox rows gathered by `send(…, { outbox })`, in one statement. */
export async function recordOutbox(db: Executor, rows: OutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

export interface Mailer {
  /**
   * True when messages go to a mail server (SMTP_URL); false when they are only kept in the
   * outbox (and printed to the console): then nobody receives them, and what the app tells
   * people ("we sent you a confirmation") must say so.
   */
  readonly delivers: boolean;
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /** Closes the connections to the mail server it keeps open (`SMTP_URL=…?pool=true`). */
  close?(): void;
}

/** Work done once the answer has gone (see `afterAnswer`). */
export interface AfterAnswer {
  /** Runs `work` after the current request's answer; a failure is logged, never thrown. */
  run(what: string, work: () => Promise<void>): void;
  /** Waits for what is on its way (the server closing). */
  drain(): Promise<void>;
}

/**
 * Work sent after the answer. "Send me a reset link" must answer in the same time whether or not
 * the address has an account (ADR 0026): the e-mail, and the lookup of its language, go after
 * the answer, so the mail server's time is not in it.
 */
export function afterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) =>
          log.error({ event: 'mail.after-answer-failed', what, err: error }, `${what} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** Sending clears the outbox at most this often. */
const PURGE_ON_SEND_MS = 60_000;

/** How often each instance clears the outbox too, for the times no mail is sent for a while. */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Purges old mail now and every few hours; returns what stops it. */
export function scheduleMailPurge(db: Database, log: FastifyBaseLogger): () => void {
  const run = () =>
    void purgeOldMail(db).catch((error: unknown) =>
      log.warn({ event: 'mail.purge-failed', err: error }, 'old mail could not be purged'),
    );
  run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Sends with SMTP when `smtpUrl` is set; otherwise only records the message in the
 * `mail_outbox` table and (unless `printToConsole` is off: the tests) prints it to stderr, in
 * production too, so that whoever started the server can follow a password-reset link; a
 * warning says so once. The structured log never holds the message body (it may carry a token).
 */
export function createMailer(opts: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  printToConsole: boolean;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  if (!transport) {
    opts.log.warn(
      { event: 'mail.no-server' },
      opts.printToConsole
        ? 'no mail server (SMTP_URL is not set): e-mails are not sent; each one is kept in the mail_outbox table and printed to this console'
        : 'no mail server (SMTP_URL is not set): e-mails are not sent; each one is kept in the mail_outbox table',
    );
  }
  /**
   * Sending also clears the outbox of what is past its retention period, at most once a minute
   * (a morning's reminders are thousands of messages a minute; issue 28).
   */
  let purgedAt = 0;
  const purge = async () => {
    if (Date.now() - purgedAt < PURGE_ON_SEND_MS) return;
    purgedAt = Date.now();
    await purgeOldMail(opts.db).catch((error: unknown) =>
      opts.log.warn({ event: 'mail.purge-failed', err: error }, 'old mail could not be purged'),
    );
  };
  return {
    delivers: transport !== null,
    close: () => transport?.close(),
    async send({ headers, keep, ...message }, options = {}) {
      const id = randomUUID();
      await purge();
      const kept = keep === 'envelope' ? { ...message, text: '', html: null } : message;
      const record = async (row: OutboxRow) => {
        if (options.outbox) options.outbox.push(row);
        else await recordOutbox(opts.db, [row]);
      };
      if (!transport) {
        await record({ id, ...kept, status: 'logged' });
        opts.log.info(
          { event: 'mail.logged', outboxId: id },
          'mail kept in the outbox (no SMTP_URL)',
        );
        if (opts.printToConsole) {
          console.error(
            `\n---- mail NOT SENT (no SMTP_URL; kept in mail_outbox ${id}) ----\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n----\n`,
          );
        }
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...message, ...(headers ? { headers } : {}) });
      } catch (error) {
        await record({ id, ...kept, status: 'failed', error: String(error) });
        opts.log.error(
          { event: 'mail.failed', outboxId: id, err: error },
          'mail could not be sent',
        );
        throw error;
      }
      await record({ id, ...kept, status: 'sent' });
      opts.log.info({ event: 'mail.sent', outboxId: id }, 'mail sent');
    },
  };
}
