/**
 * The session and account endpoints that belong to no feature: signing in and up, password
 * reset, the age gate and signing out. Pages and the shell call these, never a URL of their own.
 */
import type { CurrentUser } from '#shared/schemas/user.ts';
import { takeEarly } from '#delivery/browser/early.ts';
import { currentDrawing } from '#delivery/app/drawing-context.ts';
import type { QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  SESSION_KEY,
  apiRequest,
  noteSessionEnded,
  requestLanguage,
} from './queryClient.ts';
import { clearOfflineData } from './service-worker.ts';
import { deviceTimeZone } from './time-zone.ts';
import { forgetAllUnsaved } from './unsaved.ts';

/**
 * What the browser says about itself when someone signs up or in: its time zone and the
 * language shown. The server saves each where the member has chosen none (ADR 0038).
 */
function deviceSettings(): { timeZone?: string; language: 'en' | 'es' } {
  const timeZone = deviceTimeZone();
  return {
    ...(timeZone ? { timeZone } : {}),
    language: requestLanguage(),
  };
}

/** The current user (SPEC §4, §7): authenticated when it returns data. */
export const CURRENT_USER_KEY = SESSION_KEY;

/**
 * The session check behind CURRENT_USER_KEY, at the URL the key names: GET /api/session answers
 * null when signed out (a 200: an expected state logs no console error on every visitor page).
 */
/**
 * Set once an account has answered "under 13" and been closed: for the few seconds before the
 * page signs out (SPEC §4), the session stays as the page has it, so a check of it meanwhile (a
 * service worker taking the page over asks again) cannot swap the gate's message for the
 * visitor pages and cancel the sign-out.
 */
const HELD_KEY = ['session-held-until-sign-out'] as const;
export function holdSessionUntilSignOut(client: QueryClient): void {
  client.setQueryData(HELD_KEY, true);
}

export async function fetchSession(context?: {
  client?: QueryClient;
}): Promise<CurrentUser | null> {
  const held = () =>
    context?.client?.getQueryData(HELD_KEY)
      ? { user: context.client.getQueryData<CurrentUser | null>(CURRENT_USER_KEY) ?? null }
      : null;
  const before = held();
  if (before) return before.user;
  const url = CURRENT_USER_KEY.join('/');
  // Answered by the server itself while it draws a page; asked for by boot.ts while the app
  // downloaded, on a page not rendered in advance.
  const res = await (currentDrawing()?.get(url) ??
    takeEarly(url) ??
    fetch(url, {
      credentials: 'include',
      headers: { 'Accept-Language': requestLanguage() },
    }));
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${await res.text()}`, null);
  const user = (await res.json()) as CurrentUser | null;
  // Held while this was on its way (a worker taking the page over asked just before the answer
  // to "under 13" came; seen in CI: the visitor's landing page replaced the gate's message).
  const after = held();
  if (after) return after.user;
  // Asked again while a member was signed in, and gone: their session ended under them.
  if (user === null && context?.client) noteSessionEnded(context.client);
  return user;
}

/** The session as a query: useAuth reads it; the boot asks for it first thing (preload.ts). */
export const sessionQuery = {
  queryKey: CURRENT_USER_KEY,
  queryFn: fetchSession,
  retry: false,
  staleTime: 5 * 60 * 1000,
} as const;

/** Ends the session and redirects to the landing page (SPEC §2). */
export const LOGOUT_URL = '/api/logout';

/**
 * Signs out: the member's data kept on this device goes first, here, whether or not the server
 * can be reached: the text typed and not saved (lib/unsaved.ts, docs/decisions/0049) and what
 * was kept for offline reading (the service worker also empties it when it sees the sign-out,
 * docs/decisions/0024).
 */
export async function signOut(): Promise<void> {
  forgetAllUnsaved();
  await clearOfflineData();
  window.location.assign(LOGOUT_URL);
}

export const authApi = {
  /** Signs in, or answers `twoFactorRedirect` when the account asks for a second step. */
  signIn: async (values: { email: string; password: string }) =>
    (
      await apiRequest('POST', '/api/auth/sign-in/email', { ...values, ...deviceSettings() })
    ).json() as Promise<{
      twoFactorRedirect?: boolean;
      /** What the second step may use: `passkey` (first when the member has one), `totp`. */
      twoFactorMethods?: string[];
    }>,
  /** The second step: a code from the authenticator app, or a recovery code. */
  verifySecondFactor: (method: 'app' | 'recovery', code: string, trustDevice: boolean) =>
    apiRequest(
      'POST',
      method === 'app'
        ? '/api/auth/two-factor/verify-totp'
        : '/api/auth/two-factor/verify-backup-code',
      { code, trustDevice, ...deviceSettings() },
    ),
  /** The second step with a passkey: the options of the pending sign-in (ADR 0044). */
  passkeyOptions: async () =>
    (await apiRequest('POST', '/api/auth/two-factor/passkey-options', {})).json() as Promise<
      Record<string, unknown>
    >,
  /** The browser's answer to those options. */
  verifyPasskey: (response: unknown, trustDevice: boolean) =>
    apiRequest('POST', '/api/auth/two-factor/verify-passkey', {
      response,
      trustDevice,
      ...deviceSettings(),
    }),
  signUp: (values: { firstName: string; lastName: string; email: string; password: string }) =>
    apiRequest('POST', '/api/auth/sign-up/email', {
      ...values,
      name: `${values.firstName} ${values.lastName}`,
      ...deviceSettings(),
    }),
  requestPasswordReset: (values: { email: string }) =>
    apiRequest('POST', '/api/auth/request-password-reset', {
      ...values,
      redirectTo: '/reset-password',
    }),
  resetPassword: (newPassword: string, token: string) =>
    apiRequest('POST', '/api/auth/reset-password', { newPassword, token }),
  /** Confirming is safe to send again; "under 13" closes the account (sent once). */
  verifyAge: async (ageVerified: boolean): Promise<unknown> =>
    (
      await apiRequest('POST', '/api/user/verify-age', { ageVerified }, { idempotent: ageVerified })
    ).json(),
};
