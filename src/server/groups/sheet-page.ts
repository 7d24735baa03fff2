/**
 * A study sheet's link, `/sheet/<token>` (issue 38 item 2): a page the server draws whole, that
 * reads fully without JavaScript (WhatsApp's in-app browser, an old phone), in well under 60 KB
 * (the app's stylesheet inline, compressed; no font, no script needed), and prints cleanly on A5
 * or Letter. Each reader gets the passages in their own language and translation: a signed-in
 * member their saved ones, anyone else the language their browser asks for (or the link's
 * `?lang=`, which the page's language link sets) and that language's bundled text.
 *
 * Two small scripts go with it, both optional: `/sheet/sheet.js` shows the Print button and keeps
 * the page for reading offline, and `/sheet/sw.js`, a service worker whose scope is `/sheet/`,
 * answers a sheet opened before from that copy when there is no network (and forgets a sheet
 * whose link no longer opens it).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { defaultTranslation } from '#shared/bible/translation.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import type { Verse } from '#shared/schemas/bible.ts';
import {
  SHEET_PATH_PREFIX,
  SHEET_SCRIPT_URL,
  SHEET_SW_URL,
  SHEETS_CACHE,
} from '#shared/values/sheets.ts';
import { pageLanguage } from '../../delivery/server/html.ts';
import type { SessionUser } from '../auth/session.ts';
import { rangesFromOsis } from '../bible/reference.ts';
import { readPassage, type BibleCatalog } from '../bible/service.ts';
import type { Database } from '../db/client.ts';
import { groupMember, studyGroup, studySheet } from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import { escapeHtml } from '../web/page.ts';
import { passageReference, type SheetRow } from './sheets.ts';

export interface SheetPageDeps {
  db: Database;
  bible: BibleCatalog;
  /** The built client's stylesheet (web/page.ts `loadStylesheet`), null without a build. */
  stylesheet: string | null;
}

/** Enough to read and print a sheet comfortably when no client has been built (API tests). */
const FALLBACK_CSS =
  'body{margin:0;background:#f7f5f0;color:#0f172a;font-family:system-ui,sans-serif;line-height:1.6}' +
  'header>div,article{max-width:48rem;margin:0 auto;padding:1rem}' +
  'h1,h2{font-family:Georgia,serif;color:#0f1d31}a{color:#24487a}[hidden]{display:none}';

/** Print: the page's own margins, no header or buttons, questions with room to write. */
const PRINT_CSS =
  '@page{margin:14mm}' +
  '@media print{body{font-size:11pt}.sheet-answer{min-height:5.5em}' +
  '.sheet-block{break-inside:avoid-page}h2{break-after:avoid-page}}';

const h = escapeHtml;
const paragraphs = (text: string, className: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p class="${className}">${h(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

interface Reader {
  lang: Language;
  user: SessionUser | null;
}

/** A passage's verses as read: the number before each, the chapter too where one begins. */
function versesHtml(verses: readonly Verse[]): string {
  let chapter = verses[0]?.chapter;
  return verses
    .map((v, i) => {
      const starts = i > 0 && v.chapter !== chapter;
      chapter = v.chapter;
      const heading =
        v.heading && (i === 0 || starts)
          ? `<span class="mt-3 block font-sans text-sm font-semibold text-slate-600">${h(v.heading)}</span>`
          : '';
      const number = starts ? `${v.chapter}:${v.verse}` : String(v.verse);
      return `${heading}<sup class="mr-0.5 font-sans text-xs font-semibold text-brand-700">${number}</sup>${h(v.text)} `;
    })
    .join('');
}

async function passagesHtml(
  deps: SheetPageDeps,
  row: SheetRow,
  reader: Reader,
): Promise<{ html: string; translation: string | null; code: string | null }> {
  const { lang, user } = reader;
  let code: string | null = null;
  try {
    code = deps.bible.resolve(
      user
        ? defaultTranslation(user.preferences.bibleTranslation, lang, user.preferences.spanishBible)
        : undefined,
      lang,
    ).code;
  } catch {
    code = null; // the Bibles are being installed (first start)
  }
  const blocks: string[] = [];
  for (const [i, osis] of row.passages.entries()) {
    const verses = code
      ? await readPassage(deps.db, deps.bible, code, rangesFromOsis(osis), lang)
      : [];
    const body =
      verses.length > 0
        ? `<p class="mt-3 font-serif text-lg leading-relaxed text-slate-900">${versesHtml(verses)}</p>`
        : `<p class="mt-3 text-sm text-slate-600">${h(translate(lang, 'groups.sheets.page.notInstalled'))}</p>`;
    blocks.push(
      `<section class="sheet-block mt-6 rounded-3xl border border-slate-200/80 bg-white p-5 shadow-sm sm:p-6 print:mt-5 print:rounded-none print:border-0 print:p-0 print:shadow-none" aria-labelledby="passage-${i}"><h2 id="passage-${i}" class="font-serif text-2xl text-brand-950">${h(passageReference(osis, lang))}</h2>${body}</section>`,
    );
  }
  const name = code ? (deps.bible.list().find((t) => t.code === code)?.name ?? code) : null;
  return { html: blocks.join(''), translation: name, code };
}

function pageHtml(
  lang: Language,
  title: string,
  nonce: string,
  stylesheet: string | null,
  main: string,
  options: { otherLanguage?: string; script?: boolean } = {},
): string {
  const name = translate(lang, 'app.name');
  const other = options.otherLanguage
    ? `<a href="${h(options.otherLanguage)}" hreflang="${lang === 'es' ? 'en' : 'es'}" lang="${lang === 'es' ? 'en' : 'es'}" class="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">${h(translate(lang, 'groups.sheets.page.otherLanguage'))}</a>`
    : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><meta name="theme-color" content="#1f3a5f"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${h(title)} · ${h(name)}</title><style nonce="${nonce}">${stylesheet ?? FALLBACK_CSS}${PRINT_CSS}</style></head>
<body><div class="flex min-h-dvh flex-col bg-canvas print:bg-white">
<header class="border-b border-slate-200/80 print:hidden"><div class="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6"><a href="/" class="flex items-center gap-2.5 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"><img src="/favicon.svg" alt="" width="36" height="36" class="size-9"><span class="font-serif text-xl font-semibold text-brand-900">${h(name)}</span></a>${other}</div></header>
<main id="main" class="flex-1">${main}</main></div>${options.script ? `<script src="${SHEET_SCRIPT_URL}" defer></script>` : ''}</body></html>`;
}

/** A short page instead of the sheet: its link no longer opens it, or it is for the group. */
function notice(
  lang: Language,
  title: string,
  body: string,
  link?: { href: string; label: string },
): string {
  const action = link
    ? `<p class="mt-6"><a href="${h(link.href)}" class="inline-flex h-11 items-center justify-center rounded-xl bg-brand-700 px-5 text-sm font-medium text-white shadow-sm hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2">${h(link.label)}</a></p>`
    : '';
  return `<div class="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16"><div class="rounded-3xl border border-slate-200/80 bg-white p-6 shadow-sm sm:p-8"><h1 class="font-serif text-3xl text-brand-950">${h(title)}</h1><p class="mt-3 text-slate-700">${h(body)}</p>${action}</div></div>`;
}

/** The language the reader reads in: the link's, else the member's saved one, else the browser's. */
function readerLanguage(request: FastifyRequest, user: SessionUser | null): Language {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if ((LANGUAGES as readonly unknown[]).includes(asked)) return asked as Language;
  return user?.preferences.language ?? pageLanguage(request);
}

function send(reply: FastifyReply, status: number, nonce: string, html: string) {
  const policy = String(reply.getHeader('content-security-policy') ?? '').replace(
    "style-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
  );
  return (
    reply
      .status(status)
      .header('content-security-policy', policy)
      .header('content-type', 'text/html; charset=utf-8')
      // Each reader's own (language, translation, membership), and a link can stop working.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .send(html)
  );
}

/** The page script: the Print button, and this page kept for reading offline. */
const SHEET_SCRIPT = `(function () {
  document.querySelectorAll('[data-print]').forEach(function (button) {
    button.hidden = false;
    button.addEventListener('click', function () { window.print(); });
  });
  if (!('serviceWorker' in navigator) || !window.caches) return;
  navigator.serviceWorker.register(${JSON.stringify(SHEET_SW_URL)}, { scope: ${JSON.stringify(SHEET_PATH_PREFIX)} }).catch(function () {});
  caches.open(${JSON.stringify(SHEETS_CACHE)}).then(function (cache) { return cache.add(location.href); }).catch(function () {});
})();
`;

/**
 * The sheets' service worker: a sheet from the network when there is one (kept for next time;
 * a link that no longer opens its sheet is forgotten), else the copy kept, else a short page
 * saying it is not on this device yet (in the browser's language).
 */
function workerScript(): string {
  const offline = Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(translate(lang, 'groups.sheets.page.offlineTitle'))}</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#0f172a;background:#f7f5f0"><h1 style="font-family:Georgia,serif">${h(translate(lang, 'groups.sheets.page.offlineTitle'))}</h1><p>${h(translate(lang, 'groups.sheets.page.offlineBody'))}</p></body></html>`,
    ]),
  );
  return `const CACHE = ${JSON.stringify(SHEETS_CACHE)};
const OFFLINE = ${JSON.stringify(offline)};
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : file(request));
});
async function page(request) {
  var cache = await caches.open(CACHE);
  try {
    var response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    else if (response.status === 403 || response.status === 404)
      await cache.delete(request, { ignoreSearch: true, ignoreVary: true });
    return response;
  } catch (error) {
    // The page varies by cookie and language: this device's copy is this reader's own.
    var kept =
      (await cache.match(request, { ignoreVary: true })) ||
      (await cache.match(request, { ignoreVary: true, ignoreSearch: true }));
    if (kept) return kept;
    var lang = (navigator.language || '').slice(0, 2) === 'es' ? 'es' : 'en';
    return new Response(OFFLINE[lang], { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}
async function file(request) {
  var cache = await caches.open(CACHE);
  try {
    var response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    return (await cache.match(request, { ignoreVary: true })) || Response.error();
  }
}
`;
}

export function registerSheetPage(app: FastifyInstance, deps: SheetPageDeps) {
  const { db } = deps;
  const worker = workerScript();
  const script = (reply: FastifyReply, body: string) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body);
  app.get(SHEET_SW_URL, { schema: { hide: true } }, (_request, reply) => script(reply, worker));
  app.get(SHEET_SCRIPT_URL, { schema: { hide: true } }, (_request, reply) =>
    script(reply, SHEET_SCRIPT),
  );

  app.get<{ Params: { token: string } }>(
    `${SHEET_PATH_PREFIX}:token`,
    { schema: { hide: true } },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const token = request.params.token;
      const [found] = /^[\w-]{16,64}$/.test(token)
        ? await db
            .select({ sheet: studySheet, group: studyGroup })
            .from(studySheet)
            .innerJoin(studyGroup, eq(studyGroup.id, studySheet.groupId))
            .where(and(eq(studySheet.token, token), isNull(studyGroup.endedAt)))
        : [];
      const user = await app.resolveSession(request.cookies);
      const lang = readerLanguage(request, user);
      const t = (key: string, vars?: Record<string, string | number>) =>
        translate(lang, `groups.sheets.page.${key}`, vars);
      if (!found) {
        const title = t('goneTitle');
        return send(
          reply,
          404,
          nonce,
          pageHtml(lang, title, nonce, deps.stylesheet, notice(lang, title, t('goneBody'))),
        );
      }
      const { sheet, group } = found;
      let member = false;
      if (user) {
        const [row] = await db
          .select({ id: groupMember.id })
          .from(groupMember)
          .where(and(eq(groupMember.groupId, group.id), eq(groupMember.userId, user.id)));
        member = row !== undefined;
      }
      if (sheet.audience === 'group' && !member) {
        const title = t('groupOnlyTitle');
        const here = `${SHEET_PATH_PREFIX}${token}`;
        const main = user
          ? notice(lang, title, t('notMemberBody'))
          : notice(lang, title, t('groupOnlyBody'), {
              href: `/sign-in?next=${encodeURIComponent(here)}`,
              label: t('signIn'),
            });
        return send(
          reply,
          user ? 403 : 401,
          nonce,
          pageHtml(lang, title, nonce, deps.stylesheet, main),
        );
      }
      const { html: passages, translation, code } = await passagesHtml(deps, sheet, { lang, user });
      const date = new Intl.DateTimeFormat(lang, {
        dateStyle: 'long',
        timeZone: user?.preferences.timeZone ?? group.timeZone,
      }).format(sheet.updatedAt);
      const questions = sheet.questions.length
        ? `<section class="sheet-block mt-8" aria-labelledby="questions"><h2 id="questions" class="font-serif text-2xl text-brand-950">${h(t('questions'))}</h2><ol class="mt-3 list-decimal space-y-3 pl-6 text-slate-800 marker:font-semibold marker:text-brand-700">${sheet.questions
            .map((q) => `<li class="sheet-answer pl-1">${h(q)}</li>`)
            .join('')}</ol></section>`
        : '';
      const prayer = sheet.prayer
        ? `<section class="sheet-block mt-8 rounded-3xl bg-brand-50 p-5 sm:p-6 print:bg-transparent print:p-0" aria-labelledby="prayer"><h2 id="prayer" class="font-serif text-2xl text-brand-950">${h(t('prayer'))}</h2>${paragraphs(sheet.prayer, 'mt-2 text-slate-800')}</section>`
        : '';
      const note = sheet.note
        ? `<div class="mt-4 max-w-2xl">${paragraphs(sheet.note, 'mt-2 text-slate-700')}</div>`
        : '';
      const actions = `<div class="mt-5 flex flex-wrap items-center gap-3 print:hidden"><button type="button" data-print hidden class="inline-flex h-11 items-center justify-center rounded-xl bg-brand-700 px-5 text-sm font-medium text-white shadow-sm hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2">${h(t('print'))}</button>${
        member
          ? `<a href="/groups/${h(group.id)}" class="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">${h(t('openGroup'))}</a>`
          : ''
      }</div>`;
      const footer = `<footer class="mt-10 border-t border-slate-200 pt-4 text-xs text-slate-600">${
        code === 'VBL'
          ? // The VBL's licence (CC BY-SA 4.0) asks for its line wherever its words are shown.
            `<p>${h(translate(lang, 'translations.vbl.credit'))} <a class="underline" href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a> · <a class="underline" href="https://ebible.org/spavbl">eBible.org</a></p>`
          : translation
            ? `<p>${h(t('translation', { name: translation }))}</p>`
            : ''
      }<p class="mt-1">${h(translate(lang, 'groups.sheets.updated', { date }))}</p></footer>`;
      const main = `<article class="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0"><p class="text-sm font-semibold text-brand-700">${h(t('kicker', { group: group.name }))}</p><h1 class="mt-1 font-serif text-3xl text-brand-950 sm:text-4xl">${h(sheet.title)}</h1>${note}${actions}${passages}${questions}${prayer}${footer}</article>`;
      const otherLanguage = `${SHEET_PATH_PREFIX}${token}?lang=${lang === 'es' ? 'en' : 'es'}`;
      return send(
        reply,
        200,
        nonce,
        pageHtml(lang, sheet.title, nonce, deps.stylesheet, main, { otherLanguage, script: true }),
      );
    },
  );
}
