import Bell from 'lucide-react/icons/bell';
import CreditCard from 'lucide-react/icons/credit-card';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import type { ReactNode } from 'react';
import { Menu, MenuLink, MenuSeparator } from '../components/ui/Menu.tsx';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { LOGOUT_URL, signOut } from '../lib/auth-api.ts';
import { ACCOUNT_TRIGGER_CLASS, AccountFace } from './AccountFace.tsx';

/**
 * The account menu (components/ui/Menu.tsx): drawn with every member page, so it opens at the
 * first tap, before the app has the page.
 */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const links: { to: string; key: string; icon: ReactNode }[] = [
    {
      to: '/account-settings',
      key: 'nav.accountSettings',
      icon: <Settings className="size-4" aria-hidden />,
    },
    {
      to: '/notifications',
      key: 'nav.notifications',
      icon: <Bell className="size-4" aria-hidden />,
    },
    {
      to: '/notification-settings',
      key: 'nav.notificationSettings',
      icon: <SlidersHorizontal className="size-4" aria-hidden />,
    },
    {
      to: '/subscription',
      key: 'nav.subscription',
      icon: <CreditCard className="size-4" aria-hidden />,
    },
    { to: '/support', key: 'nav.support', icon: <LifeBuoy className="size-4" aria-hidden /> },
  ];
  if (user.role === 'admin') {
    links.push({ to: '/admin', key: 'nav.admin', icon: <Shield className="size-4" aria-hidden /> });
  }
  return (
    <Menu
      label={t('nav.accountMenu')}
      button={<AccountFace user={user} />}
      buttonClassName={ACCOUNT_TRIGGER_CLASS}
    >
      <div className="px-3 py-2">
        <p className="truncate text-sm font-semibold text-slate-900">
          {user.firstName} {user.lastName}
        </p>
        <p className="truncate text-xs text-slate-600">{user.email}</p>
      </div>
      <MenuSeparator />
      {links.map((l) => (
        <MenuLink key={l.to} to={l.to}>
          {l.icon}
          {t(l.key)}
        </MenuLink>
      ))}
      <MenuSeparator />
      {/* A plain link to the server's sign-out before the app has the page; the app signs out
          itself, forgetting what this browser kept for the member. */}
      <MenuLink
        href={LOGOUT_URL}
        onClick={(event) => {
          event.preventDefault();
          void signOut();
        }}
      >
        <LogOut className="size-4" aria-hidden />
        {t('nav.signOut')}
      </MenuLink>
    </Menu>
  );
}
