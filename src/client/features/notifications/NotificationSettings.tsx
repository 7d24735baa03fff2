import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { NotificationSettingsForm } from './NotificationSettingsForm.tsx';

/** /notification-settings (SPEC §2). */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notify.settings.title')} subtitle={t('notify.settings.subtitle')} />
      <NotificationSettingsForm />
    </>
  );
}
