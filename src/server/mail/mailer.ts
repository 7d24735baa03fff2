import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe for notification e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends with SMTP when `smtpUrl` is set; otherwise only records the message in the
 * `mail_outbox` table and, outside production, prints it to stderr so a developer can follow
 * its link. The structured log never holds the message body (it may carry a token).
 */
export function createMailer(opts: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  printToConsole: boolean;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send({ headers, ...message }) {
      const id = randomUUID();
      if (!transport) {
        await opts.db.insert(mailOutbox).values({ id, ...message, status: 'logged' });
        opts.log.info(
          { event: 'mail.logged', outboxId: id },
          'mail kept in the outbox (no SMTP_URL)',
        );
        if (opts.printToConsole) {
          console.error(
            `\n---- mail (no SMTP_URL; kept in mail_outbox ${id}) ----\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n----\n`,
          );
        }
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...message, ...(headers ? { headers } : {}) });
        await opts.db.insert(mailOutbox).values({ id, ...message, status: 'sent' });
        opts.log.info({ event: 'mail.sent', outboxId: id }, 'mail sent');
      } catch (error) {
        await opts.db
          .insert(mailOutbox)
          .values({ id, ...message, status: 'failed', error: String(error) });
        opts.log.error(
          { event: 'mail.failed', outboxId: id, err: error },
          'mail could not be sent',
        );
        throw error;
      }
    },
  };
}
