import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  CalendarDays,
  CheckCircle2,
  Flame,
  GraduationCap,
  HandHeart,
  NotebookPen,
  NotebookText,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  Activity,
  ActivityKind,
  Dashboard as DashboardData,
  QuickActionId,
  Streak,
} from '#shared/schemas/dashboard.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { useLanguage } from '../../lib/language.tsx';
import { cn } from '../../lib/cn.ts';
import { ProgressRing } from '../../components/ProgressRing.tsx';
import { AddMemoryVerseDialog } from '../memory/index.ts';

export const DASHBOARD_KEY = ['/api/dashboard'] as const;

const ACTION_ICONS: Record<QuickActionId, LucideIcon> = {
  'continue-lesson': GraduationCap,
  'daily-reading': CalendarDays,
  'choose-plan': CalendarDays,
  'review-verses': Sparkles,
  pray: HandHeart,
  journal: NotebookPen,
  study: NotebookText,
};

const ACTIVITY_ICONS: Record<ActivityKind, LucideIcon> = {
  lesson: GraduationCap,
  reading: BookOpen,
  prayer: HandHeart,
  memory: Sparkles,
  journal: NotebookPen,
};

function TodaysVerse({ verse }: { verse: DashboardData['verseOfTheDay'] }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Card className="grid h-full content-start gap-3 border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
      <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
        <BookOpen className="size-4" aria-hidden /> {t('dashboard.todaysVerse')}
      </h2>
      {verse ? (
        <>
          <figure className="grid gap-2" lang={verse.translation === 'RV1909' ? 'es' : 'en'}>
            <blockquote className="font-serif text-xl leading-relaxed text-brand-950 sm:text-2xl">
              {verse.verses.map((v) => v.text).join(' ')}
            </blockquote>
            <figcaption className="text-sm font-semibold text-brand-800">
              {verse.reference}{' '}
              <span className="font-normal text-slate-500">({verse.translation})</span>
            </figcaption>
          </figure>
          <Button
            size="sm"
            variant="ghost"
            className="w-fit px-2 text-brand-700"
            onClick={() => setAdding(true)}
          >
            <Sparkles className="size-4" aria-hidden /> {t('dashboard.memorize')}
          </Button>
          {adding ? (
            <AddMemoryVerseDialog
              open
              onOpenChange={setAdding}
              reference={verse.reference}
              translation={verse.translation}
            />
          ) : null}
        </>
      ) : (
        <p role="status" className="text-slate-600">
          {t('dashboard.verseLoading')}
        </p>
      )}
    </Card>
  );
}

/** Twelve weeks, Monday to Sunday in rows, oldest week on the left. */
function HeatMap({ days }: { days: Streak['days'] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const first = days[0];
  if (!first) return null;
  const lead = (new Date(`${first.date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (Streak['days'][number] | null)[] = [...Array<null>(lead).fill(null), ...days];
  const active = days.filter((d) => d.count > 0).length;
  const format = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <figure className="grid gap-2">
      <div
        role="img"
        aria-label={t('dashboard.heatmapLabel', { count: active, days: days.length })}
        className="grid w-fit grid-flow-col grid-rows-7 gap-[3px]"
      >
        {cells.map((d, i) =>
          d ? (
            <span
              key={d.date}
              title={
                d.grace
                  ? t('dashboard.heatmapGrace', { date: format.format(new Date(d.date)) })
                  : t('dashboard.heatmapDay', {
                      date: format.format(new Date(d.date)),
                      count: d.count,
                    })
              }
              className={cn(
                'size-3 rounded-[3px] sm:size-3.5',
                d.grace
                  ? 'bg-gold-300/70 ring-1 ring-inset ring-gold-500/60'
                  : d.count === 0
                    ? 'bg-slate-200/80'
                    : d.count === 1
                      ? 'bg-brand-300'
                      : d.count === 2
                        ? 'bg-brand-500'
                        : 'bg-brand-700',
              )}
            />
          ) : (
            <span key={`pad-${i}`} className="size-3 sm:size-3.5" />
          ),
        )}
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        <span>{t('dashboard.heatmapCaption', { count: active, days: days.length })}</span>
        <span className="flex items-center gap-1">
          <span className="size-2.5 rounded-sm bg-slate-200/80" aria-hidden />
          {t('dashboard.legendNone')}
          <span className="ml-1 size-2.5 rounded-sm bg-brand-300" aria-hidden />
          <span className="size-2.5 rounded-sm bg-brand-500" aria-hidden />
          <span className="size-2.5 rounded-sm bg-brand-700" aria-hidden />
          {t('dashboard.legendMore')}
          <span
            className="ml-2 size-2.5 rounded-sm bg-gold-300/70 ring-1 ring-inset ring-gold-500/60"
            aria-hidden
          />
          {t('dashboard.legendGrace')}
        </span>
      </figcaption>
    </figure>
  );
}

function StreakCard({ streak }: { streak: Streak }) {
  const { t } = useTranslation();
  return (
    <Card className="grid content-start gap-3">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-12 shrink-0 items-center justify-center rounded-2xl',
            streak.current > 0 ? 'bg-orange-100 text-orange-600' : 'bg-slate-100 text-slate-500',
          )}
        >
          <Flame className="size-6" aria-hidden />
        </span>
        <div className="grid">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            {t('dashboard.streakTitle')}
          </h2>
          <p className="text-2xl font-semibold text-brand-950" data-testid="streak-count">
            {t('dashboard.streakDays', { count: streak.current })}
          </p>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {streak.today
          ? t('dashboard.streakToday')
          : streak.current > 0
            ? t('dashboard.streakKeep')
            : t('dashboard.streakStart')}
      </p>
      <HeatMap days={streak.days} />
      <p className="text-xs text-slate-600">
        {t('dashboard.graceLeft', { count: streak.graceDaysLeft })}
      </p>
    </Card>
  );
}

function TodaysReading({ reading }: { reading: DashboardData['todaysReading'] }) {
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

function MemorySummary({ memory }: { memory: DashboardData['memoryVerseCount'] }) {
  const { t } = useTranslation();
  return (
    <Card className="grid content-start gap-2">
      <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <Sparkles className="size-5 text-gold-500" aria-hidden /> {t('dashboard.memoryTitle')}
      </h2>
      <p className="text-3xl font-semibold text-brand-900">
        {t('dashboard.memoryCount', { count: memory.total })}
      </p>
      <p className="text-sm text-slate-600">{t('dashboard.memoryDue', { count: memory.due })}</p>
      <Button
        asChild
        size="sm"
        variant={memory.due > 0 ? 'primary' : 'outline'}
        className="mt-1 w-fit"
      >
        <Link to="/memory-verses">
          {memory.total === 0 ? t('dashboard.addFirst') : t('dashboard.practiseNow')}
        </Link>
      </Button>
    </Card>
  );
}

function CourseProgress({ courses }: { courses: DashboardData['courseProgress'] }) {
  const { t } = useTranslation();
  return (
    <Card className="grid content-start gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('dashboard.yourCourses')}</h2>
      {courses
        .filter((c) => !c.locked)
        .map((c) => (
          <div key={c.id} className="flex items-center gap-3">
            <ProgressRing
              value={c.completed}
              total={c.total}
              size={56}
              label={t('courses.progress', { done: c.completed, total: c.total })}
            />
            <div className="grid flex-1 gap-0.5">
              <p className="font-medium text-slate-900">{c.title}</p>
              <p className="text-xs text-slate-600">
                {t('courses.progress', { done: c.completed, total: c.total })}
              </p>
            </div>
            {c.nextLessonId ? (
              <Button asChild size="sm" variant="outline">
                <Link to={`/lesson/${c.nextLessonId}`}>{t('dashboard.continueLesson')}</Link>
              </Button>
            ) : null}
          </div>
        ))}
      <Link to="/courses" className="w-fit text-sm font-medium text-brand-700 hover:underline">
        {t('dashboard.allCourses')}
      </Link>
    </Card>
  );
}

function timeAgo(iso: string, language: string, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

function activityText(a: Activity, t: TFunction): string {
  if (a.kind === 'prayer') return t('dashboard.activity.prayer', { count: a.amount });
  if (a.kind === 'journal' && !a.label) return t('dashboard.activity.journalUntitled');
  if (a.kind === 'reading') return t('dashboard.activity.reading', { label: a.label });
  return t(`dashboard.activity.${a.kind}`, { label: a.label });
}

function RecentActivity({ items }: { items: Activity[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Card className="grid content-start gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('dashboard.recentTitle')}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.recentEmpty')}</p>
      ) : (
        <ul className="grid gap-1">
          {items.map((a) => {
            const Icon = ACTIVITY_ICONS[a.kind];
            return (
              <li key={a.id}>
                <Link
                  to={a.href ?? '/'}
                  className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-800">
                    {activityText(a, t)}
                  </span>
                  <time dateTime={a.occurredAt} className="shrink-0 text-xs text-slate-500">
                    {timeAgo(a.occurredAt, language)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const ACTION_LABELS: Record<QuickActionId, string> = {
  'continue-lesson': 'continueCourse',
  'daily-reading': 'readToday',
  'choose-plan': 'choosePlan',
  'review-verses': 'memorize',
  pray: 'pray',
  journal: 'journal',
  study: 'study',
};

function QuickActions({ actions }: { actions: DashboardData['quickActions'] }) {
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

export default function Dashboard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const dashboard = useQuery<DashboardData>({
    queryKey: DASHBOARD_KEY,
    // Behind the age gate the member routes answer 403: wait until it is passed.
    enabled: !!user?.ageVerified,
    // The dashboard sums up what the member did elsewhere: fetch it fresh on every visit.
    staleTime: 0,
    // On a brand-new install the Bibles load for a few seconds after start-up.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.verseOfTheDay ? 4000 : false,
  });
  const d = dashboard.data;
  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user?.firstName ?? '' })}
        subtitle={t('dashboard.welcomeSubtitle')}
      />
      {dashboard.isError ? (
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : !d ? (
        <Skeletons count={4} height="h-40" className="grid gap-4 lg:grid-cols-3" />
      ) : (
        <div className="grid gap-6">
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <TodaysVerse verse={d.verseOfTheDay} />
            </div>
            <StreakCard streak={d.streak} />
          </div>
          <QuickActions actions={d.quickActions} />
          <div className="grid gap-4 lg:grid-cols-3">
            <TodaysReading reading={d.todaysReading} />
            <MemorySummary memory={d.memoryVerseCount} />
            <CourseProgress courses={d.courseProgress} />
          </div>
          <RecentActivity items={d.recentActivity} />
        </div>
      )}
    </>
  );
}
