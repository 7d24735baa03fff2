/** Route paths as data, imported by the router and by pages without importing the pages. */

/** Every member path, so a visitor who opens one is sent to sign in first. */
export const MEMBER_PATHS = [
  '/',
  '/account-settings',
  '/admin',
  '/bible',
  '/bible-study',
  '/saved-studies',
  '/courses',
  '/courses/:courseId',
  '/course-202-intro',
  '/course-303-intro',
  '/curriculum-complete',
  '/lesson/:id',
  '/memory-verses',
  '/journal',
  '/prayer',
  '/goals',
  '/reading-plans',
  '/daily-reading',
  '/notifications',
  '/notification-settings',
  '/notification-test',
  '/subscription',
  '/welcome-premium',
  '/sermons',
  '/sermons/:id',
  '/books',
  '/heroes-of-faith',
  '/heroes-of-faith/:id',
  '/resources',
  '/resources/:id',
  '/favorite-verses',
  '/groups',
  '/groups/:id',
];

/** The visitor navigation (header, drawer and footer). */
export const VISITOR_NAV: { to: string; labelKey: string }[] = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/course-overview', labelKey: 'nav.courseOverview' },
  { to: '/about-us', labelKey: 'nav.aboutUs' },
  { to: '/support', labelKey: 'nav.support' },
];

/**
 * A link between the sign-in and sign-up pages that keeps where the person was heading
 * (`?next=`, e.g. a group's invitation), so switching forms does not lose it.
 */
export function keepNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
