/**
 * A member's first screen rendered on the server, with its data (docs/decisions/0060): the page
 * a member opens arrives as HTML, painted before any script runs, and the app takes it over
 * (main.tsx hydrates it) with the answers it was drawn from. Built by Vite as an SSR bundle
 * beside prerender.tsx and run by the server (src/server/web/member-render.ts).
 */
import { serverTree } from '#delivery/render/server-tree.tsx';
import { renderToStringAsync } from 'preact-render-to-string';
import type { Language } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import en from '#shared/i18n/en.json';
import es from '#shared/i18n/es.json';
import { App } from '#client/App.tsx';
import { CURRENT_USER_KEY } from '#client/lib/auth-api.ts';
import { DEVICE_COOKIES, deviceCookiesFromServer } from '#delivery/app/device-cookies.ts';
import type { DrawnAnswers } from '#delivery/app/drawn.ts';
import { answerFromServer } from '#delivery/browser/early.ts';
import { addAllStrings, i18n } from '#client/lib/i18n.ts';
import { noteRenderedLazies } from '#delivery/app/ready-lazy.tsx';
import { createQueryClient } from '#client/lib/queryClient.ts';
import { matchPath } from '#client/lib/router.tsx';
import { memberRoutes } from '#client/routes.tsx';

const STRINGS: Record<Language, Record<string, unknown>> = { en, es };
for (const language of Object.keys(STRINGS) as Language[]) {
  addAllStrings(language, STRINGS[language]!);
}

export interface MemberPageInput {
  /** The path opened, without its query. */
  path: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  language: Language;
  /** The session's member, as GET /api/session answers it. */
  user: CurrentUser;
  /** Answers a GET of the API as this member, in `language` (the server, in process). */
  get: (url: string) => Promise<Response>;
  /** The request's cookies (only those of DEVICE_COOKIES are read). */
  cookies: Partial<Record<string, string>>;
}

export interface MemberPage {
  /** The body of #root. */
  html: string;
  /** The answers the screen was drawn from, for the browser's query cache (lib/drawn.ts). */
  state: DrawnAnswers;
}

/** How many times the tree is drawn at most: data can reveal parts that read more data. */
const MAX_PASSES = 4;

/**
 * One render at a time: the strings' language and the answers' source are the module's own
 * (the same modules as the browser's), so two renders must not interleave.
 */
let queue: Promise<unknown> = Promise.resolve();

export function renderMemberPage(input: MemberPageInput): Promise<MemberPage | null> {
  const run = queue.then(() => render(input));
  queue = run.catch(() => undefined);
  return run;
}

type Query = ReturnType<
  ReturnType<ReturnType<typeof createQueryClient>['getQueryCache']>['getAll']
>[number];

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
};

/** Whether the server draws the page at `path` (a member route not marked `notDrawn`). */
function drawable(path: string): boolean {
  const route =
    memberRoutes.find((r) => r.path === path) ?? memberRoutes.find((r) => matchPath(r.path, path));
  return !!route && !route.notDrawn;
}

async function render({ path, search, language, user, get, cookies }: MemberPageInput) {
  if (!drawable(path)) return null;
  await i18n.changeLanguage(language);
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_KEY, user);
  const tree = serverTree(client, path + search, <App />);
  answerFromServer(get);
  deviceCookiesFromServer(
    Object.fromEntries(
      DEVICE_COOKIES.flatMap((name) => (cookies[name] ? [[name, cookies[name]]] : [])),
    ),
  );
  const lazies = new Set<string>();
  noteRenderedLazies(lazies);
  try {
    const asked = new Set<string>();
    let html = await renderToStringAsync(tree);
    for (let round = 1; round < MAX_PASSES; round++) {
      // What the screen asked for and does not have yet: fetched (from the server itself), and
      // the screen drawn again. What fails is left out: the browser asks again, as it would.
      const missing = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data === undefined && !asked.has(q.queryHash) && enabled(q));
      if (missing.length === 0) break;
      for (const query of missing) asked.add(query.queryHash);
      await Promise.allSettled(missing.map((q) => q.fetch({ ...q.options, retry: false })));
      for (const query of missing) {
        if (query.state.status === 'error') client.getQueryCache().remove(query);
      }
      html = await renderToStringAsync(tree);
    }
    // A part still waiting (it would be finished by a script the page's policy refuses).
    if (/<script|<template/.test(html)) return null;
    const queries = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'success')
      .map((q): DrawnAnswers['queries'][number] => [q.queryKey, q.state.data]);
    return { html, state: { queries, lazies: [...lazies] } };
  } finally {
    answerFromServer(null);
    deviceCookiesFromServer(null);
    noteRenderedLazies(null);
    client.clear();
  }
}
