/**
 * The reader's own choice of language (SPEC §3: stored locally under "language"), and the cookie
 * that mirrors it for the server, which renders public pages before any script runs (ADR 0013).
 * Only a choice is stored: a guess (the browser's languages, the server's page) never is, so a
 * choice always wins over a guess (issue 22). Tiny on purpose: boot.ts reads it on every page.
 */
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from '#shared/constants.ts';

/** The language this browser's reader chose, or null when they never chose one. */
export function chosenLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored === 'en' || stored === 'es' ? stored : null;
  } catch {
    return null; // storage unavailable
  }
}

/** Whether the cookie the server reads says `language`. */
export function cookieSays(language: Language): boolean {
  return document.cookie.split(';').some((c) => c.trim() === `${LANGUAGE_COOKIE}=${language}`);
}

/** Tells the server the reader's language (a year; renewed each time the app starts). */
export function writeLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
