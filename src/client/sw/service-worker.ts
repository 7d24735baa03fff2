/**
 * The service worker, compiled by `npm run build` to dist/client/sw.js (scripts/build/sw.ts),
 * which fills in the build's hash and the files to precache. Hand-written: what it keeps and
 * for how long is decided in docs/decisions/0024.
 *
 * - The app shell (index.html) and the hashed assets the member app needs to open today's
 *   reading are precached in `camino-shell-<build hash>`: a new deploy installs a new cache and
 *   drops the old one, so a page never runs a mix of two builds' chunks.
 * - `/assets/*`: cache first (their names change whenever their content does).
 * - Navigations: the network first; with no network, the precached shell.
 * - Today's reading, the dashboard, the memory-verse review list and the current user: the
 *   network first, the copy kept from the last answer with no network. No other API answer is
 *   kept.
 * - Chapters of a translation the member downloaded, and parallel chapters of two: from the
 *   offline pack (./offline-bible.ts, issue 40), network or not; searches, lessons and passages
 *   with no network too (./offline-search.ts, ./offline-courses.ts); with no network, a later day
 *   of the reading plan once days were marked read, and today's verse on a later date
 *   (./offline-reading.ts).
 * - Signing out (a redirect from the sign-out path, and any 401 from the current user) empties
 *   the member's data.
 * - Web Push: reminders are shown, and a click opens their page (./push.ts, ADR 0020).
 */
import {
  CLAIM_MESSAGE,
  CONNECTION_MESSAGE,
  KEEP_PACK_PAGES_MESSAGE,
  WARM_SEARCH_MESSAGE,
  DATA_CACHE,
  offlineRule,
  PUBLIC_FILES,
  SHEETS_CACHE,
  SHELL_CACHE_PREFIX,
  SHELL_URL,
  SIGN_OUT_PATH,
  USER_PATH,
  type ConnectionMessage,
} from './names.ts';
import { PACK_CACHE } from '../features/offline/pack.ts';
import {
  CHAPTER_PATH,
  PARALLEL_PATH,
  PASSAGE_PATH,
  packChapter,
  packParallel,
  packPassage,
} from './offline-bible.ts';
import { COURSE_PATH, LESSON_PATH, packCourse, packLesson } from './offline-courses.ts';
import { translationLanguage } from '../../shared/values/bible.ts';
import {
  DAILY_READING_PATH,
  DASHBOARD_PATH,
  PLAN_AHEAD_PATH,
  laterReading,
  planAheadWanted,
  todaysVerse,
} from './offline-reading.ts';
import { SEARCH_PATH, packSearch, warmSearch } from './offline-search.ts';
import { installPushHandlers } from './push.ts';

declare const self: ServiceWorkerGlobalScope;
/** Filled in by the build: a hash of index.html and of the precached files' names. */
declare const __BUILD_HASH__: string;
/** Filled in by the build: the hashed assets the member app needs to open today's reading. */
declare const __PRECACHE__: string[];
/** Filled in by the build: what the reader needs beyond those, kept where a pack is (issue 40). */
declare const __PACK_PAGES__: string[];

const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__BUILD_HASH__}`;

installPushHandlers(self);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Past the browser's HTTP cache: the shell must be this build's.
      await cache.addAll([
        ...[SHELL_URL, ...PUBLIC_FILES].map((url) => new Request(url, { cache: 'no-cache' })),
        ...__PRECACHE__.map((url) => new Request(url)),
      ]);
      // A phone with the Bible downloaded keeps this build's reader as well.
      if (await caches.has(PACK_CACHE)) await keepPackPages(cache);
      // A new build takes over at once: pages load their HTML from the network, which names
      // this build's chunks, and this cache holds exactly those.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
      // The navigation's request starts while the worker starts up.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim());
  if (type === KEEP_PACK_PAGES_MESSAGE) {
    const { lang } = event.data as { lang?: unknown };
    event.waitUntil(
      Promise.all([
        caches.open(SHELL_CACHE).then(keepPackPages),
        // Today's reading and the plan's next days, to be read with the download.
        keepReading(lang === 'es' ? 'es' : 'en').catch(() => undefined),
      ]),
    );
  }
  // Only while the network fails (as the worker or the page found): online, the server searches.
  const { translation, offline } = event.data as { translation?: unknown; offline?: unknown };
  const failing = reported === false || offline === true;
  if (type === WARM_SEARCH_MESSAGE && failing && typeof translation === 'string') {
    event.waitUntil(
      warmSearch(translation, translationLanguage(translation)).catch(() => undefined),
    );
  }
});

/** The reader's files this build names, those not kept yet. */
async function keepPackPages(cache: Cache) {
  const missing: string[] = [];
  for (const url of __PACK_PAGES__) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out: the menu's link (GET) or the button of the page that asks first (POST).
  if (request.mode === 'navigate' && url.pathname === SIGN_OUT_PATH) {
    event.respondWith(signOut(event));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith('/api/')) event.respondWith(navigate(event));
    return;
  }
  // Public files change only with a deploy, which precaches them again.
  if (url.pathname.startsWith('/assets/') || PUBLIC_FILES.includes(url.pathname)) {
    event.respondWith(cacheFirst(event));
    return;
  }
  if (CHAPTER_PATH.test(url.pathname)) {
    event.respondWith(chapter(event, url));
    return;
  }
  if (url.pathname === SEARCH_PATH) {
    event.respondWith(search(event, url));
    return;
  }
  if (LESSON_PATH.test(url.pathname) || COURSE_PATH.test(url.pathname)) {
    event.respondWith(lessonOrCourse(event, url));
    return;
  }
  const kept = offlineRule(url.pathname);
  if (PARALLEL_PATH.test(url.pathname)) {
    event.respondWith(parallel(event, url, kept));
    return;
  }
  if (kept) event.respondWith(networkFirst(event, dataKeys(request, url, kept.byLanguage), kept));
});

/**
 * What a kept copy becomes with no network, worked out from the download (./offline-reading.ts):
 * the next day of the plan once days were marked read offline, today's verse on a later date.
 */
const FROM_KEPT: Record<string, (kept: Response, lang: 'en' | 'es') => Promise<Response | null>> = {
  [DAILY_READING_PATH]: laterReading,
  [DASHBOARD_PATH]: todaysVerse,
};

/**
 * After a fresh answer of today's reading, the plan's next days beside it when a Bible is
 * downloaded and what is kept falls short (a week past the day shown).
 */
async function keepPlanAhead(reading: Response) {
  const read = await reading.json().catch(() => null);
  if (read && (await planAheadWanted(read))) await keepAnswer(PLAN_AHEAD_PATH);
}

/** Fetches an answer of the member's and keeps it (not if they signed out meanwhile). */
async function keepAnswer(path: string, lang?: 'en' | 'es'): Promise<Response | null> {
  const generation = cleared;
  const response = await fetch(path, lang ? { headers: { 'accept-language': lang } } : {});
  if (!response.ok || generation !== cleared) return null;
  const key = lang ? `${path}?lang=${lang}` : path;
  await (await caches.open(DATA_CACHE)).put(key, response.clone());
  return response;
}

/** Today's reading in the page's language, then the plan's next days: the download is complete. */
async function keepReading(lang: 'en' | 'es') {
  const reading = await keepAnswer(DAILY_READING_PATH, lang);
  if (reading) await keepPlanAhead(reading);
}

/** Whatever the page itself asked for, from the navigation preload when there is one. */
async function fromNetwork(event: FetchEvent): Promise<Response> {
  const preloaded = (await event.preloadResponse) as Response | undefined;
  return preloaded ?? fetch(event.request);
}

/** What the pages were last told about the network (undefined: nothing yet). */
let reported: boolean | undefined;

/**
 * Tells the pages whether the network answers: every page when that changes, and the page
 * that asked (`clientId`) whenever a request of its fails, since it may have opened since.
 */
async function report(online: boolean, clientId?: string) {
  const message: ConnectionMessage = { type: CONNECTION_MESSAGE, online };
  const changed = online !== reported;
  reported = online;
  if (changed) {
    for (const client of await self.clients.matchAll({ type: 'window' })) {
      client.postMessage(message);
    }
  } else if (!online && clientId) {
    (await self.clients.get(clientId))?.postMessage(message);
  }
}

async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return await fromNetwork(event);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (!shell) throw error;
    event.waitUntil(report(false, event.resultingClientId));
    return shell;
  }
}

/**
 * The member's data goes once the server has signed them out, which it answers with a
 * redirect. A link from another site gets a page that asks first (a 200): nothing has changed,
 * so nothing is emptied (the app also empties it itself before it signs out, lib/auth-api.ts).
 */
async function signOut(event: FetchEvent): Promise<Response> {
  const response = await fromNetwork(event);
  const redirected =
    response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  if (redirected) await clearMemberData();
  return response;
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/**
 * A chapter: from the offline pack when the member downloaded its translation (with the network
 * or without: no data spent on a text already on the phone), else from the network.
 */
async function chapter(event: FetchEvent, url: URL): Promise<Response> {
  const fromPack = await packChapter(url.pathname, languageOf(event.request)).catch(() => null);
  return fromPack ?? fetchReporting(event);
}

/** The page's request sent on, the pages told whether the network answered. */
async function fetchReporting(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    event.waitUntil(report(true));
    return response;
  } catch (error) {
    event.waitUntil(report(false, event.clientId));
    throw error;
  }
}

/**
 * Parallel reading: from the download when both texts are on the phone, else as before (the
 * network first, the copy kept of a chapter read so).
 */
async function parallel(
  event: FetchEvent,
  url: URL,
  kept: ReturnType<typeof offlineRule>,
): Promise<Response> {
  const fromPack = await packParallel(url.pathname, languageOf(event.request)).catch(() => null);
  if (fromPack) return fromPack;
  if (kept) return networkFirst(event, dataKeys(event.request, url, kept.byLanguage), kept);
  return fetch(event.request);
}

/**
 * A search: the server's (its full text ranks and stems better), and with no network the
 * download's, when the translation is on the phone.
 */
async function search(event: FetchEvent, url: URL): Promise<Response> {
  try {
    return await fetchReporting(event);
  } catch (error) {
    const fromPack = await packSearch(url, languageOf(event.request)).catch(() => null);
    if (fromPack) return fromPack;
    throw error;
  }
}

/**
 * A lesson or a course's page: the server's (with the member's answer and progress), and with no
 * network the downloaded course's, when the member downloaded it.
 */
async function lessonOrCourse(event: FetchEvent, url: URL): Promise<Response> {
  try {
    return await fetchReporting(event);
  } catch (error) {
    const fromPack = LESSON_PATH.test(url.pathname) ? packLesson : packCourse;
    const answer = await fromPack(url.pathname, languageOf(event.request)).catch(() => null);
    if (answer) return answer;
    throw error;
  }
}

const languageOf = (request: Request) =>
  request.headers.get('accept-language')?.startsWith('es') ? 'es' : 'en';

const LANGUAGES = ['en', 'es'];

/**
 * The kept copies' keys, best first: the path with its query (one memory-verse category is not
 * another's list), and the language when the answer is in one. With no copy in the member's
 * language (they switched language offline), the other one's: today's passages in the language
 * they were read in beat an error.
 */
function dataKeys(request: Request, url: URL, byLanguage: boolean): string[] {
  const key = (language?: string) => {
    const query = new URLSearchParams(url.search);
    if (language) query.append('lang', language);
    query.sort();
    const search = query.toString();
    return search ? `${url.pathname}?${search}` : url.pathname;
  };
  if (!byLanguage) return [key()];
  const language = languageOf(request);
  return [language, ...LANGUAGES.filter((l) => l !== language)].map(key);
}

/** Counts the times the member's data was emptied: an answer fetched before one is not kept. */
let cleared = 0;

async function networkFirst(
  event: FetchEvent,
  keys: string[],
  rule: { prefix?: string; keep?: number } = {},
): Promise<Response> {
  const key = keys[0]!;
  // Signing out while this answer is on its way empties the data first: the answer, the
  // member's who just left, must not be put back afterwards.
  let generation = cleared;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    event.waitUntil(report(false, event.clientId));
    const path = new URL(event.request.url).pathname;
    for (const candidate of keys) {
      const kept = await caches.match(candidate, { cacheName: DATA_CACHE });
      if (!kept) continue;
      const worked = await FROM_KEPT[path]?.(kept, languageOf(event.request)).catch(() => null);
      return worked ?? kept;
    }
    // No copy kept: a passage is read from the download when its texts are there.
    if (path === PASSAGE_PATH) {
      const url = new URL(event.request.url);
      const fromPack = await packPassage(url, languageOf(event.request)).catch(() => null);
      if (fromPack) return fromPack;
    }
    throw error;
  }
  event.waitUntil(report(true));
  // The session check names who is signed in now: kept even when it just emptied the last
  // member's data.
  if (new URL(event.request.url).pathname === USER_PATH && (await checkUser(response))) {
    generation = cleared;
  }
  if (!response.ok || generation !== cleared) return response;
  const cache = await caches.open(DATA_CACHE);
  // Emptied while opening: a sign-out that starts after this check deletes this very cache.
  if (generation === cleared) {
    await cache.put(key, response.clone());
    if (rule.prefix && rule.keep) event.waitUntil(keepNewest(cache, rule.prefix, rule.keep));
    if (new URL(event.request.url).pathname === DAILY_READING_PATH) {
      event.waitUntil(keepPlanAhead(response.clone()).catch(() => undefined));
    }
  }
  return response;
}

/** Drops the oldest kept answers under `prefix` beyond the newest `keep` (keys() is in order). */
async function keepNewest(cache: Cache, prefix: string, keep: number) {
  const under = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(prefix));
  for (const old of under.slice(0, Math.max(0, under.length - keep))) await cache.delete(old);
}

/**
 * Signed out, or someone else signed in: the data kept belongs to nobody here any more. True
 * when the answer names a signed-in member.
 */
async function checkUser(response: Response): Promise<boolean> {
  if (response.status === 401) {
    await clearMemberData();
    return false;
  }
  if (!response.ok) return false;
  const idOf = async (r: Response) =>
    (
      (await r
        .clone()
        .json()
        .catch(() => null)) as { id?: unknown } | null
    )?.id;
  const id = await idOf(response);
  // The session check answers null once signed out (expired, or elsewhere).
  if (id === undefined || id === null) {
    await clearMemberData();
    return false;
  }
  const kept = await caches.match(USER_PATH, { cacheName: DATA_CACHE });
  if (kept && (await idOf(kept)) !== id) await clearMemberData();
  return true;
}

async function clearMemberData() {
  cleared += 1;
  // Study sheets of a group are the group's: they go with the member who opened them.
  await Promise.all([caches.delete(DATA_CACHE), caches.delete(SHEETS_CACHE)]);
}
