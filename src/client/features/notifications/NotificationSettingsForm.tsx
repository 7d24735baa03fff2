import { Link } from '../../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings, NotificationToggles } from '#shared/schemas/notifications.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Switch } from '../../components/ui/Switch.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from './api.ts';
import { KindSettings } from './KindSettings.tsx';
import { PushDeviceCard } from './PushDeviceCard.tsx';
import { TimeInput } from './TimeInput.tsx';
import { TimeZoneNotice } from './TimeZoneNotice.tsx';

const TOGGLES: (keyof NotificationToggles)[] = [
  'emailNotifications',
  'dailyReminders',
  'studyReminders',
  'prayerReminders',
  'weeklyProgress',
];

/**
 * Every notification setting, saved as it changes. The one form behind both
 * /notification-settings and the account settings' Notifications tab.
 */
export function NotificationSettingsForm({ showTestLink = true }: { showTestLink?: boolean }) {
  const { t } = useTranslation();
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  if (query.isPending) return <Skeletons count={3} height="h-40" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const { toggles, settings, timeZone } = query.data;
  const saveSettings = (next: NotificationSettings) => save.mutate({ settings: next });
  return (
    <div className="grid gap-6">
      <TimeZoneNotice
        saved={timeZone}
        disabled={save.isPending}
        onUse={(zone) => save.mutate({ timeZone: zone })}
      />
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('notify.settings.what')}</h2>
        <div className="divide-y divide-slate-200">
          {TOGGLES.map((key) => (
            <Switch
              key={key}
              label={t(`settings.notifications.${key}`)}
              hint={t(`settings.notifications.${key}Hint`, { defaultValue: '' }) || undefined}
              checked={toggles[key]}
              disabled={save.isPending}
              onChange={(value) => save.mutate({ toggles: { [key]: value } })}
            />
          ))}
          <Switch
            label={t('notify.settings.pause')}
            hint={t('notify.settings.pauseHint')}
            checked={settings.paused}
            disabled={save.isPending}
            onChange={(paused) => saveSettings({ ...settings, paused })}
          />
        </div>
      </Card>
      <Card className="grid gap-2">
        <Switch
          label={t('notify.settings.quiet')}
          hint={t('notify.settings.quietHint')}
          checked={settings.quietHours.enabled}
          disabled={save.isPending}
          onChange={(enabled) =>
            saveSettings({ ...settings, quietHours: { ...settings.quietHours, enabled } })
          }
        />
        <div className="flex flex-wrap gap-4">
          <TimeInput
            label={t('notify.settings.quietStart')}
            value={settings.quietHours.start}
            disabled={!settings.quietHours.enabled}
            onCommit={(start) =>
              saveSettings({ ...settings, quietHours: { ...settings.quietHours, start } })
            }
          />
          <TimeInput
            label={t('notify.settings.quietEnd')}
            value={settings.quietHours.end}
            disabled={!settings.quietHours.enabled}
            onCommit={(end) =>
              saveSettings({ ...settings, quietHours: { ...settings.quietHours, end } })
            }
          />
        </div>
      </Card>
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('notify.settings.kinds')}</h2>
        {!toggles.emailNotifications ? (
          <p className="mt-1 text-sm text-amber-800">{t('notify.settings.emailOff')}</p>
        ) : null}
        <KindSettings
          settings={settings}
          toggles={toggles}
          disabled={settings.paused}
          onChange={saveSettings}
        />
      </Card>
      <PushDeviceCard />
      {showTestLink ? (
        <Link
          to="/notification-test"
          className="w-fit text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t('notify.settings.testLink')}
        </Link>
      ) : null}
    </div>
  );
}
