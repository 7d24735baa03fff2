/** Business constants from SPEC §9. */
export const MINIMUM_AGE = 13;
export const UNDER_AGE_REDIRECT_MS = 3000;

export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_GC_TIME_MS = 600_000;
export const MUTATION_RETRY_DELAY_MS = 1000;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_DURATION_MS = 1000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const LOADING_OVERLAY_HIDE_DELAY_MS = 200;
export const LOADING_DOTS_INTERVAL_MS = 500;

export const SUPPORT_REPLY_HOURS = 24;
/** How long an e-mail confirmation link works (the e-mail and the pages that resend it say so). */
export const VERIFICATION_LINK_HOURS = 24;

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';
/** The cookie that tells the server the reader's language (it mirrors LANGUAGE_STORAGE_KEY). */
export const LANGUAGE_COOKIE = 'language';
/**
 * Set by the server's sign-out for the page it redirects to, which then deletes the unsaved text
 * kept in the browser (src/client/lib/unsaved.ts; docs/decisions/0049). Readable by the page.
 */
export const SIGNED_OUT_COOKIE = 'camino_signed_out';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

/** Support tickets (issue 15): length caps of the form, chosen to fit a real message with room. */
export const SUPPORT_NAME_MAX_LENGTH = 120;
export const SUPPORT_PHONE_MAX_LENGTH = 40;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
/** New tickets from one IP address, and to one e-mail address, per hour (spam guard). */
export const SUPPORT_TICKETS_PER_IP_PER_HOUR = 10;
export const SUPPORT_TICKETS_PER_EMAIL_PER_HOUR = 5;
