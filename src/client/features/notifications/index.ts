import { withStrings } from '../../lib/i18n.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

/** What other parts of the app use from the notifications feature. */
export { NotificationBell } from './NotificationBell.tsx';
export { invalidateNotificationSettings } from './settings-key.ts';

/**
 * The settings form, for the account settings' Notifications tab: loaded with that tab (render
 * it inside a Suspense boundary), so the member shell, which shows the bell on every page, does
 * not carry it.
 */
export const NotificationSettingsForm = readyLazy(
  'NotificationSettingsForm',

  withStrings(['notify', 'settings'], () =>
    import('./NotificationSettingsForm.tsx').then((m) => ({ default: m.NotificationSettingsForm })),
  ),
);
