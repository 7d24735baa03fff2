import BookOpen from 'lucide-react/icons/book-open';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import HandHeart from 'lucide-react/icons/hand-heart';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Sparkles from 'lucide-react/icons/sparkles';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.tsx';
import { TOTAL_LESSONS } from 'virtual:camino/courses';
import { Button } from '../components/ui/Button.tsx';

const FEATURES = [
  { key: 'courses', icon: GraduationCap },
  { key: 'bible', icon: BookOpen },
  { key: 'prayer', icon: HandHeart },
  { key: 'journal', icon: NotebookPen },
  { key: 'memory', icon: Sparkles },
  { key: 'plans', icon: CalendarCheck },
] as const;

export default function Landing() {
  const { t } = useTranslation();
  return (
    <>
      <section className="relative overflow-hidden">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,#dbe7f5,transparent_50%),radial-gradient(circle_at_85%_10%,#fbeccb,transparent_40%)]" />
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div className="grid gap-6">
            <p className="w-fit rounded-full bg-white/80 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-700 shadow-sm">
              {t('landing.eyebrow')}
            </p>
            <h1 className="font-serif text-4xl leading-tight text-brand-950 sm:text-6xl">
              {t('landing.title')}
            </h1>
            <p className="max-w-xl text-lg text-slate-700">{t('landing.subtitle')}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/sign-up">{t('landing.cta')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/sign-in">{t('landing.secondaryCta')}</Link>
              </Button>
            </div>
          </div>
          <figure className="rounded-3xl border border-white/70 bg-white/80 p-8 shadow-xl backdrop-blur">
            <BookOpen className="size-8 text-gold-500" aria-hidden />
            <blockquote className="mt-4 font-serif text-2xl leading-snug text-brand-950">
              {t('landing.verse')}
            </blockquote>
            <figcaption className="mt-4 text-sm font-medium text-slate-600">
              {t('landing.verseRef')}
            </figcaption>
          </figure>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6" aria-labelledby="features-title">
        <h2 id="features-title" className="font-serif text-3xl text-brand-950">
          {t('landing.featuresTitle')}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200/80 bg-white p-6 shadow-sm">
              <div className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                {t(`landing.features.${key}.title`)}
              </h3>
              <p className="mt-1 text-slate-600">
                {t(`landing.features.${key}.body`, { count: TOTAL_LESSONS })}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid gap-4 rounded-3xl bg-brand-800 p-8 text-white sm:p-12">
          <h2 className="font-serif text-3xl">{t('landing.closingTitle')}</h2>
          <p className="max-w-2xl text-brand-100">{t('landing.closingBody')}</p>
          <Button asChild variant="secondary" size="lg" className="w-fit">
            <Link to="/sign-up">{t('landing.cta')}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
