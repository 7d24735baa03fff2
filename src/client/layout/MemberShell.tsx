import * as Dialog from '@radix-ui/react-dialog';
import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  Bell,
  ChevronDown,
  CreditCard,
  LifeBuoy,
  LogOut,
  Menu as MenuIcon,
  Settings,
  Shield,
  SlidersHorizontal,
  X,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { NotificationBell } from '../features/notifications/index.ts';
import { cn } from '../lib/cn.ts';
import { LOGOUT_URL } from '../lib/auth-api.ts';
import { MEMBER_NAV, PREMIUM_ICON } from '../nav.ts';

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className="grid gap-6">
      {MEMBER_NAV.map((group) => (
        <div key={group.labelKey}>
          <p className="mb-2 px-3 text-[11px] font-semibold uppercase tracking-wider text-slate-500">
            {t(group.labelKey)}
          </p>
          <ul className="grid gap-0.5">
            {group.items.map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                      isActive
                        ? 'bg-brand-700 text-white shadow-sm'
                        : 'text-slate-700 hover:bg-brand-50 hover:text-brand-900',
                    )
                  }
                >
                  <Icon className="size-[18px] shrink-0" aria-hidden />
                  {t(labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const initials = `${user.firstName.at(0) ?? ''}${user.lastName.at(0) ?? ''}`.toUpperCase() || '?';
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
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('nav.accountMenu')}
        className="flex items-center gap-2 rounded-xl py-1 pl-1 pr-2 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
          {initials}
        </span>
        <span className="hidden max-w-32 truncate text-sm font-medium text-slate-800 sm:inline">
          {user.firstName}
        </span>
        {user.isPremium ? (
          <PREMIUM_ICON className="size-4 text-gold-500" aria-label={t('common.premium')} />
        ) : null}
        <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden />
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
            <a href={LOGOUT_URL}>
              <LogOut className="size-4" aria-hidden />
              {t('nav.signOut')}
            </a>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** The signed-in frame: sidebar on wide screens, a drawer on phones, account menu on top. */
export function MemberShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  return (
    <div className="min-h-dvh bg-canvas">
      <a
        href="#main"
        className="sr-only z-[300] rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('app.skipToContent')}
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 overflow-y-auto border-r border-slate-200/80 bg-white/70 px-4 py-6 backdrop-blur lg:block">
        <div className="mb-8 px-2">
          <Logo />
        </div>
        <SideNav />
      </aside>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-200/80 bg-canvas/90 px-4 backdrop-blur sm:px-6">
          <Dialog.Root open={drawer} onOpenChange={setDrawer}>
            <Dialog.Trigger asChild>
              <button
                type="button"
                aria-label={t('nav.openMenu')}
                className="rounded-xl p-2 text-slate-700 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
              >
                <MenuIcon className="size-6" aria-hidden />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40 lg:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-[61] w-[min(20rem,85vw)] overflow-y-auto bg-white px-4 py-5 shadow-2xl focus:outline-none lg:hidden">
                <div className="mb-6 flex items-center justify-between px-2">
                  <Dialog.Title asChild>
                    <div>
                      <Logo />
                    </div>
                  </Dialog.Title>
                  <Dialog.Close
                    aria-label={t('nav.closeMenu')}
                    className="rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    <X className="size-5" aria-hidden />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">{t('nav.main')}</Dialog.Description>
                <SideNav onNavigate={() => setDrawer(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <div className="lg:hidden">
            <Logo />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <LanguageSwitch />
            <NotificationBell />
            <AccountMenu user={user} />
          </div>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
