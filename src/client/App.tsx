import { Suspense } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation, useSearchParams } from 'react-router';
import { AgeVerificationModal } from './components/AgeVerificationModal.tsx';
import { AppLoadingOverlay, PageLoadingFallback } from './components/LoadingOverlays.tsx';
import { useAuth } from './hooks/useAuth.ts';
import { MemberShell } from './layout/MemberShell.tsx';
import { VisitorShell } from './layout/VisitorShell.tsx';
import { MEMBER_PATHS, UPCOMING_MEMBER_ROUTES } from './paths.ts';
import { pages } from './routes.tsx';

const P = pages;

/** Only same-site paths are followed after signing in. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : '/';
}

/** A member on a visitor-only page (e.g. just signed in) goes where they were heading. */
function SignedInRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={safeNext(params.get('next'))} replace />;
}

function VisitorFallback() {
  const location = useLocation();
  const isMemberPath = MEMBER_PATHS.some(
    (path) => path !== '/' && matchPath(path, location.pathname),
  );
  if (isMemberPath) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/sign-in?next=${next}`} replace />;
  }
  return <P.NotFound />;
}

export function App() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <AppLoadingOverlay />;

  if (!user) {
    return (
      <VisitorShell>
        <Suspense fallback={<PageLoadingFallback />}>
          <Routes>
            <Route path="/" element={<P.Landing />} />
            <Route path="/about-us" element={<P.AboutUs />} />
            <Route path="/course-overview" element={<P.CourseOverview />} />
            <Route path="/support" element={<P.ComingSoon />} />
            <Route path="/terms-of-service" element={<P.Terms />} />
            <Route path="/privacy-policy" element={<P.Privacy />} />
            <Route path="/sign-in" element={<P.SignIn />} />
            <Route path="/sign-up" element={<P.SignUp />} />
            <Route path="/forgot-password" element={<P.ForgotPassword />} />
            <Route path="/reset-password" element={<P.ResetPassword />} />
            <Route path="*" element={<VisitorFallback />} />
          </Routes>
        </Suspense>
      </VisitorShell>
    );
  }

  return (
    <MemberShell user={user}>
      <AgeVerificationModal open={!user.ageVerified} />
      <Suspense fallback={<PageLoadingFallback />}>
        <Routes>
          <Route path="/" element={<P.Dashboard />} />
          <Route path="/account-settings" element={<P.AccountSettings />} />
          <Route path="/admin" element={<P.Admin />} />
          <Route path="/bible" element={<P.BibleReader />} />
          <Route path="/bible-study" element={<P.BibleStudy />} />
          <Route path="/saved-studies" element={<P.SavedStudies />} />
          <Route path="/courses" element={<P.Courses />} />
          <Route path="/courses/:courseId" element={<P.CourseDetail />} />
          <Route path="/course-202-intro" element={<P.Course202Intro />} />
          <Route path="/course-303-intro" element={<P.Course303Intro />} />
          <Route path="/lesson/:id" element={<P.Lesson />} />
          <Route path="/curriculum-complete" element={<P.CurriculumComplete />} />
          <Route path="/memory-verses" element={<P.MemoryVerses />} />
          <Route path="/journal" element={<P.Journal />} />
          <Route path="/prayer" element={<P.Prayer />} />
          <Route path="/goals" element={<P.Goals />} />
          <Route path="/reading-plans" element={<P.ReadingPlans />} />
          <Route path="/daily-reading" element={<P.DailyReading />} />
          <Route path="/terms-of-service" element={<P.Terms />} />
          <Route path="/privacy-policy" element={<P.Privacy />} />
          {Object.keys(UPCOMING_MEMBER_ROUTES).map((path) => (
            <Route key={path} path={path} element={<P.ComingSoon />} />
          ))}
          {[
            '/sign-in',
            '/sign-up',
            '/forgot-password',
            '/reset-password',
            '/about-us',
            '/course-overview',
          ].map((path) => (
            <Route key={path} path={path} element={<SignedInRedirect />} />
          ))}
          <Route path="*" element={<P.NotFound />} />
        </Routes>
      </Suspense>
    </MemberShell>
  );
}
