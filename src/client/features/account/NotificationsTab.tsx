import { NotificationSettingsForm } from '../notifications/index.ts';

/**
 * The account settings' Notifications tab: the same form (and the same saved settings) as
 * /notification-settings.
 */
export function NotificationsTab() {
  return <NotificationSettingsForm />;
}
