/**
 * What a member page reads first, by its exact path: boot.ts asks for it as soon as the session
 * says a member is signed in, while the app's code downloads (docs/decisions/0032). Keys are the
 * URLs the page's queries fetch (their query keys).
 */
export const PAGE_DATA: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/dashboard'],
  '/daily-reading': ['/api/daily-reading'],
  '/reading-plans': ['/api/reading-plans'],
  '/memory-verses': ['/api/memory-verses'],
  '/goals': ['/api/goals'],
  '/courses': ['/api/courses'],
};
