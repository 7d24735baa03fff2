import { getEarly } from './lib/early.ts';

/**
 * What a member page reads first, by its exact path: boot.ts asks for it as soon as the session
 * says a member is signed in, while the app's code downloads (docs/decisions/0032). Keys are the
 * URLs the page's queries fetch (their query keys).
 */
export const PAGE_DATA: Readonly<Record<string, readonly string[]>> = {
  // The dashboard's groups card reads the groups list (features/groups/GroupsCard.tsx).
  '/': ['/api/dashboard', '/api/groups'],
  '/daily-reading': ['/api/daily-reading'],
  '/reading-plans': ['/api/reading-plans'],
  '/memory-verses': ['/api/memory-verses'],
  '/goals': ['/api/goals'],
  '/courses': ['/api/courses'],
  '/groups': ['/api/groups'],
  // The first page of entries, no filter.
  '/journal': ['/api/journal?page=1'],
  // Both tabs' first pages: the page reads both (each tab shows its count).
  '/prayer': ['/api/prayers?status=active&page=1', '/api/prayers?status=answered&page=1'],
  '/notifications': ['/api/notifications?page=1'],
};

/** A group's page, by its id: the group, and its member list as first shown (by name). */
const GROUP_PAGE = /^\/groups\/([0-9a-f-]{36})$/;

/** What the page at `pathname` reads first: by its exact path, or a group's page by its id. */
export function pageData(pathname: string): readonly string[] | undefined {
  const group = GROUP_PAGE.exec(pathname)?.[1];
  if (group) {
    return [`/api/groups/${group}`, `/api/groups/${group}/members?sort=name&order=asc&page=1`];
  }
  return PAGE_DATA[pathname];
}

let asked = false;

/**
 * Asks, once per page load, for what the opened member page reads first (lib/early.ts), in
 * `language`. Both boot.ts (when the session it asked for answers) and the app (once it has
 * taken that answer, before it asks for the page's code: preload.ts) call this; whichever runs
 * first asks. On a busy phone the two answers are read in either order, and the page's data
 * then still goes out before the page's code, never after it.
 */
export function askPageData(user: { ageVerified?: boolean } | null, language: string): void {
  const data = pageData(window.location.pathname);
  // Behind the age gate the member routes answer 403: their data waits for the gate.
  if (asked || !data || !user?.ageVerified) return;
  asked = true;
  for (const url of data) getEarly(url, language);
}
