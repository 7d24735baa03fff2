/**
 * What the service worker (service-worker.ts) and the page agree on: its URL, its caches and the
 * API answers kept for reading offline (docs/decisions/0024). Plain values only: this module is
 * compiled both for the page (DOM) and for the worker (WebWorker).
 */

/** The worker's script, at the root so that its scope is the whole site. */
export const SW_URL = '/sw.js';

/** The app's empty HTML page (the server sends it with a fresh style nonce), precached. */
export const SHELL_URL = '/index.html';

/** Files of `public/` the shell shows (the logo) or the browser asks for, precached with it. */
export const PUBLIC_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];

/** The shell and the hashed assets of one build: `camino-shell-<build hash>`. */
export const SHELL_CACHE_PREFIX = 'camino-shell-';

/** The member's own answers kept for reading offline; emptied on sign-out. */
export const DATA_CACHE = 'camino-data';

/** Study sheets opened on this device (their own worker keeps them), emptied on sign-out too. */
export { SHEETS_CACHE } from '../../shared/values/sheets.ts';

/** Where signing out goes: the worker empties the member's data on the way. */
export const SIGN_OUT_PATH = '/api/logout';

/**
 * The page's session check (the current user, or null when signed out): without it, a page
 * opened offline would show the visitor's site.
 */
export const USER_PATH = '/api/session';

/**
 * The GET answers kept (network first, the kept copy when there is no network), and whether the
 * answer depends on the language (`Accept-Language`): today's reading with its passages, the
 * dashboard (the installed app's start page, with today's verse, which links to the reading) and
 * the memory-verse review list (each category asked for, `?category=…`, is its own copy).
 * Nothing else is kept: every other answer holding personal data stays off the device.
 */
export const OFFLINE_API: Record<string, { byLanguage: boolean }> = {
  [USER_PATH]: { byLanguage: false },
  '/api/daily-reading': { byLanguage: true },
  // The plan's next days (no text), fetched by the worker while a Bible is downloaded (issue 40).
  '/api/daily-reading/ahead': { byLanguage: false },
  '/api/dashboard': { byLanguage: true },
  '/api/memory-verses': { byLanguage: true },
};

/**
 * Answers kept by the start of their path, the newest `keep` of each: the chapters read in
 * parallel (issue 26, ADR 0053), Scripture in two translations with the book names of the
 * interface language, and passages (each address its own copy: "show in both languages" on the
 * daily reading, a lesson or today's verse asks for its passages with `parallel=`). Scripture
 * only, nothing personal. The same network-first rule as OFFLINE_API; the oldest go first.
 */
export const OFFLINE_API_PREFIXES: Record<string, { byLanguage: boolean; keep: number }> = {
  '/api/bible/parallel/': { byLanguage: true, keep: 150 },
  '/api/bible/passage': { byLanguage: true, keep: 100 },
};

/** The rule that keeps a path's answers offline, if one does. */
export function offlineRule(
  pathname: string,
): { byLanguage: boolean; prefix?: string; keep?: number } | undefined {
  const exact = OFFLINE_API[pathname];
  if (exact) return exact;
  const prefix = Object.keys(OFFLINE_API_PREFIXES).find((p) => pathname.startsWith(p));
  return prefix ? { ...OFFLINE_API_PREFIXES[prefix]!, prefix } : undefined;
}

/** IndexedDB database of the writes made offline (src/client/lib/outbox.ts); emptied on sign-out. */
export const OUTBOX_DB = 'camino-outbox';

/**
 * The worker's message to its pages about the network: `{ type, online }`. `navigator.onLine`
 * alone can say "online" on a dead network; the worker sees every request fail or succeed.
 */
export const CONNECTION_MESSAGE = 'camino:connection';
export interface ConnectionMessage {
  type: typeof CONNECTION_MESSAGE;
  online: boolean;
}

/**
 * A page's message to the active worker that does not control it: a page whose navigation left
 * while the worker was still installing is not one that its activation's `clients.claim()`
 * reached, and would stay uncontrolled (nothing it shows kept offline) until it is reloaded.
 */
export const CLAIM_MESSAGE = 'camino:claim';

/**
 * A page's message once the member downloaded the Bible (issue 40): the worker keeps the reader's
 * files too (the build's list beside the precache), so the reader opens with no network.
 */
export const KEEP_PACK_PAGES_MESSAGE = 'camino:keep-pack-pages';

/**
 * A page's message as the member starts a search with no network (`{ type, translation }`): the
 * worker reads that translation's verses from the download now, so the search answers at once
 * (issue 40: ≤ 300 ms on a phone-class CPU) instead of after reading them.
 */
export const WARM_SEARCH_MESSAGE = 'camino:warm-search';
