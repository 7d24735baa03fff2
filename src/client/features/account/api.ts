import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type {
  CurrentUser,
  UserPreferences,
  changePasswordSchema,
  profileUpdateSchema,
} from '#shared/schemas/user.ts';
import type { ActiveSession } from '#shared/schemas/sessions.ts';
import type { Passkey, PasskeyList } from '#shared/schemas/passkeys.ts';
import { toast } from '../../hooks/use-toast.ts';
import { invalidateNotificationSettings } from '../notifications/index.ts';
import { downloadAttachment } from '../../lib/download.ts';
import { CURRENT_USER_KEY, signOut } from '../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

export type ProfileInput = z.infer<typeof profileUpdateSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Saves the name; the answer is the updated user, which replaces the cached one. */
export function useUpdateProfile(onError: (error: Error) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ProfileInput) =>
      (
        await apiRequest('PATCH', '/api/user/profile', values, { idempotent: true })
      ).json() as Promise<CurrentUser>,
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      toast({ title: t('settings.profile.updated') });
    },
    onError,
  });
}

/** Changes the password; never retried (a second try would fail on the old password). */
export function useChangePassword({
  onChanged,
  onError,
}: {
  onChanged: () => void;
  onError: (error: Error) => void;
}) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (values: ChangePasswordInput) =>
      apiRequest('POST', '/api/auth/change-password', values),
    retry: 0,
    onSuccess: () => {
      onChanged();
      toast({ title: t('settings.password.changed') });
    },
    onError,
  });
}

/** Saves one or more preferences at once and keeps the cached user in step. */
export function usePreferenceSaver() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<UserPreferences>) =>
      (
        await apiRequest('PATCH', '/api/user/preferences', changes, { idempotent: true })
      ).json() as Promise<CurrentUser>,
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      // Its toggles are these preferences: "Daily reminders" is one switch on both pages.
      void invalidateNotificationSettings(queryClient);
      toast({ title: t('settings.preferences.saved') });
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}

/** Deletes the account after the password is confirmed, then ends the session. */
export function useDeleteAccount() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (password: string) => apiRequest('POST', '/api/auth/delete-user', { password }),
    retry: 0,
    onSuccess: () => {
      toast({ title: t('settings.privacy.deleted') });
      // What the account kept on this device goes with it, then the session.
      void signOut();
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}

/** The member's signed-in devices (the key is the URL). */
export const SESSIONS_KEY = ['/api/user/sessions'] as const;

export function useActiveSessions() {
  return useQuery<{ sessions: ActiveSession[] }>({ queryKey: SESSIONS_KEY, staleTime: 0 });
}

/**
 * Ends one other device's session, or every other one (`'others'`), after the member typed
 * their password (ADR 0041); then reloads the list. A wrong password shows under its field.
 */
export function useSignOutSessions({
  onDone,
  onError,
}: {
  onDone: () => void;
  onError: (error: Error) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ which, password }: { which: 'others' | string; password: string }) =>
      (
        await apiRequest(
          'POST',
          which === 'others'
            ? '/api/user/sessions/sign-out-others'
            : `/api/user/sessions/${encodeURIComponent(which)}/sign-out`,
          { password },
        )
      ).json() as Promise<{ signedOut: number }>,
    // Never retried: a second try would count as a second password attempt.
    retry: 0,
    onSuccess: ({ signedOut }, { which }) => {
      onDone();
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      toast({
        title:
          which === 'others' ? t('sessions.done', { count: signedOut }) : t('sessions.doneOne'),
      });
    },
    onError,
  });
}

/** Downloads the personal data export; `pending` while it is prepared. */
export function useExportPersonalData() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await downloadAttachment('/api/user/export', 'camino-data.zip');
    } catch (error) {
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}

/** What turning on two-step verification answers: the app's setup link and the recovery codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** The two-step verification endpoints (better-auth's plugin behind our proxy, ADR 0031). */
export const twoFactorApi = {
  enable: async (password: string) =>
    (await apiRequest('POST', '/api/auth/two-factor/enable', { password })).json() as Promise<
      TwoFactorSetup & { method: 'totp' }
    >,
  /** Confirms the first code: two-step verification is on from now (the session is renewed). */
  confirm: (code: string) => apiRequest('POST', '/api/auth/two-factor/verify-totp', { code }),
  disable: (password: string) => apiRequest('POST', '/api/auth/two-factor/disable', { password }),
  newRecoveryCodes: async (password: string) =>
    (
      await apiRequest('POST', '/api/auth/two-factor/generate-backup-codes', { password })
    ).json() as Promise<{ backupCodes: string[] }>,
};

/** The member's passkeys (ADR 0044; the key is the URL). */
export const PASSKEYS_KEY = ['/api/user/passkeys'] as const;

export function usePasskeys() {
  return useQuery<PasskeyList>({ queryKey: PASSKEYS_KEY, staleTime: 0 });
}

/** Adding (password → the browser's ceremony → the answer) and removing passkeys. */
export const passkeyApi = {
  /** The registration options, once the password is confirmed. */
  options: async (password: string) =>
    (await apiRequest('POST', '/api/user/passkeys/options', { password })).json() as Promise<
      Record<string, unknown>
    >,
  add: async (name: string, response: unknown) =>
    (await apiRequest('POST', '/api/user/passkeys', { name, response })).json() as Promise<Passkey>,
  remove: (id: string, password: string) =>
    apiRequest('POST', `/api/user/passkeys/${encodeURIComponent(id)}/remove`, { password }),
};
