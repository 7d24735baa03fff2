import { Suspense } from 'react';
import { Route, Routes, matchPath } from './lib/router.tsx';
import { readyLazy } from './lib/ready-lazy.tsx';
import { AppLoadingOverlay, PageLoadingFallback } from './components/LoadingOverlays.tsx';
import { useAuth } from './hooks/useAuth.ts';
import { VisitorShell } from './layout/VisitorShell.tsx';
import { VisitorFallback } from './redirects.tsx';
import { memberRoutes, pages as P } from './routes.tsx';

const MemberApp = readyLazy('MemberApp', () => import('./MemberApp.tsx'));

/**
 * The member app and the page at `pathname`, loaded, so that taking over the page the server
 * drew suspends nowhere (lib/ready-lazy.tsx, docs/decisions/0060).
 */
export async function readyMemberPage(pathname: string) {
  const route =
    memberRoutes.find(({ path }) => path === pathname) ??
    memberRoutes.find(({ path }) => matchPath(path, pathname));
  const [memberApp] = await Promise.all([
    import('./MemberApp.tsx'),
    MemberApp.ready(),
    route?.page.ready() ?? P.NotFound.ready(),
  ]);
  return memberApp;
}

/** Visitor routes, with the visitor shell: the part of the app every first visit loads. */
export function VisitorApp() {
  return (
    <VisitorShell>
      <Suspense fallback={<PageLoadingFallback />}>
        <Routes>
          <Route path="/" element={<P.Landing />} />
          <Route path="/about-us" element={<P.AboutUs />} />
          <Route path="/course-overview" element={<P.CourseOverview />} />
          <Route path="/support" element={<P.Support />} />
          <Route path="/gospel" element={<P.GospelForVisitors />} />
          <Route path="/terms-of-service" element={<P.Terms />} />
          <Route path="/privacy-policy" element={<P.Privacy />} />
          <Route path="/sign-in" element={<P.SignIn />} />
          <Route path="/sign-up" element={<P.SignUp />} />
          <Route path="/forgot-password" element={<P.ForgotPassword />} />
          <Route path="/reset-password" element={<P.ResetPassword />} />
          <Route path="/verify-email" element={<P.VerifyEmail />} />
          <Route path="/invitations/:token" element={<P.Invitation />} />
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
