import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { NotificationsTab } from './NotificationsTab.tsx';
import { PreferencesTab } from './PreferencesTab.tsx';
import { PrivacyTab } from './PrivacyTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { SubscriptionTab } from './SubscriptionTab.tsx';
import { SupportTab } from './SupportTab.tsx';

const TABS = [
  'profile',
  'preferences',
  'subscription',
  'privacy',
  'notifications',
  'support',
] as const;

export default function AccountSettings() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Tabs.Root defaultValue="profile" className="grid gap-6">
        <Tabs.List
          aria-label={t('settings.title')}
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="shrink-0 rounded-xl px-4 py-2 text-sm font-medium text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
            >
              {t(`settings.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="preferences">
          <PreferencesTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="subscription">
          <SubscriptionTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="privacy">
          <PrivacyTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationsTab />
        </Tabs.Content>
        <Tabs.Content value="support">
          <SupportTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
