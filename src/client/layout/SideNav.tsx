import { NavLink } from '../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { MEMBER_NAV } from '../nav.ts';

/** The member's navigation: the sidebar on wide screens, the drawer's content on phones. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
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
