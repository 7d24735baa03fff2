import * as Tabs from '@radix-ui/react-tabs';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Skeletons } from '../../components/QueryStates.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { withStrings } from '../../lib/i18n.ts';
import { ProfileTab } from './ProfileTab.tsx';
import { readyLazy } from '../../lib/ready-lazy.tsx';

// The first tab comes with the page; each other tab's code, and the strings it needs beyond the
// page's, when it is first opened.
const PreferencesTab = readyLazy(
  'PreferencesTab',

  withStrings([], () =>
    import('./PreferencesTab.tsx').then((m) => ({ default: m.PreferencesTab })),
  ),
);
const SubscriptionTab = readyLazy(
  'SubscriptionTab',

  withStrings(['subscription'], () =>
    import('./SubscriptionTab.tsx').then((m) => ({ default: m.SubscriptionTab })),
  ),
);
const PrivacyTab = readyLazy(
  'PrivacyTab',

  withStrings(['dataExport'], () =>
    import('./PrivacyTab.tsx').then((m) => ({ default: m.PrivacyTab })),
  ),
);
const NotificationsTab = readyLazy(
  'NotificationsTab',

  withStrings([], () =>
    import('./NotificationsTab.tsx').then((m) => ({ default: m.NotificationsTab })),
  ),
);
const SupportTab = readyLazy(
  'SupportTab',

  withStrings(['support', 'admin'], () =>
    import('./SupportTab.tsx').then((m) => ({ default: m.SupportTab })),
  ),
);

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
  // The address names the tab (`?tab=support`: the support page, notifications and e-mails link
  // to it), also when it changes while the page is open (a link followed from here, Back).
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = TABS.find((tab) => tab === requested) ?? 'profile';
  const select = (tab: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === 'profile') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Tabs.Root value={current} onValueChange={select} className="grid gap-6">
        <Tabs.List
          aria-label={t('settings.title')}
          className="grid grid-cols-2 gap-1 min-[480px]:grid-cols-3 sm:flex sm:flex-wrap"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="min-w-0 rounded-xl px-3 py-2 text-sm font-medium text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
            >
              {t(`settings.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Suspense fallback={<Skeletons count={2} height="h-48" />}>
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
        </Suspense>
      </Tabs.Root>
    </>
  );
}
