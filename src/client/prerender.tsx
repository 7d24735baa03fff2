/**
 * Build-time rendering of the public pages to HTML, in each language (docs/decisions/0013).
 * Built by Vite as an SSR bundle and run by scripts/build/build.ts; the browser hydrates the
 * same tree (main.tsx).
 */
import { serverTree } from './server-tree.tsx';
import { renderToStringAsync } from 'preact-render-to-string';
import gospel from 'virtual:camino/gospel';
import type { Language } from '#shared/constants.ts';
import en from '#shared/i18n/en.json';
import es from '#shared/i18n/es.json';
import { VisitorApp } from './App.tsx';
import { CURRENT_USER_KEY } from './lib/auth-api.ts';
import { addAllStrings, i18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/queryClient.ts';

/**
 * The public pages worth sending as HTML, with the key of their title (a page with content of its
 * own, the gospel, gives its own title and meta description instead) and when the app takes
 * them over (boot.ts): `interaction` for a page that works as HTML alone (text and links; the app
 * is fetched only when one of its buttons is pressed), `idle` for a page with a form (the app
 * takes it over when a field or a button is reached for, or once the page has loaded and the
 * phone is idle: docs/decisions/0061).
 */
export const PRERENDERED_PAGES: {
  path: string;
  titleKey: string | null;
  takeover: 'interaction' | 'idle';
  head?: (language: Language) => { title: string; description: string };
}[] = [
  { path: '/', titleKey: null, takeover: 'interaction' },
  { path: '/about-us', titleKey: 'nav.aboutUs', takeover: 'interaction' },
  { path: '/course-overview', titleKey: 'nav.courseOverview', takeover: 'interaction' },
  { path: '/sign-in', titleKey: 'nav.signIn', takeover: 'idle' },
  { path: '/sign-up', titleKey: 'nav.signUp', takeover: 'idle' },
  { path: '/forgot-password', titleKey: 'auth.forgot.title', takeover: 'idle' },
  { path: '/terms-of-service', titleKey: 'nav.terms', takeover: 'interaction' },
  { path: '/privacy-policy', titleKey: 'nav.privacy', takeover: 'interaction' },
  {
    path: '/gospel',
    titleKey: null,
    takeover: 'interaction',
    head: (language) => ({
      title: gospel[language].title,
      description: gospel[language].description,
    }),
  },
];

const STRINGS: Record<Language, Record<string, unknown>> = { en, es };

/** The page's body HTML and its title, rendered as a visitor sees it in `language`. */
export async function renderPage(
  path: string,
  language: Language,
): Promise<{ html: string; title: string; description: string }> {
  // Every public page is rendered here: all of the language's strings at once, none fetched.
  addAllStrings(language, STRINGS[language]);
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  // Prerendered pages are sent only to requests without a session: a visitor.
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  const tree = serverTree(queryClient, path, <VisitorApp />);
  // Every lazy page loaded and in place: the HTML is complete, with no script to finish it (the
  // CSP would refuse one).
  const html = await renderToStringAsync(tree);
  if (/<script|<template/.test(html)) {
    throw new Error(`prerendering ${path} (${language}) left something pending`);
  }
  const page = PRERENDERED_PAGES.find((p) => p.path === path);
  const name = i18n.t('app.name');
  const head = page?.head?.(language);
  if (head) return { html, title: `${head.title} · ${name}`, description: head.description };
  const title = page?.titleKey
    ? `${i18n.t(page.titleKey)} · ${name}`
    : `${name} · ${i18n.t('app.tagline')}`;
  return { html, title, description: i18n.t('app.description') };
}
