import { getEarly } from './early.ts';

/**
 * What the page opened reads first (its route's `data` in routes.tsx), as the server named it on
 * the app's shell (`data-early`): asked as soon as the session says a member is signed in, while
 * the app's code downloads (docs/decisions/0032). None when the shell came from elsewhere (the
 * service worker's copy, offline): the app then asks as its pages mount.
 */
export function pageData(): readonly string[] {
  return document.getElementById('root')?.dataset.early?.split(' ').filter(Boolean) ?? [];
}

let asked = false;

/**
 * Asks, once per page load, for what the opened member page reads first (early.ts), in
 * `language`. Both boot.ts (when the session it asked for answers) and the app (once it has
 * taken that answer, before it asks for the page's code: app/preload.ts) call this; whichever
 * runs first asks. On a busy phone the two answers are read in either order, and the page's data
 * then still goes out before the page's code, never after it.
 */
export function askPageData(user: { ageVerified?: boolean } | null, language: string): void {
  const data = pageData();
  // Behind the age gate the member routes answer 403: their data waits for the gate.
  if (asked || data.length === 0 || !user?.ageVerified) return;
  asked = true;
  for (const url of data) getEarly(url, language);
}
