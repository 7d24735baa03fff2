import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { PageLoadingFallback } from './components/LoadingOverlays.tsx';
import { MemberShell } from './layout/MemberShell.tsx';
import { SignedInRedirect } from './redirects.tsx';
import { pages as P } from './routes.tsx';

// Only a member who has not yet confirmed their age needs the gate (and its dialog code).
const AgeVerificationModal = lazy(() =>
  import('./components/AgeVerificationModal.tsx').then((m) => ({
    default: m.AgeVerificationModal,
  })),
);

/**
 * Everything a signed-in member sees: the shell, the age gate and the member routes. A chunk
 * of its own, so visitors never download it.
 */
export default function MemberApp({ user }: { user: CurrentUser }) {
  return (
    <MemberShell user={user}>
      {user.ageVerified ? null : (
        <Suspense fallback={null}>
          <AgeVerificationModal open />
        </Suspense>
      )}
      <Suspense fallback={<PageLoadingFallback />}>
        <Routes>
          <Route path="/" element={<P.Dashboard />} />
          <Route path="/account-settings" element={<P.AccountSettings />} />
          <Route path="/admin" element={<P.Admin />} />
          <Route path="/support" element={<P.Support />} />
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
          <Route path="/notifications" element={<P.Notifications />} />
          <Route path="/notification-settings" element={<P.NotificationSettings />} />
          <Route path="/notification-test" element={<P.NotificationTest />} />
          <Route path="/subscription" element={<P.Subscription />} />
          <Route path="/welcome-premium" element={<P.WelcomePremium />} />
          <Route path="/sermons" element={<P.Sermons />} />
          <Route path="/sermons/:id" element={<P.SermonDetail />} />
          <Route path="/books" element={<P.Books />} />
          <Route path="/heroes-of-faith" element={<P.Heroes />} />
          <Route path="/heroes-of-faith/:id" element={<P.HeroDetail />} />
          <Route path="/resources" element={<P.Resources />} />
          <Route path="/resources/:id" element={<P.ResourceDetail />} />
          <Route path="/gospel" element={<P.Gospel />} />
          <Route path="/favorite-verses" element={<P.FavoriteVerses />} />
          <Route path="/terms-of-service" element={<P.Terms />} />
          <Route path="/privacy-policy" element={<P.Privacy />} />
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
