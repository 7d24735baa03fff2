import MenuIcon from 'lucide-react/icons/menu';
import type { ReactNode } from 'react';
import { Link, NavLink } from '../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Drawer, closeDrawer, opens } from '../components/ui/Drawer.tsx';
import { Tip } from '../components/ui/Tip.tsx';
import { cn } from '../lib/cn.ts';
import { VISITOR_NAV } from '../paths.ts';

/** The phone's navigation drawer, drawn with every page (components/ui/Drawer.tsx). */
const DRAWER = 'visitor-drawer';

function Footer() {
  const { t } = useTranslation();
  const linkClass = 'text-sm text-brand-100 hover:text-white underline-offset-2 hover:underline';
  return (
    <footer className="mt-16 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3 sm:px-6">
        <div className="grid gap-3">
          <p className="font-serif text-2xl text-white">{t('app.name')}</p>
          <p className="text-sm">{t('footer.about')}</p>
        </div>
        <div>
          <h2 className="mb-3 text-xs font-semibold uppercase tracking-wider text-gold-300">
            {t('footer.product')}
          </h2>
          <ul className="grid gap-2">
            {VISITOR_NAV.map((item) => (
              <li key={item.to}>
                <Link className={linkClass} to={item.to}>
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-xs font-semibold uppercase tracking-wider text-gold-300">
            {t('footer.legal')}
          </h2>
          <ul className="grid gap-2">
            <li>
              <Link className={linkClass} to="/terms-of-service">
                {t('nav.terms')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/privacy-policy">
                {t('nav.privacy')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/bible-texts">
                {t('translations.about')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 px-4 py-5 text-center text-xs text-brand-200">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}

/** The visitor frame: header with navigation and the footer (shown only to visitors). */
export function VisitorShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navLink = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
      isActive ? 'text-brand-900 bg-brand-50' : 'text-slate-700 hover:text-brand-900',
    );
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <a
        href="#main"
        className="sr-only z-[300] rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('app.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-canvas/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label={t('nav.main')} className="ml-6 hidden items-center gap-1 md:flex">
            {VISITOR_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end className={navLink}>
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitch />
            {/* On phones these live in the drawer: the header keeps the name, EN/ES and the menu. */}
            <div className="hidden items-center gap-2 sm:flex">
              <Button asChild variant="ghost" size="sm" className="whitespace-nowrap">
                <Link to="/sign-in">{t('nav.signIn')}</Link>
              </Button>
              <Button asChild size="sm" className="whitespace-nowrap">
                <Link to="/sign-up">{t('nav.signUp')}</Link>
              </Button>
            </div>
            <Tip label={t('nav.openMenu')}>
              <button
                type="button"
                {...opens(DRAWER)}
                aria-label={t('nav.openMenu')}
                aria-haspopup="dialog"
                className="rounded-xl p-2 text-slate-700 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 md:hidden"
              >
                <MenuIcon className="size-6" aria-hidden />
              </button>
            </Tip>
            <Drawer
              id={DRAWER}
              side="right"
              label={t('nav.main')}
              closeLabel={t('nav.closeMenu')}
              heading={<p className="font-serif text-xl text-brand-900">{t('app.name')}</p>}
            >
              <div className="grid content-start gap-6 px-1">
                <nav aria-label={t('nav.main')} className="grid gap-1">
                  {VISITOR_NAV.map((item) => (
                    <NavLink
                      key={item.to}
                      to={item.to}
                      end
                      className={navLink}
                      onClick={() => closeDrawer(DRAWER)}
                    >
                      {t(item.labelKey)}
                    </NavLink>
                  ))}
                </nav>
                <div className="grid gap-2">
                  <Button asChild variant="outline">
                    <Link to="/sign-in" onClick={() => closeDrawer(DRAWER)}>
                      {t('nav.signIn')}
                    </Link>
                  </Button>
                  <Button asChild>
                    <Link to="/sign-up" onClick={() => closeDrawer(DRAWER)}>
                      {t('nav.signUp')}
                    </Link>
                  </Button>
                </div>
              </div>
            </Drawer>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
