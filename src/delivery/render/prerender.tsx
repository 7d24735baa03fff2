/**
 * Build-time rendering of the public pages to HTML, in each language (docs/decisions/0013).
 * Built by Vite as an SSR bundle and run by scripts/build/build.ts; the browser hydrates the
 * same tree (main.tsx).
 */
import { serverTree } from '#delivery/render/server-tree.tsx';
import { renderToStringAsync } from 'preact-render-to-string';
import gospel from 'virtual:camino/gospel';
import type { Language } from '#shared/constants.ts';
import en from '#shared/i18n/en.json';
import es from '#shared/i18n/es.json';
import { VisitorApp } from '#client/App.tsx';
import { visitorRoutes } from '#client/routes.tsx';
import { CURRENT_USER_KEY } from '#client/lib/auth-api.ts';
import { addAllStrings, i18n } from '#client/lib/i18n.ts';
import { createQueryClient } from '#client/lib/queryClient.ts';

/**
 * The visitor routes (routes.tsx) worth sending as HTML, with the key of their title (null: the
 * app's name and tagline, or the page's own content's title) and when the app takes them over
 * (src/delivery/README.md): `interaction` for a page that works as HTML alone (text and links:
 * the app comes only when one of its buttons is pressed), `ready` for a page with a form (as
 * soon as its scripts are there, or at once when a field is reached for).
 */
export const PRERENDERED_PAGES: {
  path: string;
  titleKey: string | null;
  takeover: 'interaction' | 'ready';
}[] = [
  { path: '/', titleKey: null, takeover: 'interaction' },
  { path: '/about-us', titleKey: 'nav.aboutUs', takeover: 'interaction' },
  { path: '/course-overview', titleKey: 'nav.courseOverview', takeover: 'interaction' },
  { path: '/sign-in', titleKey: 'nav.signIn', takeover: 'ready' },
  { path: '/sign-up', titleKey: 'nav.signUp', takeover: 'ready' },
  { path: '/forgot-password', titleKey: 'auth.forgot.title', takeover: 'ready' },
  { path: '/terms-of-service', titleKey: 'nav.terms', takeover: 'interaction' },
  { path: '/privacy-policy', titleKey: 'nav.privacy', takeover: 'interaction' },
  { path: '/bible-texts', titleKey: 'translations.about', takeover: 'interaction' },
  { path: '/gospel', titleKey: null, takeover: 'interaction' },
];
for (const { path } of PRERENDERED_PAGES) {
  if (!visitorRoutes.some((route) => route.path === path)) {
    throw new Error(`${path} is prerendered but is no visitor route of routes.tsx`);
  }
}

/** The title and description of a page whose content has its own. */
const OWN_HEAD: Record<string, (language: Language) => { title: string; description: string }> = {
  '/gospel': (language) => ({
    title: gospel[language].title,
    description: gospel[language].description,
  }),
};

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
  const head = OWN_HEAD[path]?.(language);
  if (head) return { html, title: `${head.title} · ${name}`, description: head.description };
  const title = page?.titleKey
    ? `${i18n.t(page.titleKey)} · ${name}`
    : `${name} · ${i18n.t('app.tagline')}`;
  return { html, title, description: i18n.t('app.description') };
}
