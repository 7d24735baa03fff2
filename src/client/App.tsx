import { Suspense, lazy } from 'react';
import { Route, Routes } from './lib/router.tsx';
import { AppLoadingOverlay, PageLoadingFallback } from './components/LoadingOverlays.tsx';
import { useAuth } from './hooks/useAuth.ts';
import { VisitorShell } from './layout/VisitorShell.tsx';
import { VisitorFallback } from './redirects.tsx';
import { pages as P } from './routes.tsx';

const MemberApp = lazy(() => import('./MemberApp.tsx'));

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
