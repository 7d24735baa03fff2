/** What other parts of the app use from the notifications feature. */
export { NotificationBell } from './NotificationBell.tsx';
export { NotificationSettingsForm } from './NotificationSettingsForm.tsx';
