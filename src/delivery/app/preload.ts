import { routeAt } from '#delivery/paths.ts';
import { sessionQuery } from '#client/lib/auth-api.ts';
import { asLanguage, i18n } from '#client/lib/i18n.ts';
import { queryClient } from '#client/lib/queryClient.ts';
import { askPageData } from '#delivery/browser/page-data.ts';
import { memberRoutes } from '#client/routes.tsx';

/**
 * A member's first screen without a waterfall: as soon as the session is known, the member app
 * and the opened route's page (with its strings) are requested at once, instead of each only
 * when the one before has rendered; boot.ts has asked for the page's data already
 * (docs/decisions/0032).
 */
export function preloadMemberRoute(pathname: string) {
  void import('#client/MemberApp.tsx');
  const route = routeAt(memberRoutes, pathname);
  if (!route) return;
  void route.page.preload().catch(() => {
    // The route renders it again and shows the failure there.
  });
}

/** Asks for the session at once, and for a member's first screen as soon as it is known. */
export function preloadSession() {
  void queryClient
    .fetchQuery(sessionQuery)
    .then((user) => {
      if (!user) return;
      // boot.ts asks for the page's data when the session answers; if the app read that answer
      // first, it asks here, still before the page's code (page-data.ts).
      askPageData(user, asLanguage(i18n.language));
      preloadMemberRoute(window.location.pathname);
    })
    .catch(() => {
      // useAuth asks again and shows the failure.
    });
}
