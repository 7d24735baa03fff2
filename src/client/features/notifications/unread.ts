import { useQuery } from '@tanstack/react-query';

/**
 * The bell's part of the notifications API, apart from api.ts: the member shell shows the bell
 * on every page, and api.ts's messages (strings of the `notify` chunk) belong to the pages.
 */
export const NOTIFICATIONS_URL = '/api/notifications';
export const UNREAD_COUNT_KEY = [`${NOTIFICATIONS_URL}/unread-count`] as const;

/** The bell's unread count (refreshed after every change made here, and on each page load). */
/**
 * The bell's count. Not asked before the member has passed the age gate: every member route
 * answers 403 until then, and an expected state must not be a console error.
 */
export function useUnreadCount(enabled = true) {
  return useQuery<{ unread: number }>({ queryKey: UNREAD_COUNT_KEY, enabled });
}
