import type { QueryClient } from '@tanstack/react-query';

/** The notification settings' query key (the URL): here, apart, for the account feature too. */
export const NOTIFICATION_SETTINGS_KEY = ['/api/notification-settings'] as const;

/**
 * The notification settings, after a change made elsewhere: their SPEC toggles are preferences
 * ("Daily reminders" is the same switch in Preferences and here).
 */
export function invalidateNotificationSettings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
}
