import CalendarDays from 'lucide-react/icons/calendar-days';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Dashboard as DashboardData } from '#shared/schemas/dashboard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';

export function TodayReadingCard({ reading }: { reading: DashboardData['todaysReading'] }) {
  const { t } = useTranslation();
  if (!reading) {
    return (
      <Card className="grid content-start gap-2">
        <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
          <CalendarDays className="size-5 text-brand-600" aria-hidden />
          {t('dashboard.readingTitle')}
        </h2>
        <p className="text-sm text-slate-600">{t('dashboard.noPlan')}</p>
        <Button asChild size="sm" variant="outline" className="mt-1 w-fit">
          <Link to="/reading-plans">{t('dashboard.choosePlan')}</Link>
        </Button>
      </Card>
    );
  }
  const { plan } = reading;
  const finished = plan.status === 'finished';
  return (
    <Card className="grid content-start gap-2">
      <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <CalendarDays className="size-5 text-brand-600" aria-hidden />
        {t('dashboard.readingTitle')}
      </h2>
      <p className="text-sm text-slate-600">
        {t(`readingPlans.plans.${reading.planId}.name`)} ·{' '}
        {finished
          ? t('dashboard.planFinished')
          : t('dashboard.planDay', { day: plan.currentDay, total: plan.totalDays })}
      </p>
      {!finished ? (
        <ul className="grid gap-0.5 font-serif text-lg text-brand-950">
          {reading.references.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      {plan.status === 'behind' ? (
        <p className="text-sm text-amber-800">
          {t('dashboard.planBehind', { count: plan.daysBehind })}
        </p>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {plan.readToday ? (
          <span className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
            <CheckCircle2 className="size-4" aria-hidden /> {t('dashboard.readToday')}
          </span>
        ) : null}
        <Button
          asChild
          size="sm"
          variant={plan.readToday || finished ? 'outline' : 'primary'}
          className="w-fit"
        >
          <Link to={finished ? '/reading-plans' : '/daily-reading'}>
            {finished
              ? t('dashboard.choosePlan')
              : plan.readToday
                ? t('dashboard.readAhead')
                : t('dashboard.readNow')}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
