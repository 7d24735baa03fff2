import Award from 'lucide-react/icons/award';
import PartyPopper from 'lucide-react/icons/party-popper';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useBadges, useCourses } from './api.ts';

export default function CurriculumComplete() {
  const { t, i18n } = useTranslation();
  const badges = useBadges();
  const courses = useCourses();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // The page congratulates only at the real end: it reads the member's progress.
  const total = courses.data?.reduce((n, c) => n + c.lessonCount, 0) ?? 0;
  const done = courses.data?.reduce((n, c) => n + c.completedCount, 0) ?? 0;
  const finished = total > 0 && done === total;
  const next = courses.data?.find((c) => !c.locked && c.nextLessonId)?.nextLessonId;
  if (courses.isLoading) return <p className="text-center text-slate-600">{t('common.loading')}</p>;
  if (courses.isError)
    return <p className="text-center text-red-700">{t('courses.complete.error')}</p>;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 text-center">
      {finished ? (
        <>
          <div className="mx-auto flex size-20 items-center justify-center rounded-3xl bg-gold-400/30 text-brand-900">
            <PartyPopper className="size-10" aria-hidden />
          </div>
          <h1 className="font-serif text-4xl text-brand-950">{t('courses.complete.title')}</h1>
          <p className="text-lg leading-relaxed text-slate-700">
            {t('courses.complete.body', { total })}
          </p>
          <p className="font-serif text-lg italic text-brand-900">{t('courses.complete.verse')}</p>
        </>
      ) : (
        <>
          <h1 className="font-serif text-4xl text-brand-950">
            {t('courses.complete.notYetTitle')}
          </h1>
          <p className="text-lg leading-relaxed text-slate-700">
            {t('courses.complete.notYet', { count: done, total })}
          </p>
          <div
            className="h-3 overflow-hidden rounded-full bg-brand-100"
            role="progressbar"
            aria-label={t('courses.complete.notYetTitle')}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
          >
            <div
              className="h-full rounded-full bg-brand-700"
              style={{ width: `${total ? (done / total) * 100 : 0}%` }}
            />
          </div>
          {next && (
            <Button asChild className="mx-auto w-fit">
              <Link to={`/lesson/${next}`}>{t('courses.complete.continue')}</Link>
            </Button>
          )}
        </>
      )}
      <Card className="text-left">
        <h2 className="mb-3 font-serif text-xl text-brand-950">{t('courses.complete.badges')}</h2>
        {badges.data && badges.data.length > 0 ? (
          <ul className="grid gap-2 sm:grid-cols-3">
            {badges.data.map((b) => (
              <li key={b.badge} className="flex items-center gap-2 rounded-xl bg-brand-50 p-3">
                <Award className="size-6 text-gold-500" aria-hidden />
                <span className="grid">
                  <span className="font-medium text-slate-900">
                    {t(`courses.badges.${b.badge}`)}
                  </span>
                  <span className="text-xs text-slate-600">
                    {date.format(new Date(b.awardedAt))}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">
            {badges.isLoading ? t('common.loading') : t('courses.complete.none')}
          </p>
        )}
      </Card>
      <Button asChild className="mx-auto w-fit">
        <Link to="/courses">{t('courses.complete.back')}</Link>
      </Button>
    </div>
  );
}
