import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Card } from '../../components/ui/Card.tsx';
import { ToggleList } from './ToggleList.tsx';

export function NotificationsTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="font-serif text-xl text-brand-950">{t('settings.notifications.title')}</h2>
      <ToggleList
        user={user}
        keys={['emailNotifications', 'studyReminders', 'prayerReminders', 'weeklyProgress']}
        prefix="settings.notifications"
      />
    </Card>
  );
}
