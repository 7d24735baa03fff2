import {
  BookOpen,
  CalendarDays,
  GraduationCap,
  HandHeart,
  NotebookPen,
  Sparkles,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader.tsx';
import { Card } from '../components/ui/Card.tsx';
import { useAuth } from '../hooks/useAuth.ts';

const ACTIONS = [
  { to: '/courses', key: 'continueCourse', icon: GraduationCap },
  { to: '/daily-reading', key: 'readToday', icon: CalendarDays },
  { to: '/prayer', key: 'pray', icon: HandHeart },
  { to: '/journal', key: 'journal', icon: NotebookPen },
  { to: '/memory-verses', key: 'memorize', icon: Sparkles },
  { to: '/bible-study', key: 'study', icon: BookOpen },
] as const;

export default function Dashboard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user?.firstName ?? '' })}
        subtitle={t('dashboard.welcomeSubtitle')}
      />
      <section aria-labelledby="quick-actions">
        <h2
          id="quick-actions"
          className="mb-3 text-sm font-semibold uppercase tracking-wider text-slate-600"
        >
          {t('dashboard.quickActions')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {ACTIONS.map(({ to, key, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="flex h-full items-center gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 text-sm font-medium text-slate-800 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden />
                </span>
                {t(`dashboard.actions.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Card className="mt-6 bg-gradient-to-br from-white to-brand-50">
        <h2 className="font-serif text-xl text-brand-950">{t('dashboard.comingTitle')}</h2>
        <p className="mt-1 text-slate-600">{t('dashboard.comingBody')}</p>
      </Card>
    </>
  );
}
