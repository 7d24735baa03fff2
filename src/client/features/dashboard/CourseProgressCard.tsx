import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Dashboard as DashboardData } from '#shared/schemas/dashboard.ts';
import { ProgressRing } from '../../components/ProgressRing.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';

export function CourseProgressCard({ courses }: { courses: DashboardData['courseProgress'] }) {
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
