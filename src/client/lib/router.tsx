/**
 * The app's router: the part of React Router's API the app uses, with the same names and
 * behaviour, in ~3 KB instead of React Router's ~12 KB gzipped that every first screen had to
 * evaluate (docs/decisions/0051). The app is client-only and its routes are flat (a path, or a
 * path with `:params`, and `*` for the rest), so what it needs is small:
 * - `BrowserRouter` (the address bar and Back/Forward), `MemoryRouter` (tests) and
 *   `StaticRouter` (the build's prerender), all giving the same context;
 * - `Routes`/`Route`: the one route whose path matches, static paths before paths with
 *   parameters before `*`, whatever their order (as React Router ranks them);
 * - `Link`, `NavLink` (`aria-current="page"` and `isActive`), `Navigate`;
 * - `useLocation`, `useNavigate`, `useParams`, `useSearchParams`, `matchPath`.
 */
import {
  Children,
  createContext,
  forwardRef,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { pathParams } from '#delivery/paths.ts';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** A new value for every entry of the history, as React Router's. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook is used outside a router');
  return router;
}

let keys = 0;
const nextKey = () => (++keys).toString(36);

/** `/a/b?c=d#e` → its parts (a relative path is taken from the root, as every link here is). */
function parse(to: string, state: unknown = null, key = nextKey()): Location {
  const url = new URL(to, 'http://camino.invalid/');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

const href = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  location.pathname + location.search + location.hash;

/** The browser's address and history (Back and Forward move through the app's pages). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const saved = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: saved?.usr ?? null, key: saved?.key ?? 'default' };
  };
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const onPop = () => setLocation(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const next = parse(to, options.state ?? null);
    const entry = { usr: next.state, key: next.key };
    if (options.replace) window.history.replaceState(entry, '', href(next));
    else window.history.pushState(entry, '', href(next));
    setLocation(next);
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A history kept in memory, starting at `initialEntries` (tests). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [history, setHistory] = useState(() => ({
    entries: initialEntries.map((entry) => parse(entry)),
    index: initialEntries.length - 1,
  }));
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    setHistory(({ entries, index }) => {
      if (typeof to === 'number') {
        return { entries, index: Math.min(entries.length - 1, Math.max(0, index + to)) };
      }
      const next = parse(to, options.state ?? null);
      if (options.replace) return { entries: entries.with(index, next), index };
      return { entries: [...entries.slice(0, index + 1), next], index: index + 1 };
    });
  }, []);
  const location = history.entries[history.index]!;
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const ignore: NavigateFunction = () => {};

/** One fixed location (the build renders each public page at its path). */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => ({ location: parse(location), navigate: ignore }), [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export interface PathMatch {
  params: Record<string, string>;
  pathname: string;
  pattern: string;
}

/**
 * Whether `pathname` matches `pattern` (`/lesson/:id`, `*` for anything), and its parameters.
 * Case-insensitive, and a trailing slash is allowed, as React Router's.
 */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  if (pattern === '*') return { params: {}, pathname, pattern };
  const params = pathParams(pattern, pathname);
  return params && { params, pathname, pattern };
}

export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** A route of `Routes`: read by it, never rendered on its own. */
export function Route(_: RouteProps): ReactElement | null {
  return null;
}

/** How React Router ranks paths: static before parameters, the catch-all last. */
const rank = (path: string) => (path === '*' ? 2 : path.includes(':') ? 1 : 0);

/** The element of the route matching the current path. */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter();
  const routes = Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map((child) => child.props)
    .sort((a, b) => rank(a.path) - rank(b.path));
  for (const route of routes) {
    const match = matchPath(route.path, location.pathname);
    if (match) {
      return <ParamsContext.Provider value={match.params}>{route.element}</ParamsContext.Provider>;
    }
  }
  return null;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams<T extends string = string>(): Partial<Record<T, string>> {
  return useContext(ParamsContext) as Partial<Record<T, string>>;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The query string as `URLSearchParams`, and a setter that navigates to the new one. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const { pathname } = location;
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      const search = new URLSearchParams(value).toString();
      navigate(`${pathname}${search ? `?${search}` : ''}`, options);
    },
    [navigate, params, pathname],
  );
  return [params, set];
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * A plain link that the app follows itself on a plain left click; any other (a new tab, a
 * modifier key, another target) is the browser's.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, ...rest },
  ref,
) {
  const { navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={follow} />;
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this very path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows whether it leads to the current page (`aria-current="page"`). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end, className, to, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const target = to.split(/[?#]/)[0]!.toLowerCase();
  const isActive = path === target || (!end && target !== '/' && path.startsWith(`${target}/`));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      className={classes}
      aria-current={isActive ? 'page' : undefined}
    />
  );
});
