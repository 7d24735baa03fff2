import { matchPath } from 'react-router';
import { sessionQuery } from './lib/auth-api.ts';
import { queryClient } from './lib/queryClient.ts';
import { memberRoutes } from './routes.tsx';

/**
 * A member's first screen without a waterfall: as soon as the session is known, the member app
 * and the opened route's page (with its strings) are requested at once, instead of each only
 * when the one before has rendered; boot.ts has asked for the page's data already
 * (docs/decisions/0032).
 */
export function preloadMemberRoute(pathname: string) {
  void import('./MemberApp.tsx');
  const route = memberRoutes.find(({ path }) => matchPath(path, pathname));
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
      if (user) preloadMemberRoute(window.location.pathname);
    })
    .catch(() => {
      // useAuth asks again and shows the failure.
    });
}
