/**
 * Every member route, opened as a member opens it (drawn by the server, taken over by the app),
 * in both languages: a heading, no raw string key, nothing wider than a phone, axe clean in
 * English. Shared by two test files, each with half the routes, so both workers walk them.
 */
import { expect } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  newContext,
  signUpMember,
  type useE2EServer,
} from './browser.ts';

export const MEMBER_ROUTES = [
  '/courses',
  '/course-202-intro',
  '/course-303-intro',
  '/curriculum-complete',
  '/lesson/101-1',
  '/bible-study',
  '/prayer',
  '/journal',
  '/sermons',
  '/books',
  '/heroes-of-faith',
  '/memory-verses',
  '/saved-studies',
  '/goals',
  '/reading-plans',
  '/daily-reading',
  '/notification-settings',
  '/notification-test',
  '/notifications',
  '/admin',
  '/resources',
  '/gospel',
  '/subscription',
  '/welcome-premium',
  '/support',
  '/account-settings',
  '/terms-of-service',
  '/privacy-policy',
  '/churches',
] as const;

/** `routes`, in English (axe too) and then in Spanish, each route loaded first in its language. */
export async function walkMemberRoutes(
  e2e: ReturnType<typeof useE2EServer>,
  routes: readonly string[],
): Promise<void> {
  for (const lang of ['en', 'es'] as const) {
    const context = await newContext(e2e.browser, {
      viewport: DESKTOP,
      locale: lang === 'en' ? 'en-US' : 'es-MX',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signUpMember(page, e2e.base, lang);
    for (const route of routes) {
      await page.goto(e2e.base + route);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect({ route, heading: (await heading.textContent())?.length ?? 0 }).not.toEqual({
        route,
        heading: 0,
      });
      if (route === '/admin') {
        expect(await heading.textContent()).toBe(
          lang === 'en' ? 'Page not found' : 'Página no encontrada',
        );
      }
      if (lang === 'en') await expectAccessible(page, route);
      await expectNoRawKeys(page, `${route} (${lang})`);
      await expectNoHorizontalOverflow(page, `${route} (${lang})`, { at: PHONE });
    }
    expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  }
}
