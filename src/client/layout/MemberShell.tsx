import MenuIcon from 'lucide-react/icons/menu';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { NotificationBell } from '../features/notifications/index.ts';
import { AccountNotice, accountNoticeWanted } from '../features/verification/index.ts';
import { OfflineStatus } from '../components/OfflineStatus.tsx';
import { afterFirstScreen } from '../lib/idle.ts';
import { useLanguage } from '../lib/language.tsx';
import { Drawer, closeDrawer, opens } from '../components/ui/Drawer.tsx';
import { Tip } from '../components/ui/Tip.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { SideNav } from './SideNav.tsx';
import { TimeZoneOfferSlot } from './TimeZoneOfferSlot.tsx';

/** The phone's navigation drawer, drawn with every page (components/ui/Drawer.tsx). */
const DRAWER = 'member-drawer';

/** The signed-in frame: sidebar on wide screens, a drawer on phones, account menu on top. */
export function MemberShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // A downloaded Bible kept current, once the first screen has settled (issue 40).
  useEffect(
    () =>
      afterFirstScreen(() => {
        void import('../features/offline/auto-update.ts')
          .then((m) => m.keepPackCurrent(t, language))
          .catch((error: unknown) => console.warn('The offline update check did not run:', error));
      }),
    [t, language],
  );
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
              {...opens(DRAWER)}
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              className="rounded-xl p-2 text-slate-700 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
            >
              <MenuIcon className="size-6" aria-hidden />
            </button>
          </Tip>
          <Drawer
            id={DRAWER}
            side="left"
            label={t('nav.main')}
            closeLabel={t('nav.closeMenu')}
            heading={<Logo />}
          >
            <SideNav onNavigate={() => closeDrawer(DRAWER)} />
          </Drawer>
          <div className="lg:hidden">
            <Logo />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <LanguageSwitch />
            <NotificationBell enabled={user.ageVerified} />
            <AccountMenu user={user} />
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
