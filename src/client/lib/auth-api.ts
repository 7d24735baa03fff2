/**
 * The session and account endpoints that belong to no feature: signing in and up, password
 * reset, the age gate and signing out. Pages and the shell call these, never a URL of their own.
 */
import { apiRequest } from './queryClient.ts';
import { clearOfflineData } from './service-worker.ts';

/** The current user (SPEC §7): authenticated when it returns data. */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** Ends the session and redirects to the landing page (SPEC §2). */
export const LOGOUT_URL = '/api/logout';

/**
 * Signs out: the member's data kept on this device for offline reading goes first (the service
 * worker also empties it when it sees the sign-out, docs/decisions/0024).
 */
export async function signOut(): Promise<void> {
  await clearOfflineData();
  window.location.assign(LOGOUT_URL);
}

export const authApi = {
  signIn: (values: { email: string; password: string }) =>
    apiRequest('POST', '/api/auth/sign-in/email', values),
  signUp: (values: { firstName: string; lastName: string; email: string; password: string }) =>
    apiRequest('POST', '/api/auth/sign-up/email', {
      ...values,
      name: `${values.firstName} ${values.lastName}`,
    }),
  requestPasswordReset: (values: { email: string }) =>
    apiRequest('POST', '/api/auth/request-password-reset', {
      ...values,
      redirectTo: '/reset-password',
    }),
  resetPassword: (newPassword: string, token: string) =>
    apiRequest('POST', '/api/auth/reset-password', { newPassword, token }),
  verifyAge: async (ageVerified: boolean): Promise<unknown> =>
    (await apiRequest('POST', '/api/user/verify-age', { ageVerified })).json(),
};
