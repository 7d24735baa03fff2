/**
 * A member's first screen rendered on the server, with its data (docs/decisions/0060): the page
 * a member opens arrives as HTML, painted before any script runs, and the app takes it over
 * (main.tsx hydrates it) with the answers it was drawn from. Built by Vite as an SSR bundle
 * beside prerender.tsx and run by the server (src/delivery/server/drawing.ts).
 *
 * Several members' pages are drawn at once. Nothing a drawing needs is a module's switch: each
 * has its own context (app/drawing-context.ts, found through Node's AsyncLocalStorage, which only
 * this entry loads), its own QueryClient, and its own i18next instance in the member's language,
 * sharing the strings loaded once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { serverTree } from '#delivery/render/server-tree.tsx';
import { renderToStringAsync } from 'preact-render-to-string';
import type { Query, QueryKey } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { Language } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import en from '#shared/i18n/en.json';
import es from '#shared/i18n/es.json';
import { App } from '#client/App.tsx';
import { CURRENT_USER_KEY } from '#client/lib/auth-api.ts';
import { DEVICE_COOKIES } from '#delivery/app/device-cookies.ts';
import {
  installDrawingContext,
  type Drawing,
  type DrawnAnswer,
} from '#delivery/app/drawing-context.ts';
import { lastingRefusal, type DrawnAnswers } from '#delivery/app/drawn.ts';
import { addAllStrings, i18n } from '#client/lib/i18n.ts';
import { createQueryClient } from '#client/lib/queryClient.ts';
import { dataAt, routeAt } from '#delivery/paths.ts';
import { memberRoutes, type MemberRoute } from '#client/routes.tsx';
import { UNREAD_COUNT_KEY } from '#client/features/notifications/unread.ts';
import { EMAIL_VERIFICATION_KEY } from '#client/features/verification/api.ts';

const STRINGS: Record<Language, Record<string, unknown>> = { en, es };
for (const language of Object.keys(STRINGS) as Language[]) {
  addAllStrings(language, STRINGS[language]!);
}

/**
 * A string without values, in a language, as the strings say it: they never change once loaded
 * here, and a page reads the same few hundred on every drawing (its frame, its buttons).
 */
const plainStrings = new Map<string, string>();
/** Past this many (keys nobody wrote), a string is looked up each time again. */
const PLAIN_STRINGS_KEPT = 20_000;

/**
 * The drawing's strings: an i18next instance of its own in the member's language (a clone,
 * sharing the loaded strings), as the tree sees it: an object with nothing of its own but a
 * `getFixedT` whose function answers a string without values from `plainStrings`. Each
 * component that reads strings copies the instance's own properties (react-i18next's
 * `useTranslation`): through this object, one instead of a hundred bound methods.
 */
function drawingStrings(language: Language): I18n {
  const instance = i18n.cloneInstance({ lng: language });
  const seen = Object.create(instance) as I18n;
  type Fixed = ((...a: unknown[]) => unknown) & {
    lng?: unknown;
    ns?: unknown;
    keyPrefix?: unknown;
  };
  const fixed = (...args: Parameters<I18n['getFixedT']>) => {
    const t = instance.getFixedT(...args) as unknown as Fixed;
    const [lng, ns, keyPrefix] = args;
    if (typeof lng !== 'string' || typeof ns !== 'string' || keyPrefix) return t;
    const plain = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string' || rest.length > 0) return t(key, ...rest);
      const id = `${lng}\u0000${ns}\u0000${key}`;
      const kept = plainStrings.get(id);
      if (kept !== undefined) return kept;
      const text: unknown = t(key);
      if (typeof text === 'string' && plainStrings.size < PLAIN_STRINGS_KEPT) {
        plainStrings.set(id, text);
      }
      return text;
    };
    return Object.assign(plain, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
  };
  seen.getFixedT = fixed as unknown as I18n['getFixedT'];
  return seen;
}

/** Each drawing's context, for the app's modules that read it while it draws. */
const drawings = new AsyncLocalStorage<Drawing>();
installDrawingContext(() => drawings.getStore());

export interface MemberPageInput {
  /** The path opened, without its query. */
  path: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  language: Language;
  /** The session's member, as GET /api/session answers it. */
  user: CurrentUser;
  /** Answers a GET of the API as this member, in `language` (the server, in process). */
  get: (url: string) => Promise<DrawnAnswer>;
  /** The request's cookies (only those of DEVICE_COOKIES are read). */
  cookies: Partial<Record<string, string>>;
  /** Aborted when the server gives the drawing up (too slow): it draws and asks no more. */
  signal: AbortSignal;
}

export interface MemberPage {
  /** The body of #root. */
  html: string;
  /** The answers the screen was drawn from, for the browser's query cache (app/drawn.ts). */
  state: DrawnAnswers;
}

/** How many times the tree is drawn at most: data can reveal parts that read more data. */
const MAX_PASSES = 4;

/**
 * What the member app's frame reads on every page (layout/MemberShell.tsx), asked with the
 * route's own data: the bell's unread count and, while the member's address is unconfirmed,
 * where its confirmation stands (verification/AccountNotice.tsx). Were the frame to read
 * something else, the page would still be drawn, in one more pass.
 */
const frameData = (user: CurrentUser) => [
  UNREAD_COUNT_KEY[0],
  ...(user.emailVerified ? [] : [EMAIL_VERIFICATION_KEY[0]]),
];

/** Draws the member's page at `path`; null when it is not one the server draws, or given up. */
export function renderMemberPage(input: MemberPageInput): Promise<MemberPage | null> {
  const route = routeAt(memberRoutes, input.path);
  if (!route || route.notDrawn) return Promise.resolve(null);
  const drawing: Drawing = {
    language: input.language,
    get: askedOnce(input),
    cookies: Object.fromEntries(
      DEVICE_COOKIES.flatMap((name) => (input.cookies[name] ? [[name, input.cookies[name]]] : [])),
    ),
    lazies: new Set(),
    signal: input.signal,
  };
  return drawings.run(drawing, () => draw(route, input, drawing));
}

/**
 * The member's GETs as the app's queries read them (a Response). A URL asked twice in one
 * drawing (a query under a key of its own reading a route's first data) is asked once: nothing
 * is written while a page is drawn.
 */
function askedOnce({ get, signal }: MemberPageInput) {
  const asked = new Map<string, Promise<DrawnAnswer>>();
  return async (url: string) => {
    signal.throwIfAborted();
    let answer = asked.get(url);
    if (!answer) {
      answer = get(url);
      asked.set(url, answer);
    }
    const { status, type, body } = await answer;
    const empty = [204, 205, 304].includes(status);
    return new Response(empty ? null : body, {
      status,
      headers: type ? { 'content-type': type } : {},
    });
  };
}

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
};

async function draw(
  route: MemberRoute,
  { path, search, language, user, signal }: MemberPageInput,
  drawing: Drawing,
): Promise<MemberPage | null> {
  const strings = drawingStrings(language);
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  // Nothing mounts here: a query refused for good is drawn as the page's error, not as loading.
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
  client.setQueryData(CURRENT_USER_KEY, user);
  const cache = client.getQueryCache();
  const tree = serverTree(client, path + search, <App />, strings);
  /** The queries asked for, once each. */
  const asked = new Set<string>();
  // What is fetched and fails is left out (the browser asks again, as it would), unless it was
  // refused for good (a 4xx): then the page's own error state is drawn, and the browser keeps it.
  const ask = async (queries: Query[]) => {
    for (const query of queries) asked.add(query.queryHash);
    await Promise.allSettled(queries.map((q) => q.fetch({ ...q.options, retry: false })));
    for (const query of queries) {
      if (query.state.status === 'error' && !lastingRefusal(query.state.error)) cache.remove(query);
    }
  };
  try {
    // The route's first data (routes.tsx) and the frame's, asked all at once before the first
    // drawing, as the browser's shell asks them: most pages are then drawn in one pass.
    const first = [...dataAt(route, path), ...frameData(user)];
    await ask(first.map((url) => cache.build(client, { queryKey: [url] as QueryKey })));
    let html = '';
    for (let pass = 1; ; pass++) {
      if (signal.aborted) return null;
      html = await renderToStringAsync(tree);
      if (pass === MAX_PASSES) break;
      // What the screen asked for and does not have yet: fetched, and the screen drawn again.
      const missing = cache
        .getAll()
        .filter((q) => q.state.data === undefined && !asked.has(q.queryHash) && enabled(q));
      if (missing.length === 0) break;
      await ask(missing);
    }
    if (signal.aborted) return null;
    // A 401 meanwhile: the session ended under the drawing (the app, as in the browser, forgot
    // the member). The shell goes, which finds that out itself.
    if (client.getQueryData(CURRENT_USER_KEY) !== user) return null;
    // A part still waiting (it would be finished by a script the page's policy refuses).
    if (/<script|<template/.test(html)) return null;
    const state: DrawnAnswers = { queries: [], errors: [], lazies: [...drawing.lazies] };
    for (const query of cache.getAll()) {
      if (query.state.status === 'success') {
        state.queries.push([query.queryKey, query.state.data]);
      } else if (lastingRefusal(query.state.error)) {
        const { status, message, body } = query.state.error;
        state.errors.push([query.queryKey, { status, message, body }]);
      }
    }
    return { html, state };
  } finally {
    client.clear();
  }
}
