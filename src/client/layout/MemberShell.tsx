import { Menu as MenuIcon } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { NotificationBell } from '../features/notifications/index.ts';
import { AccountNotice, accountNoticeWanted } from '../features/verification/index.ts';
import { OfflineStatus } from '../components/OfflineStatus.tsx';
import { Tip } from '../components/ui/Tip.tsx';
import { ACCOUNT_TRIGGER_CLASS, AccountFace } from './AccountFace.tsx';
import { SideNav } from './SideNav.tsx';
import { TimeZoneOfferSlot } from './TimeZoneOfferSlot.tsx';
import { readyLazy } from '../lib/ready-lazy.tsx';

// The phone drawer and the account menu (Radix dialog and dropdown, with their positioning
// code) load when first wanted, not with every member page.
const loadDrawer = () => import('./MemberDrawer.tsx');
const MemberDrawer = readyLazy('MemberDrawer', loadDrawer);
const preloadDrawer = () => void loadDrawer();
const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = readyLazy('AccountMenu', loadAccountMenu);
const preloadAccountMenu = () => void loadAccountMenu();

/** The account menu's button before the menu itself has loaded: the same look, same name. */
function AccountButton({ user, onClick }: { user: CurrentUser; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t('nav.accountMenu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={preloadAccountMenu}
      onFocus={preloadAccountMenu}
      className={ACCOUNT_TRIGGER_CLASS}
    >
      <AccountFace user={user} />
    </button>
  );
}

/** The signed-in frame: sidebar on wide screens, a drawer on phones, account menu on top. */
export function MemberShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  const [menu, setMenu] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
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
        <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-slate-200/80 bg-canvas/90 px-4 backdrop-blur sm:gap-3 sm:px-6">
          <Tip label={t('nav.openMenu')}>
            <button
              type="button"
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={drawer}
              onClick={() => setDrawer(true)}
              onPointerEnter={preloadDrawer}
              onFocus={preloadDrawer}
              className="rounded-xl p-2 text-slate-700 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
            >
              <MenuIcon className="size-6" aria-hidden />
            </button>
          </Tip>
          {drawer ? (
            <Suspense fallback={null}>
              <MemberDrawer open={drawer} onOpenChange={setDrawer} />
            </Suspense>
          ) : null}
          <div className="lg:hidden">
            <Logo />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <LanguageSwitch />
            <NotificationBell enabled={user.ageVerified} />
            {menuWanted ? (
              <Suspense fallback={<AccountButton user={user} />}>
                <AccountMenu user={user} open={menu} onOpenChange={setMenu} />
              </Suspense>
            ) : (
              <AccountButton
                user={user}
                onClick={() => {
                  setMenuWanted(true);
                  setMenu(true);
                }}
              />
            )}
          </div>
        </header>
        <OfflineStatus />
        <TimeZoneOfferSlot user={user} />
        {accountNoticeWanted(user) ? (
          <Suspense fallback={null}>
            <AccountNotice user={user} />
          </Suspense>
        ) : null}
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
