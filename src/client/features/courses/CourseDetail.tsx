import CheckCircle2 from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import CircleDot from 'lucide-react/icons/circle-dot';
import Lock from 'lucide-react/icons/lock';
import { useTranslation } from 'react-i18next';
import { OnDeviceNote } from '../../components/OnDeviceNote.tsx';
import { Link, useParams } from '../../lib/router.tsx';
import type { LessonStatus } from '#shared/schemas/course.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import { AgeGateWaiting } from '../../components/QueryStates.tsx';
import { errorCode, errorMessage } from '../../lib/queryClient.ts';
import { useCourse } from './api.ts';
import { PremiumGate } from './PremiumGate.tsx';
import { ProgressRing } from '../../components/ProgressRing.tsx';

const ICONS: Record<LessonStatus, typeof Circle> = {
  completed: CheckCircle2,
  in_progress: CircleDot,
  available: Circle,
  locked: Lock,
};

/** The course overview (or, with `startLabel`, a course intro page such as /course-303-intro). */
export function CourseView({ courseId, intro = false }: { courseId: string; intro?: boolean }) {
  const { t } = useTranslation();
  const course = useCourse(courseId);
  if (course.isLoading)
    return (
      <p role="status" className="text-slate-600">
        {t('common.loading')}
      </p>
    );
  if (errorCode(course.error) === 'AGE_NOT_VERIFIED') return <AgeGateWaiting />;
  if (course.isError || !course.data) {
    return (
      <Card role="alert" className="grid gap-3">
        <p className="text-red-700">{errorMessage(course.error, t)}</p>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/courses">{t('courses.backToCourses')}</Link>
        </Button>
      </Card>
    );
  }
  const c = course.data;
  const done = c.lessons.filter((l) => l.status === 'completed').length;
  const next = c.lessons.find((l) => l.status === 'in_progress' || l.status === 'available');
  return (
    <>
      <PageHeader
        title={c.title}
        subtitle={c.subtitle}
        actions={
          <Button asChild variant="outline">
            <Link to="/courses">{t('courses.backToCourses')}</Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          {c.locked ? <PremiumGate /> : null}
          {c.onDevice ? <OnDeviceNote>{t('courses.detail.onDevice')}</OnDeviceNote> : null}
          <Card className="grid gap-3">
            {intro ? (
              <h2 className="font-serif text-xl text-brand-950">
                {t('courses.intro.whatYouLearn')}
              </h2>
            ) : null}
            <p className="leading-relaxed text-slate-700">{c.description}</p>
            {c.tracks.length > 0 ? (
              <div>
                <h3 className="mb-2 text-sm font-semibold uppercase tracking-wider text-slate-600">
                  {t('courses.tracks')}
                </h3>
                <ul className="flex flex-wrap gap-2">
                  {c.tracks.map((tr) => (
                    <li
                      key={tr.id}
                      className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
                    >
                      {tr.name}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {!c.locked && !c.onDevice && next ? (
              <Button asChild className="w-fit">
                <Link to={`/lesson/${next.id}`}>
                  {done > 0
                    ? t('courses.continue')
                    : intro
                      ? t('courses.intro.start')
                      : t('courses.start')}
                </Link>
              </Button>
            ) : null}
          </Card>
          <Card>
            <h2 className="mb-3 font-serif text-xl text-brand-950">{t('courses.lessonList')}</h2>
            <ol className="grid gap-2">
              {c.lessons.map((l) => {
                const Icon = ICONS[l.status];
                const body = (
                  <>
                    <Icon
                      className={cn(
                        'mt-0.5 size-5 shrink-0',
                        l.status === 'completed'
                          ? 'text-emerald-600'
                          : l.status === 'locked'
                            ? 'text-slate-400'
                            : 'text-brand-700',
                      )}
                      aria-hidden
                    />
                    <span className="grid gap-0.5">
                      <span className="font-medium text-slate-900">
                        {l.order}. {l.title}
                      </span>
                      <span className="text-sm text-slate-600">{l.summary}</span>
                      {c.onDevice ? null : (
                        <span className="text-xs font-medium text-slate-600">
                          {t(`courses.status.${l.status}`)}
                          {l.status === 'locked' && !c.locked
                            ? ` · ${t('courses.lockedHint')}`
                            : ''}
                        </span>
                      )}
                    </span>
                  </>
                );
                return (
                  <li key={l.id}>
                    {l.status === 'locked' ? (
                      <div className="flex gap-3 rounded-xl bg-slate-50 p-3">{body}</div>
                    ) : (
                      <Link
                        to={`/lesson/${l.id}`}
                        className="flex gap-3 rounded-xl p-3 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      >
                        {body}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ol>
          </Card>
        </div>
        <Card className="grid content-start justify-items-center gap-3 self-start text-center lg:sticky lg:top-20">
          <ProgressRing
            value={done}
            total={c.lessons.length}
            size={120}
            label={t('courses.progress', { done, total: c.lessons.length })}
          />
          <p className="text-sm text-slate-700">
            {t('courses.progress', { done, total: c.lessons.length })}
          </p>
          <div className="h-2 w-full overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
            <div
              className="h-full rounded-full bg-brand-700"
              style={{ width: `${(done / c.lessons.length) * 100}%` }}
            />
          </div>
        </Card>
      </div>
    </>
  );
}

export default function CourseDetail() {
  const { courseId = '' } = useParams();
  return <CourseView courseId={courseId} />;
}

export function Course202Intro() {
  return <CourseView courseId="202" intro />;
}

export function Course303Intro() {
  return <CourseView courseId="303" intro />;
}
