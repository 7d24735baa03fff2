import Crown from 'lucide-react/icons/crown';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Lock from 'lucide-react/icons/lock';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useCourses, type CourseSummary } from './api.ts';
import { ProgressRing } from '../../components/ProgressRing.tsx';

const introOf: Record<string, string> = { '202': '/course-202-intro', '303': '/course-303-intro' };

function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation();
  const started = course.completedCount > 0;
  return (
    <Card className="flex h-full flex-col gap-4">
      <div className="flex items-start gap-4">
        <ProgressRing
          value={course.completedCount}
          total={course.lessonCount}
          label={t('courses.progress', { done: course.completedCount, total: course.lessonCount })}
        />
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            {course.premium ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-gold-400/30 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                <Crown className="size-3" aria-hidden /> {t('common.premium')}
              </span>
            ) : (
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                {t('common.free')}
              </span>
            )}
            <span className="text-xs text-slate-600">
              {t('courses.lessons', { count: course.lessonCount })}
            </span>
          </div>
          <h2 className="font-serif text-xl text-brand-950">{course.title}</h2>
          <p className="text-sm text-slate-600">{course.subtitle}</p>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {t('courses.progress', { done: course.completedCount, total: course.lessonCount })}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        {course.locked ? (
          <>
            <Button asChild variant="secondary">
              <Link to="/subscription">
                <Lock className="size-4" aria-hidden /> {t('courses.subscribe')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={introOf[course.id] ?? `/courses/${course.id}`}>{t('courses.preview')}</Link>
            </Button>
          </>
        ) : (
          <>
            {course.nextLessonId ? (
              <Button asChild>
                <Link to={`/lesson/${course.nextLessonId}`}>
                  {started ? t('courses.continue') : t('courses.start')}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <Link to={`/courses/${course.id}`}>{t('courses.view')}</Link>
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

export default function Courses() {
  const { t } = useTranslation();
  const courses = useCourses();
  const open = courses.data?.filter((c) => !c.locked) ?? [];
  const premium = courses.data?.filter((c) => c.locked) ?? [];
  return (
    <>
      <PageHeader title={t('courses.title')} subtitle={t('courses.subtitle')} />
      {courses.isLoading ? (
        <Skeletons count={3} height="h-64" className="grid gap-4 md:grid-cols-3" />
      ) : courses.isError ? (
        <QueryError error={courses.error} onRetry={() => void courses.refetch()} />
      ) : (
        <div className="grid gap-8">
          {[
            {
              id: 'available-courses',
              label: t('courses.available'),
              icon: <GraduationCap className="size-4" aria-hidden />,
              items: open,
            },
            {
              id: 'premium-courses',
              label: t('courses.premiumSection'),
              icon: <Crown className="size-4 text-gold-500" aria-hidden />,
              items: premium,
            },
          ]
            .filter((section) => section.items.length > 0)
            .map((section) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2
                  id={section.id}
                  className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-slate-600"
                >
                  {section.icon} {section.label}
                </h2>
                <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {section.items.map((c) => (
                    <li key={c.id}>
                      <CourseCard course={c} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
      )}
    </>
  );
}
