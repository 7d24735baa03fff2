import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import {
  MUTATION_RETRY_DELAY_MS,
  QUERY_GC_TIME_MS,
  QUERY_STALE_TIME_MS,
} from '#shared/constants.ts';
import { USER_PATH } from '../sw/names.ts';
import { takeEarly } from '#delivery/browser/early.ts';
import { currentDrawing } from '#delivery/app/drawing-context.ts';
import { i18n } from './i18n.ts';
import { forgetUnsavedOfOthers } from './unsaved.ts';
import { SESSION_ENDED_FLAG } from './session-ended.ts';

/** A non-success answer: its message is "status: body text" (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text body
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, body);
}

/**
 * The language the app's requests ask in: the page's. On the server, the drawing's own (several
 * members' pages are drawn at once, in their languages); in the browser, the one shown.
 */
export function requestLanguage(): 'en' | 'es' {
  const drawing = currentDrawing();
  if (drawing) return drawing.language;
  return i18n.language?.startsWith('es') ? 'es' : 'en';
}

function baseHeaders(): Record<string, string> {
  return { 'Accept-Language': requestLanguage() };
}

/**
 * A GET answered without the network: on the server, while it draws a member's page, by the
 * server itself as that member (delivery/app/drawing-context.ts); in the browser, one boot.ts
 * started before the app ran (delivery/browser/early.ts), if in the same language.
 */
const early = (url: string) =>
  currentDrawing()?.get(url) ?? takeEarly(url, baseHeaders()['Accept-Language']);

const get = (url: string) => fetch(url, { credentials: 'include', headers: baseHeaders() });

export interface RequestOptions {
  /**
   * Sending this write twice does no more than sending it once: it sets a state (verify age,
   * mark read, the fields of a PATCH that increments nothing), or it names what it makes with an
   * id the browser chose, which the server makes once (`chosenIdSchema`). Only such a write, and
   * a GET or a PUT, may be sent again after a failure (docs/decisions/0039).
   */
  idempotent?: boolean;
}

/** The failures of requests that may be sent again (see `retryOnceIfSafe`). */
const repeatable = new WeakSet<object>();
/** How many times a safe write is sent again (SPEC §9: once, after MUTATION_RETRY_DELAY_MS). */
const MUTATION_RETRIES = 1;

/** Every request carries credentials; JSON content type and body only when there is a body. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  { idempotent = false }: RequestOptions = {},
): Promise<Response> {
  try {
    const res =
      method === 'GET' && data === undefined
        ? await (early(url) ?? get(url))
        : await fetch(url, {
            method,
            headers:
              data !== undefined
                ? { ...baseHeaders(), 'Content-Type': 'application/json' }
                : baseHeaders(),
            body: data !== undefined ? JSON.stringify(data) : undefined,
            credentials: 'include',
          });
    await throwIfResNotOk(res);
    return res;
  } catch (error) {
    if (idempotent || method === 'GET' || method === 'PUT') {
      if (typeof error === 'object' && error !== null) repeatable.add(error);
    }
    throw error;
  }
}

/**
 * A failed write is sent again once, a second later (SPEC §9), only when that cannot do it twice
 * and may help (docs/decisions/0039): the request is safe to repeat (a GET, a PUT, or a write
 * marked `idempotent`), and it got no answer (the network) or the server failed (5xx). A refusal
 * (400, 401, 403, 404, 409, 429…) is never sent again: it would be refused again.
 */
export function retryOnceIfSafe(failureCount: number, error: unknown): boolean {
  if (failureCount >= MUTATION_RETRIES) return false;
  if (typeof error !== 'object' || error === null || !repeatable.has(error)) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET on the query key segments joined with "/", parsed as JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const url = queryKey.join('/');
    const res = await (early(url) ?? get(url));
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The session query's key, the URL it fetches like every key (lib/auth-api.ts re-exports it):
 * GET /api/session, the browser's session check, which answers null when signed out; SPEC §7's
 * GET /api/auth/user (a 401 then) stays for API clients (docs/architecture.md).
 */
export const SESSION_KEY = [USER_PATH] as const;

/**
 * A 401 while someone is signed in means the session ended (expired, signed out elsewhere):
 * forget the user, so the app shows the visitor routes, which send a member path on to
 * /sign-in?next=<where they were>; the sign-in page explains why, and brings them back.
 */
function endSessionOn401(client: () => QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  // A wrong password (re-entered to change it or delete the account) or a wrong code from an
  // authenticator app (turning on two-step verification) is not a lost session.
  const code = (error.body as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /PASSWORD|CREDENTIAL|INVALID_(BACKUP_)?CODE/.test(code)) return;
  if (noteSessionEnded(client())) client().setQueryData(SESSION_KEY, null);
}

/**
 * Whether a member was signed in, in which case the sign-in page is told that their session
 * ended (whether a 401 said so or the session check itself came back empty: a service worker
 * taking the page over asks for it again). A visitor has no session to end; an account still at
 * the age gate is being closed (under 13: the gate shows why, then signs out itself).
 */
export function noteSessionEnded(client: QueryClient): boolean {
  const user = client.getQueryData<{ ageVerified?: boolean } | null>(SESSION_KEY);
  if (!user?.ageVerified) return false;
  try {
    sessionStorage.setItem(SESSION_ENDED_FLAG, '1');
  } catch {
    // storage unavailable: the sign-in page simply shows no notice
  }
  return true;
}

/**
 * One browser may be shared (a church office, a family tablet; docs/decisions/0049). Whenever
 * the session names a member (a sign-in, a sign-up, the session check at boot), before that
 * member's pages render:
 * - the unsaved text anyone else left in this browser is deleted (lib/unsaved.ts);
 * - if someone else was signed in on this tab before (their session ended, and another member
 *   signed in), every answer kept in memory for them goes: their journal, their lesson answers…
 * The same member signing in again finds all of it where it was. (The answers kept for offline
 * reading are the service worker's: it empties them when the session ends or names someone
 * else, docs/decisions/0024.)
 */
function forgetOthersOnSignIn(client: QueryClient) {
  let lastMember: string | undefined;
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_KEY[0]) return;
    const id = (event.query.state.data as { id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'string' || !id) return;
    forgetUnsavedOfOthers(id);
    if (lastMember && lastMember !== id) {
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    }
    lastMember = id;
  });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endSessionOn401(() => client, error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOn401(() => client, error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: false,
        networkMode: 'always',
      },
      mutations: {
        retry: retryOnceIfSafe,
        retryDelay: MUTATION_RETRY_DELAY_MS,
        networkMode: 'always',
      },
    },
  });
  forgetOthersOnSignIn(client);
  return client;
}

export const queryClient = createQueryClient();

/** No answer at all: the network is gone (fetch rejects with a TypeError). */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

/** A translated, user-facing message for any error from apiRequest or fetch. */
export function errorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
    if (error.status === 401) return t('errors.unauthorized');
    if (error.status === 403) return t('errors.forbidden');
    if (error.status === 404) return t('errors.notFound');
    return t('errors.generic');
  }
  if (isNetworkError(error)) return t('errors.network');
  return t('errors.generic');
}

/**
 * The code the server gave a refusal (`PREMIUM_REQUIRED`, `AGE_NOT_VERIFIED`, …), if any: each
 * 403 has its own state on the page, not one message for all of them.
 */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Field messages from a 400 answer, keyed by field path. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body as { errors?: { path: string; message: string }[] } | null;
  return Object.fromEntries((body?.errors ?? []).map((e) => [e.path, e.message]));
}
