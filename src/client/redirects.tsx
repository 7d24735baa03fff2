import { useEffect } from 'react';
import { SHEET_PATH_PREFIX } from '#shared/values/sheets.ts';
import { Navigate, matchPath, useLocation, useSearchParams } from './lib/router.tsx';
import { memberRoutes, pages as P } from './routes.tsx';

/** Only same-site paths are followed after signing in. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : '/';
}

/** A member on a visitor-only page (e.g. just signed in) goes where they were heading. */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // A page the server draws outside the app (a study sheet's link) is loaded as a document.
  const outside = next.startsWith(SHEET_PATH_PREFIX);
  useEffect(() => {
    if (outside) window.location.replace(next);
  }, [outside, next]);
  return outside ? null : <Navigate to={next} replace />;
}

/** A visitor on a member page is sent to sign in first, then back; anything else is not found. */
export function VisitorFallback() {
  const location = useLocation();
  const isMemberPath = memberRoutes.some(
    ({ path }) => path !== '/' && matchPath(path, location.pathname),
  );
  if (isMemberPath) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/sign-in?next=${next}`} replace />;
  }
  return <P.NotFound />;
}
