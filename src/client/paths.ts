/** Route paths as data, imported by the router and by pages without importing the pages. */

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
