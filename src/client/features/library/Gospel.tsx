import ArrowRight from 'lucide-react/icons/arrow-right';
import Church from 'lucide-react/icons/church';
import Copy from 'lucide-react/icons/copy';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Megaphone from 'lucide-react/icons/megaphone';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import gospel from 'virtual:camino/gospel';
import type { GospelPage } from '#shared/schemas/gospel-page.ts';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { ListenButton } from '../listen/index.ts';
import { Prose } from './Prose.tsx';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// Memorize / journal / favorites are for members: visitors never download them.
const ScriptureActions = readyLazy('ScriptureActions', () => import('./ScriptureActions.tsx'));

const STEP_ICONS = {
  'start-101': GraduationCap,
  'find-a-church': Church,
  'tell-someone': Megaphone,
  'talk-to-us': LifeBuoy,
} as const;

/**
 * /gospel: the good news (God, sin, Christ, response) with Scripture in the reader's language,
 * a prayer and next steps. Its text and verses are part of the build (virtual:camino/gospel,
 * ADR 0023), so a visitor gets it as prerendered HTML and the app takes it over unchanged.
 */
export function GospelContent({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const page: GospelPage = gospel[language];
  const article = useRef<HTMLElement>(null);
  return (
    <article
      ref={article}
      lang={language}
      className={visitor ? 'mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16' : 'mx-auto max-w-3xl'}
    >
      <header className="grid gap-4">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          {t('library.gospel.eyebrow')}
        </p>
        <h1 className="font-serif text-4xl text-brand-950 sm:text-5xl">{page.title}</h1>
        <Prose className="text-lg" html={page.introHtml} />
        <ListenButton
          source={{ kind: 'page', key: `gospel:${language}`, title: page.title, target: article }}
        />
      </header>

      <ol aria-label={t('library.gospel.sections')} className="mt-10 grid gap-8">
        {page.sections.map((s, i) => (
          <li key={s.id}>
            <section
              aria-labelledby={`gospel-${s.id}`}
              className="grid gap-5 rounded-3xl border border-slate-200/80 bg-white p-5 shadow-sm sm:p-8"
            >
              <div className="flex items-center gap-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-serif text-lg text-white"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <h2
                  id={`gospel-${s.id}`}
                  className="font-serif text-2xl text-brand-950 sm:text-3xl"
                >
                  {s.heading}
                </h2>
              </div>
              <Prose html={s.bodyHtml} />
              <div className="grid gap-4">
                {s.scriptures.map((v) => (
                  <figure
                    key={v.reference}
                    className="grid gap-1 border-l-4 border-gold-400 bg-gold-300/10 py-2 pl-4 pr-2"
                  >
                    <blockquote className="font-serif text-lg leading-relaxed text-brand-950">
                      {v.text}
                    </blockquote>
                    <figcaption className="text-sm font-semibold text-brand-800">
                      {v.reference}{' '}
                      <span className="font-normal text-slate-600">({page.translation.code})</span>
                    </figcaption>
                    {visitor ? null : (
                      <Suspense fallback={<div className="h-9" />}>
                        <ScriptureActions
                          reference={v.reference}
                          translation={page.translation.code}
                        />
                      </Suspense>
                    )}
                  </figure>
                ))}
              </div>
            </section>
          </li>
        ))}
      </ol>

      <section
        aria-labelledby="gospel-prayer"
        className="mt-10 grid gap-3 rounded-3xl bg-brand-900 p-6 text-white sm:p-8"
      >
        <h2 id="gospel-prayer" className="font-serif text-2xl sm:text-3xl">
          {t('library.gospel.prayerTitle')}
        </h2>
        <p className="text-brand-100">{t('library.gospel.prayerNote')}</p>
        <blockquote className="whitespace-pre-line font-serif text-lg leading-8 text-white">
          {page.prayer.trim()}
        </blockquote>
      </section>

      <section aria-labelledby="gospel-next" className="mt-10 grid gap-4">
        <h2 id="gospel-next" className="font-serif text-2xl text-brand-950 sm:text-3xl">
          {t('library.gospel.nextSteps')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {page.nextSteps.map((step) => {
            const Icon = STEP_ICONS[step.id];
            return (
              <li
                key={step.id}
                className="grid content-start gap-2 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm"
              >
                <h3 className="flex items-center gap-2 font-serif text-xl text-brand-950">
                  <Icon className="size-5 shrink-0 text-gold-500" aria-hidden /> {step.title}
                </h3>
                <p className="leading-7 text-slate-700">{step.body}</p>
                <StepAction id={step.id} visitor={visitor} />
              </li>
            );
          })}
        </ul>
      </section>

      <p className="mt-8 text-sm text-slate-600">
        {t('library.gospel.scriptureFrom', { name: page.translation.name })}
      </p>
    </article>
  );
}

function StepAction({
  id,
  visitor,
}: {
  id: GospelPage['nextSteps'][number]['id'];
  visitor: boolean;
}) {
  const { t } = useTranslation();
  if (id === 'start-101')
    return (
      <Button asChild className="w-fit">
        <Link to={visitor ? '/sign-up' : '/courses/101'}>
          {t('library.gospel.actions.start-101')} <ArrowRight className="size-4" aria-hidden />
        </Link>
      </Button>
    );
  if (id === 'talk-to-us')
    return (
      <Button asChild variant="outline" className="w-fit">
        <Link to="/support">{t('library.gospel.actions.talk-to-us')}</Link>
      </Button>
    );
  if (id === 'tell-someone') return <CopyLink />;
  return null;
}

function CopyLink() {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/gospel`);
      toast({ title: t('library.gospel.copied') });
    } catch {
      toast({
        title: t('errors.title'),
        description: t('library.gospel.copyFailed'),
        variant: 'destructive',
      });
    }
  }
  return (
    <Button variant="outline" className="w-fit" onClick={() => void copy()}>
      <Copy className="size-4" aria-hidden /> {t('library.gospel.actions.share')}
    </Button>
  );
}

/** The member's /gospel, inside the member shell. */
export default function GospelPage() {
  return <GospelContent visitor={false} />;
}

/** A visitor's /gospel: prerendered (scripts/build/build.ts) and hydrated. */
export function GospelForVisitors() {
  return <GospelContent visitor />;
}
