/**
 * Route paths as routes.tsx writes them (`/lesson/:id`), matched the same way by the app's
 * router, the server (which page to draw, what the shell asks early) and the build. No imports:
 * the browser's router, the server and the build all read it.
 */

/**
 * The `:name` segments of `pattern` taken from `pathname`, decoded, or null when it does not
 * match: the same number of segments, each static one equal (ignoring case), each `:name` one
 * any non-empty segment.
 */
export function pathParams(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** The first of `routes` at `pathname`: its exact path first, then one with `:name` segments. */
export function routeAt<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): R | undefined {
  return (
    routes.find((r) => r.path === pathname) ??
    routes.find((r) => pathParams(r.path, pathname) !== null)
  );
}

/** The URLs of a route's `data` at `pathname`, each `:name` filled from it (encoded). */
export function dataAt(route: { path: string; data?: readonly string[] }, pathname: string) {
  const params = pathParams(route.path, pathname);
  if (!params || !route.data) return [];
  return route.data.map((url) =>
    url.replace(/:(\w+)/g, (whole, name: string) =>
      params[name] === undefined ? whole : encodeURIComponent(params[name]),
    ),
  );
}
