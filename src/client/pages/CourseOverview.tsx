import Crown from 'lucide-react/icons/crown';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.tsx';
import { COURSES, TOTAL_LESSONS } from 'virtual:camino/courses';
import { Button } from '../components/ui/Button.tsx';
import { useLanguage } from '../lib/language.tsx';

/**
 * /course-overview: the three courses as content/courses describes them (titles, descriptions and
 * lesson counts come with the build, scripts/build/courses.ts), prerendered for visitors.
 */
export default function CourseOverview() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-4xl text-brand-950">{t('courseOverview.title')}</h1>
      <p className="mt-3 text-lg text-slate-700">
        {t('courseOverview.lead', { count: TOTAL_LESSONS })}
      </p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {COURSES.map((c) => (
          <li
            key={c.id}
            className="flex flex-col rounded-2xl border border-slate-200/80 bg-white p-6 shadow-sm"
          >
            <div className="flex items-center justify-between">
              <GraduationCap className="size-6 text-brand-700" aria-hidden />
              <span
                className={
                  c.premium
                    ? 'inline-flex items-center gap-1 rounded-full bg-gold-400/30 px-2.5 py-0.5 text-xs font-semibold text-brand-900'
                    : 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800'
                }
              >
                {c.premium ? <Crown className="size-3" aria-hidden /> : null}
                {c.premium ? t('common.premium') : t('common.free')}
              </span>
            </div>
            <h2 className="mt-4 font-serif text-xl text-brand-950">{c.text[language].title}</h2>
            <p className="mt-2 flex-1 text-slate-600">{c.text[language].description}</p>
            <p className="mt-4 text-sm font-medium text-slate-700">
              {t('courseOverview.lessons', { count: c.lessons })}
            </p>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-10">
        <Link to="/sign-up">{t('courseOverview.cta')}</Link>
      </Button>
    </div>
  );
}
