import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createEmailVerificationToken } from 'better-auth/api';
import { VERIFICATION_LINK_HOURS, type Language } from '#shared/constants.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { languageFromHeader, translate } from '../i18n/translate.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * E-mail addresses are confirmed with a link (docs/decisions/0040). Until then a member uses
 * every free feature, and a calm banner asks them to confirm; the admin role that ADMIN_EMAILS
 * names is granted only to a confirmed address.
 */

/** The app's page that confirms an address (it calls GET /api/auth/verify-email). */
export const verificationPageUrl = (appUrl: string, token: string) =>
  `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * Gives the admin role to the accounts whose address is listed in ADMIN_EMAILS and confirmed
 * (at start-up, and when a listed address is confirmed). An unconfirmed account keeps the
 * member role, whoever signed up with the address: a listed address that was deleted and
 * registered again by someone else stays a member until its owner opens the link. Answers the
 * ids that became admins.
 */
export async function grantListedAdmins(
  db: Database,
  adminEmails: readonly string[],
  onlyUserId?: string,
): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const granted = await db
    .update(user)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(
      and(
        inArray(sql`lower(${user.email})`, [...adminEmails]),
        eq(user.emailVerified, true),
        sql`${user.role} <> 'admin'`,
        onlyUserId ? eq(user.id, onlyUserId) : undefined,
      ),
    )
    .returning({ id: user.id });
  return granted.map((row) => row.id);
}

/**
 * Sends a member the e-mail with their confirmation link: in the language they saved, or else
 * `fallback` (the language of the page they are on).
 */
export function verificationMailer(deps: { db: Database; config: AppConfig; mailer: Mailer }) {
  const { db, config, mailer } = deps;
  return async function send(
    member: { id: string; email: string; name: string },
    token: string,
    fallback: Language,
  ): Promise<void> {
    const [row] = await db
      .select({ firstName: user.firstName, preferences: user.preferences })
      .from(user)
      .where(eq(user.id, member.id));
    const lang = row?.preferences.language ?? fallback;
    await mailer.send({
      to: member.email,
      subject: translate(lang, 'auth.verifyMail.subject'),
      text: translate(lang, 'auth.verifyMail.body', {
        name: row?.firstName || member.name,
        url: verificationPageUrl(config.appUrl, token),
        hours: VERIFICATION_LINK_HOURS,
      }),
    });
  };
}

/** A new confirmation link for the member (the same token better-auth makes at sign-up). */
export const verificationToken = (secret: string, member: { id: string; email: string }) =>
  createEmailVerificationToken(secret, member.email, undefined, VERIFICATION_LINK_HOURS * 60 * 60, {
    userId: member.id,
  });

/** better-auth's `emailVerification` options. */
export function emailVerificationOptions(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The member's data changed: their cached sessions must be read again. */
  onVerified?: (userId: string) => void;
}) {
  const { db, config, log } = deps;
  const send = verificationMailer(deps);
  return {
    // Sign-up sends the first link; a failure to send is logged by better-auth and does not
    // fail the sign-up (the banner offers to send it again).
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
    async sendVerificationEmail(
      { user: member, token }: { user: { id: string; email: string; name: string }; token: string },
      request?: Request,
    ) {
      await send(
        member,
        token,
        languageFromHeader(request?.headers.get('accept-language') ?? undefined),
      );
    },
    async afterEmailVerification(member: { id: string }) {
      const admins = await grantListedAdmins(db, config.adminEmails, member.id);
      if (admins.length > 0) {
        log.info({ event: 'auth.admin-granted', reason: 'ADMIN_EMAILS' }, 'admin role granted');
      }
      log.info({ event: 'auth.email-verified' }, 'e-mail address confirmed');
      deps.onVerified?.(member.id);
    },
  };
}
