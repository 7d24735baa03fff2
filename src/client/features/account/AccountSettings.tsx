import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Skeletons } from '../../components/QueryStates.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { withStrings } from '../../lib/i18n.ts';
import { ProfileTab } from './ProfileTab.tsx';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// The first tab comes with the page; each other tab's code, and the strings it needs beyond the
// page's, when it is first opened.
const PreferencesTab = readyLazy(
  'PreferencesTab',

  withStrings(['offlinePack'], () =>
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
  const select = (tab: (typeof TABS)[number]) =>
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
  const placeholder = <Skeletons count={2} height="h-48" />;
  const panels: Record<(typeof TABS)[number], ReactNode> = {
    profile: <ProfileTab user={user} />,
    preferences: <PreferencesTab user={user} />,
    subscription: <SubscriptionTab user={user} />,
    privacy: <PrivacyTab user={user} />,
    notifications: <NotificationsTab />,
    support: <SupportTab />,
  };
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Tabs
        label={t('settings.title')}
        value={current}
        onChange={select}
        className="grid gap-6"
        listClassName="grid grid-cols-2 gap-1 min-[480px]:grid-cols-3 sm:flex sm:flex-wrap"
        tabClassName="px-3 py-2"
        tabs={TABS.map((tab) => ({
          value: tab,
          label: t(`settings.tabs.${tab}`),
          // Each tab's code comes when it is first chosen; until then, where it will be.
          content: <Suspense fallback={placeholder}>{panels[tab]}</Suspense>,
          placeholder,
        }))}
      />
    </>
  );
}
