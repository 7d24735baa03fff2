import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  Bell,
  CreditCard,
  LifeBuoy,
  LogOut,
  Settings,
  Shield,
  SlidersHorizontal,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { LOGOUT_URL, signOut } from '../lib/auth-api.ts';
import { ACCOUNT_TRIGGER_CLASS, AccountFace } from './AccountFace.tsx';

/**
 * The account menu (a Radix dropdown), loaded when first opened: MemberShell shows a plain
 * button of the same look until then, and this menu opens at once in its place.
 */
export default function AccountMenu({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const item =
    'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';
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
    <Menu.Root open={open} onOpenChange={onOpenChange}>
      <Menu.Trigger aria-label={t('nav.accountMenu')} className={ACCOUNT_TRIGGER_CLASS}>
        <AccountFace user={user} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          className="z-[70] min-w-56 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          {links.map((l) => (
            <Menu.Item key={l.to} asChild className={item}>
              <Link to={l.to}>
                {l.icon}
                {t(l.key)}
              </Link>
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item asChild className={item}>
            <a
              href={LOGOUT_URL}
              onClick={(event) => {
                event.preventDefault();
                void signOut();
              }}
            >
              <LogOut className="size-4" aria-hidden />
              {t('nav.signOut')}
            </a>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
