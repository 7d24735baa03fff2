import CalendarDays from 'lucide-react/icons/calendar-days';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import HandHeart from 'lucide-react/icons/hand-heart';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import NotebookText from 'lucide-react/icons/notebook-text';
import Sparkles from 'lucide-react/icons/sparkles';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Dashboard as DashboardData, QuickActionId } from '#shared/schemas/dashboard.ts';

const ACTION_ICONS: Record<QuickActionId, LucideIcon> = {
  'continue-lesson': GraduationCap,
  'daily-reading': CalendarDays,
  'choose-plan': CalendarDays,
  'review-verses': Sparkles,
  pray: HandHeart,
  journal: NotebookPen,
  study: NotebookText,
};

const ACTION_LABELS: Record<QuickActionId, string> = {
  'continue-lesson': 'continueCourse',
  'daily-reading': 'readToday',
  'choose-plan': 'choosePlan',
  'review-verses': 'memorize',
  pray: 'pray',
  journal: 'journal',
  study: 'study',
};

export function QuickActions({ actions }: { actions: DashboardData['quickActions'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quick-actions">
      <h2
        id="quick-actions"
        className="mb-3 text-sm font-semibold uppercase tracking-wider text-slate-600"
      >
        {t('dashboard.quickActions')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {actions.map(({ id, href, count }) => {
          const Icon = ACTION_ICONS[id];
          return (
            <li key={id}>
              <Link
                to={href}
                className="flex h-full items-center gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 text-sm font-medium text-slate-800 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span className="relative flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden />
                  {count ? (
                    <span className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-[11px] font-semibold leading-5 text-white">
                      {count}
                    </span>
                  ) : null}
                </span>
                <span>
                  {t(`dashboard.actions.${ACTION_LABELS[id]}`)}
                  {count ? <span className="sr-only"> ({count})</span> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
