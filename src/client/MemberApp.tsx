import { Suspense } from 'react';
import { Route, Routes, useLocation } from './lib/router.tsx';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { PageLoadingFallback } from './components/LoadingOverlays.tsx';
import { MemberShell } from './layout/MemberShell.tsx';
import { SignedInRedirect } from './redirects.tsx';
import { memberRoutes, pages as P } from './routes.tsx';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// What taking over a page the server drew needs (main.tsx), kept out of the app's chunk.
export { takeDrawnAnswers } from '#delivery/app/drawn.ts';

// Only a member who has not yet confirmed their age needs the gate (and its dialog code).
const AgeVerificationModal = readyLazy('AgeVerificationModal', () =>
  import('./components/AgeVerificationModal.tsx').then((m) => ({
    default: m.AgeVerificationModal,
  })),
);

/**
 * The pages the age gate links to (its terms and privacy policy, opened in a new tab): readable
 * before the question is answered, or the gate would cover what it asks the member to read.
 */
const READABLE_BEFORE_AGE = new Set(['/terms-of-service', '/privacy-policy']);

/**
 * Everything a signed-in member sees: the shell, the age gate and the member routes. A chunk
 * of its own, so visitors never download it.
 */
export default function MemberApp({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  return (
    <MemberShell user={user}>
      {user.ageVerified || READABLE_BEFORE_AGE.has(pathname) ? null : (
        <Suspense fallback={null}>
          <AgeVerificationModal open />
        </Suspense>
      )}
      <Suspense fallback={<PageLoadingFallback />}>
        <Routes>
          {memberRoutes.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
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
