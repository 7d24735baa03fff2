import { useTranslation } from 'react-i18next';
import { COURSE_TITLES } from 'virtual:camino/courses';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useAdminStats } from './api.ts';

function Figure({ label, value, text }: { label: string; value: string; text?: boolean }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5 rounded-2xl bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={text ? 'font-medium text-brand-950' : 'font-serif text-2xl text-brand-950'}>
        {value}
      </dd>
    </div>
  );
}

/** Platform figures, computed on the server again whenever a write may have changed them. */
export function FiguresPanel() {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const stats = useAdminStats();
  if (stats.isLoading) return <Skeletons count={3} height="h-28" />;
  if (stats.isError || !stats.data) {
    return <QueryError error={stats.error} onRetry={() => void stats.refetch()} />;
  }
  const s = stats.data;
  const num = new Intl.NumberFormat(i18n.language);
  const F = 'admin.figures';
  const median = s.tickets.medianFirstReplyMinutes;
  const medianText =
    median === null
      ? t(`${F}.noReplies`)
      : median < 60
        ? t(`${F}.minutes`, { count: median })
        : t(`${F}.hours`, { hours: Math.floor(median / 60), minutes: median % 60 });
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  return (
    <div className="grid min-w-0 gap-4">
      <Card className="grid gap-3">
        <h2 className="font-serif text-xl text-brand-950">{t(`${F}.members`)}</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Figure label={t(`${F}.total`)} value={num.format(s.members.total)} />
          <Figure label={t(`${F}.newThisWeek`)} value={num.format(s.members.newThisWeek)} />
          <Figure label={t(`${F}.active7`)} value={num.format(s.members.active7)} />
          <Figure label={t(`${F}.active30`)} value={num.format(s.members.active30)} />
          <Figure label={t(`${F}.premium`)} value={num.format(s.members.premium)} />
        </dl>
      </Card>
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="grid content-start gap-3">
          <h2 className="font-serif text-xl text-brand-950">{t(`${F}.lessons`)}</h2>
          {s.lessonsCompleted.length === 0 ? (
            <p className="text-slate-600">{t(`${F}.noLessons`)}</p>
          ) : (
            <dl className="grid gap-3">
              {s.lessonsCompleted.map((c) => (
                <Figure
                  key={c.courseId}
                  label={
                    (COURSE_TITLES[language] as Partial<Record<string, string>>)[c.courseId] ??
                    c.courseId
                  }
                  value={num.format(c.count)}
                />
              ))}
            </dl>
          )}
        </Card>
        <Card className="grid content-start gap-3">
          <h2 className="font-serif text-xl text-brand-950">{t(`${F}.plans`)}</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={t(`${F}.plansStarted`)} value={num.format(s.readingPlans.started)} />
            <Figure label={t(`${F}.plansFinished`)} value={num.format(s.readingPlans.finished)} />
          </dl>
        </Card>
        <Card className="grid content-start gap-3">
          <h2 className="font-serif text-xl text-brand-950">{t(`${F}.groups`)}</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={t(`${F}.activeGroups`)} value={num.format(s.groups.active)} />
            <Figure
              label={t(`${F}.membersInGroups`)}
              value={num.format(s.groups.membersInGroups)}
            />
          </dl>
        </Card>
        <Card className="grid content-start gap-3">
          <h2 className="font-serif text-xl text-brand-950">{t(`${F}.tickets`)}</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={t(`${F}.openTickets`)} value={num.format(s.tickets.open)} />
            <Figure label={t(`${F}.medianFirstReply`)} value={medianText} text={median === null} />
          </dl>
        </Card>
      </div>
      <p className="text-sm text-slate-600">
        {t(`${F}.computedAt`, { time: time.format(new Date(s.computedAt)) })}
      </p>
    </div>
  );
}
