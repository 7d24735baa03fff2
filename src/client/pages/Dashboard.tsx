import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  CalendarDays,
  GraduationCap,
  HandHeart,
  NotebookPen,
  Sparkles,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Passage } from '#shared/schemas/bible.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { useAuth } from '../hooks/useAuth.ts';
import { useLanguage } from '../lib/language.tsx';
import { ApiError } from '../lib/queryClient.ts';
import { useCourses } from '../features/courses/api.ts';
import { ProgressRing } from '../features/courses/ProgressRing.tsx';
import { AddMemoryVerseDialog } from '../features/memory/AddMemoryVerseDialog.tsx';

const ACTIONS = [
  { to: '/courses', key: 'continueCourse', icon: GraduationCap },
  { to: '/daily-reading', key: 'readToday', icon: CalendarDays },
  { to: '/prayer', key: 'pray', icon: HandHeart },
  { to: '/journal', key: 'journal', icon: NotebookPen },
  { to: '/memory-verses', key: 'memorize', icon: Sparkles },
  { to: '/bible-study', key: 'study', icon: BookOpen },
] as const;

function TodaysVerse() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [adding, setAdding] = useState(false);
  const verse = useQuery<Passage & { date: string }>({
    queryKey: [`/api/bible/verse-of-the-day?lang=${language}`],
    // On a brand-new install the Bibles load for a few seconds after start-up (503 meanwhile).
    retry: (count, error) => error instanceof ApiError && error.status === 503 && count < 20,
    retryDelay: 3000,
  });
  return (
    <Card className="grid gap-3 border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
      <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
        <BookOpen className="size-4" aria-hidden /> {t('dashboard.todaysVerse')}
      </h2>
      {verse.data ? (
        <figure className="grid gap-2" lang={verse.data.translation === 'RV1909' ? 'es' : 'en'}>
          <blockquote className="font-serif text-xl leading-relaxed text-brand-950 sm:text-2xl">
            {verse.data.verses.map((v) => v.text).join(' ')}
          </blockquote>
          <figcaption className="text-sm font-semibold text-brand-800">
            {verse.data.reference}{' '}
            <span className="font-normal text-slate-500">({verse.data.translation})</span>
          </figcaption>
        </figure>
      ) : (
        <p role="status" className="text-slate-600">
          {verse.isError ? t('bible.errors.loading') : t('dashboard.verseLoading')}
        </p>
      )}
      {verse.data ? (
        <Button
          size="sm"
          variant="ghost"
          className="w-fit px-2 text-brand-700"
          onClick={() => setAdding(true)}
        >
          <Sparkles className="size-4" aria-hidden /> {t('dashboard.memorize')}
        </Button>
      ) : null}
      {adding && verse.data ? (
        <AddMemoryVerseDialog
          open
          onOpenChange={setAdding}
          reference={verse.data.reference}
          translation={verse.data.translation}
        />
      ) : null}
    </Card>
  );
}

function CourseProgress() {
  const { t } = useTranslation();
  const courses = useCourses();
  const open = courses.data?.filter((c) => !c.locked) ?? [];
  return (
    <Card className="grid content-start gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('dashboard.yourCourses')}</h2>
      {open.map((c) => (
        <div key={c.id} className="flex items-center gap-3">
          <ProgressRing
            value={c.completedCount}
            total={c.lessonCount}
            size={56}
            label={t('courses.progress', { done: c.completedCount, total: c.lessonCount })}
          />
          <div className="grid flex-1 gap-0.5">
            <p className="font-medium text-slate-900">{c.title}</p>
            <p className="text-xs text-slate-600">
              {t('courses.progress', { done: c.completedCount, total: c.lessonCount })}
            </p>
          </div>
          {c.nextLessonId ? (
            <Button asChild size="sm" variant="outline">
              <Link to={`/lesson/${c.nextLessonId}`}>{t('dashboard.continueLesson')}</Link>
            </Button>
          ) : null}
        </div>
      ))}
    </Card>
  );
}

function MemorySummary() {
  const { t } = useTranslation();
  const memory = useQuery<{ total: number; dueCount: number }>({
    queryKey: ['/api/memory-verses'],
  });
  return (
    <Card className="grid content-start gap-2">
      <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <Sparkles className="size-5 text-gold-500" aria-hidden /> {t('dashboard.memoryTitle')}
      </h2>
      {memory.data ? (
        <>
          <p className="text-3xl font-semibold text-brand-900">
            {t('dashboard.memoryCount', { count: memory.data.total })}
          </p>
          <p className="text-sm text-slate-600">
            {t('dashboard.memoryDue', { count: memory.data.dueCount })}
          </p>
          <Button
            asChild
            size="sm"
            variant={memory.data.dueCount > 0 ? 'primary' : 'outline'}
            className="mt-1 w-fit"
          >
            <Link to="/memory-verses">
              {memory.data.total === 0 ? t('dashboard.addFirst') : t('dashboard.practiseNow')}
            </Link>
          </Button>
        </>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t('common.loading')}
        </p>
      )}
    </Card>
  );
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user?.firstName ?? '' })}
        subtitle={t('dashboard.welcomeSubtitle')}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TodaysVerse />
        </div>
        <MemorySummary />
      </div>
      <section aria-labelledby="quick-actions" className="mt-6">
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
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <CourseProgress />
        <Card className="bg-gradient-to-br from-white to-brand-50">
          <h2 className="font-serif text-xl text-brand-950">{t('dashboard.comingTitle')}</h2>
          <p className="mt-1 text-slate-600">{t('dashboard.comingBody')}</p>
        </Card>
      </div>
    </>
  );
}
