import { Suspense } from 'react';
import { Route, Routes } from './lib/router.tsx';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';
import { AppLoadingOverlay, PageLoadingFallback } from './components/LoadingOverlays.tsx';
import { useAuth } from './hooks/useAuth.ts';
import { VisitorShell } from './layout/VisitorShell.tsx';
import { VisitorFallback } from './redirects.tsx';
import { routeAt } from '#delivery/paths.ts';
import { memberRoutes, pages as P, visitorRoutes } from './routes.tsx';

const MemberApp = readyLazy('MemberApp', () => import('./MemberApp.tsx'));

/**
 * The member app and the page at `pathname`, loaded, so that taking over the page the server
 * drew suspends nowhere (delivery/app/ready-lazy.tsx, docs/decisions/0060).
 */
export async function readyMemberPage(pathname: string) {
  const route = routeAt(memberRoutes, pathname);
  const [memberApp] = await Promise.all([
    import('./MemberApp.tsx'),
    MemberApp.ready(),
    route?.page.ready() ?? P.NotFound.ready(),
  ]);
  return memberApp;
}

/** The visitor page at `pathname`, loaded, so that taking over its drawing suspends nowhere. */
export async function readyVisitorPage(pathname: string): Promise<void> {
  await (routeAt(visitorRoutes, pathname)?.page.ready() ?? P.NotFound.ready());
}

/** Visitor routes, with the visitor shell: the part of the app every first visit loads. */
export function VisitorApp() {
  return (
    <VisitorShell>
      <Suspense fallback={<PageLoadingFallback />}>
        <Routes>
          {visitorRoutes.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<VisitorFallback />} />
        </Routes>
      </Suspense>
    </VisitorShell>
  );
}

export function App() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <AppLoadingOverlay />;
  if (!user) return <VisitorApp />;
  return (
    <Suspense fallback={<AppLoadingOverlay />}>
      <MemberApp user={user} />
    </Suspense>
  );
}
