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
  return <Navigate to={safeNext(params.get('next'))} replace />;
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
