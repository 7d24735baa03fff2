import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_REPLY_HOURS, type Language } from '#shared/constants.ts';
import type { TicketConfirmation } from '#shared/schemas/support.ts';
import { translate } from '../i18n/translate.ts';
import type { Executor } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notify } from '../notifications/notify.ts';

export interface AnsweredTicket {
  id: string;
  number: number;
  name: string;
  email: string;
  language: Language;
  /** The member who filed it, or null for a visitor's ticket. */
  userId: string | null;
}

export interface SupportEventDeps {
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The language to write to the sender in: a member's saved language (what they chose, issue
 * 22, which may have changed since they wrote), else the language the ticket was written in.
 */
async function senderLanguage(db: Executor, ticket: AnsweredTicket): Promise<Language> {
  if (!ticket.userId) return ticket.language;
  const [row] = await db
    .select({ preferences: user.preferences })
    .from(user)
    .where(eq(user.id, ticket.userId));
  const saved = row?.preferences.language;
  return saved === 'en' || saved === 'es' ? saved : ticket.language;
}

/**
 * "A ticket was answered" (issue 15): the ONE place that tells the sender. It e-mails the
 * answer in the sender's language and, for a member's ticket, raises the in-app notification
 * (and push, by the member's settings; issue 14). Answers whether the e-mail went out: a
 * failed send never loses the answer, which is already saved in the thread.
 */
export async function ticketAnswered(
  deps: SupportEventDeps & { db: Executor },
  ticket: AnsweredTicket,
  answer: { body: string; authorName: string },
): Promise<{ emailed: boolean }> {
  const lang = await senderLanguage(deps.db, ticket);
  const where = ticket.userId
    ? translate(lang, 'support.mail.replyWhereMember', {
        url: `${deps.appUrl}/account-settings?tab=support`,
      })
    : translate(lang, 'support.mail.replyWhereVisitor', { url: `${deps.appUrl}/support` });
  if (ticket.userId) {
    try {
      await notify(deps.db, ticket.userId, 'supportAnswered', {
        number: ticket.number,
        url: '/account-settings?tab=support',
      });
    } catch (error) {
      // The answer is in the thread and on its way by e-mail; the bell is a convenience.
      deps.log.error({ err: error, ticket: ticket.id }, 'ticket answer notification failed');
    }
  }
  try {
    await deps.mailer.send({
      to: ticket.email,
      subject: translate(lang, 'support.mail.replySubject', { number: ticket.number }),
      text: translate(lang, 'support.mail.replyBody', {
        name: ticket.name,
        number: ticket.number,
        answer: answer.body,
        author: answer.authorName,
        where,
      }),
    });
    return { emailed: true };
  } catch (error) {
    deps.log.error({ err: error, ticket: ticket.id }, 'ticket answer could not be e-mailed');
    return { emailed: false };
  }
}

/**
 * The acknowledgement of a new ticket, with its number, in the sender's language. Answers what
 * became of it, for the thank-you page: sent, not sent because no mail server is configured
 * (it only went to the outbox), or failed.
 */
export async function ticketReceived(
  deps: SupportEventDeps,
  ticket: Omit<AnsweredTicket, 'id'> & { id: string },
): Promise<TicketConfirmation> {
  const lang = ticket.language;
  try {
    await deps.mailer.send({
      to: ticket.email,
      subject: translate(lang, 'support.mail.ackSubject', { number: ticket.number }),
      text: translate(lang, 'support.mail.ackBody', {
        name: ticket.name,
        number: ticket.number,
        hours: SUPPORT_REPLY_HOURS,
      }),
    });
    return deps.mailer.delivers ? 'sent' : 'noMailServer';
  } catch (error) {
    // The ticket is saved; the team still sees it and answers by e-mail.
    deps.log.error({ err: error, ticket: ticket.id }, 'ticket acknowledgement not e-mailed');
    return 'failed';
  }
}
