import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  NotificationPage,
  NotificationSettingsResponse,
  NotificationSettingsUpdate,
  NotificationTestResult,
  PushSubscriptionInput,
} from '#shared/schemas/notifications.ts';
import { toast } from '../../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

import { NOTIFICATION_SETTINGS_KEY } from './settings-key.ts';
import { NOTIFICATIONS_URL } from './unread.ts';

export { NOTIFICATIONS_URL, UNREAD_COUNT_KEY, useUnreadCount } from './unread.ts';
export const notificationsPageKey = (page: number) =>
  [`${NOTIFICATIONS_URL}?${new URLSearchParams({ page: String(page) })}`] as const;
export { NOTIFICATION_SETTINGS_KEY };
const PUSH_KEY_URL = '/api/push/public-key';
const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';

// ── Cache invalidation ──

/** The list pages and the bell's count. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(NOTIFICATIONS_URL),
  });
}

const failed = (t: (key: string) => string) => (error: Error) =>
  toast({ title: t('errors.title'), description: errorMessage(error, t), variant: 'destructive' });

// ── Queries ──

export function useNotifications(page: number) {
  return useQuery<NotificationPage>({
    queryKey: notificationsPageKey(page),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationSettings() {
  return useQuery<NotificationSettingsResponse>({ queryKey: NOTIFICATION_SETTINGS_KEY });
}

// ── Mutations ──

export function useMarkRead() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      // Marking read twice is marking it read: safe to send again.
      (
        await apiRequest('POST', `${NOTIFICATIONS_URL}/${encodeURIComponent(id)}/read`, undefined, {
          idempotent: true,
        })
      ).json(),
    onSuccess: () => invalidateNotifications(queryClient),
    onError: failed(t),
  });
}

export function useMarkAllRead() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest('POST', `${NOTIFICATIONS_URL}/read-all`, undefined, { idempotent: true })
      ).json(),
    onSuccess: async () => {
      await invalidateNotifications(queryClient);
      toast({ title: t('notify.list.markedAll') });
    },
    onError: failed(t),
  });
}

/**
 * Saves notification settings: the SPEC toggles (kept with the account's preferences) and/or
 * the detailed settings. The account settings tab and /notification-settings share it.
 */
export function useSaveNotificationSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: NotificationSettingsUpdate) =>
      (
        await apiRequest('PUT', '/api/notification-settings', update)
      ).json() as Promise<NotificationSettingsResponse>,
    // Shown at once; put back as it was if the server refuses.
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
      const previous =
        queryClient.getQueryData<NotificationSettingsResponse>(NOTIFICATION_SETTINGS_KEY);
      if (previous) {
        queryClient.setQueryData<NotificationSettingsResponse>(NOTIFICATION_SETTINGS_KEY, {
          ...previous,
          toggles: { ...previous.toggles, ...update.toggles },
          settings: update.settings ?? previous.settings,
          timeZone: update.timeZone ?? previous.timeZone,
        });
      }
      return { previous };
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({ title: t('notify.settings.saved') });
    },
    onError: (error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, context.previous);
      failed(t)(error);
    },
  });
}

export function useSendTest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest('POST', `${NOTIFICATIONS_URL}/test`)
      ).json() as Promise<NotificationTestResult>,
    retry: 0,
    onSuccess: () => invalidateNotifications(queryClient),
    onError: failed(t),
  });
}

// ── Push subscription requests (used by push.ts) ──

export async function fetchPushPublicKey(): Promise<string> {
  const res = await apiRequest('GET', PUSH_KEY_URL);
  return ((await res.json()) as { publicKey: string }).publicKey;
}

export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await apiRequest('POST', PUSH_SUBSCRIPTIONS_URL, subscription);
}

export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('DELETE', PUSH_SUBSCRIPTIONS_URL, { endpoint });
}
