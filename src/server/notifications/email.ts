/**
 * Notification e-mails: a plain-text and an HTML part in the member's language, with
 * List-Unsubscribe and one-click List-Unsubscribe-Post (RFC 8058). The unsubscribe link
 * carries a signed, expiring token (HMAC-SHA256 with the server secret) naming the member and
 * the kind it turns off, so it works without signing in and cannot be forged or edited.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '#shared/constants.ts';
import {
  SETTING_KINDS,
  type NotificationKind,
  type SettingKind,
} from '#shared/schemas/notifications.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { translate } from '../i18n/translate.ts';
import type { Rendered } from './content.ts';

/** How long an unsubscribe link works. */
export const UNSUBSCRIBE_TTL_MS = 60 * 86_400_000;

const b64 = (s: string) => Buffer.from(s).toString('base64url');

function sign(secret: string, body: string): string {
  return createHmac('sha256', `${secret}:notification-unsubscribe`)
    .update(body)
    .digest('base64url');
}

export function unsubscribeToken(
  secret: string,
  userId: string,
  kind: SettingKind,
  now: Date,
): string {
  const body = b64(JSON.stringify({ u: userId, k: kind, e: now.getTime() + UNSUBSCRIBE_TTL_MS }));
  return `${body}.${sign(secret, body)}`;
}

export type TokenCheck =
  { ok: true; userId: string; kind: SettingKind } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUnsubscribeToken(secret: string, token: string, now: Date): TokenCheck {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: { u?: unknown; k?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (
    typeof claims.u !== 'string' ||
    typeof claims.e !== 'number' ||
    !SETTING_KINDS.includes(claims.k as SettingKind)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.e < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: claims.u, kind: claims.k as SettingKind };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function notificationEmail(opts: {
  to: string;
  lang: Language;
  kind: NotificationKind;
  rendered: Rendered;
  appUrl: string;
  /** Null for the test message (no kind to turn off). */
  unsubscribeUrl: string | null;
  settingsUrl: string;
}): MailMessage {
  const { lang, rendered, appUrl } = opts;
  const link = `${appUrl}${rendered.url}`;
  const open = translate(lang, 'notify.email.open');
  const why = translate(lang, 'notify.email.why');
  const manage = translate(lang, 'notify.email.manage');
  const unsubscribe = translate(lang, 'notify.email.unsubscribe');
  const text = [
    rendered.title,
    '',
    rendered.body,
    '',
    `${open}: ${link}`,
    '',
    '--',
    why,
    `${manage}: ${opts.settingsUrl}`,
    ...(opts.unsubscribeUrl ? [`${unsubscribe}: ${opts.unsubscribeUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(rendered.title)}</title></head>
<body style="font-family:Georgia,serif;color:#1e293b;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#1e3a5f">${escapeHtml(rendered.title)}</h1>
<p style="font-size:16px;line-height:1.5">${escapeHtml(rendered.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1e3a5f;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(open)}</a></p>
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:13px;color:#64748b">${escapeHtml(why)}<br>
<a href="${escapeHtml(opts.settingsUrl)}">${escapeHtml(manage)}</a>${
    opts.unsubscribeUrl
      ? ` · <a href="${escapeHtml(opts.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a>`
      : ''
  }</p>
</body></html>`;
  return {
    to: opts.to,
    subject: rendered.title,
    text,
    html,
    headers: opts.unsubscribeUrl
      ? {
          'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
  };
}
