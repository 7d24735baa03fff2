import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import BookOpen from 'lucide-react/icons/book-open';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Check from 'lucide-react/icons/check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import PartyPopper from 'lucide-react/icons/party-popper';
import Sunrise from 'lucide-react/icons/sunrise';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { ActivePlan, DailyReading as DailyReadingData } from '#shared/schemas/reading.ts';
import { OnDeviceNote } from '../../components/OnDeviceNote.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ApiError } from '../../lib/queryClient.ts';
import { PassageText } from '../bible/index.ts';
import { SpanishBibleChoice } from '../spanish-bible/index.ts';
import { BothToggle, InBoth, useShownTranslations } from '../both/index.ts';
import { ListenButton } from '../listen/index.ts';
import {
  planName,
  shownDay,
  useCompleteReading,
  useDailyReading,
  useReadingQueued,
} from './api.ts';
import { CatchUp, ProgressBar, StatusBadge } from './PlanProgress.tsx';

function AllPlansLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <Link to="/reading-plans">
        <CalendarCheck className="size-4" aria-hidden /> {t('readingPlans.daily.allPlans')}
      </Link>
    </Button>
  );
}

function NoPlan() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('readingPlans.daily.title')} />
      <Card className="grid justify-items-center gap-3 bg-gradient-to-br from-white to-gold-300/20 py-12 text-center">
        <Sunrise className="size-12 text-gold-500" aria-hidden />
        <h2 className="font-serif text-2xl text-brand-950">{t('readingPlans.daily.emptyTitle')}</h2>
        <p className="max-w-md text-slate-700">{t('readingPlans.daily.emptyBody')}</p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/reading-plans">
            {t('readingPlans.daily.choosePlan')} <ChevronRight className="size-4" aria-hidden />
          </Link>
        </Button>
      </Card>
    </>
  );
}

function Finished({ plan }: { plan: ActivePlan }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('readingPlans.daily.title')} subtitle={planName(t, plan.planId)} />
      <Card className="grid justify-items-center gap-4 bg-gradient-to-br from-white to-gold-300/30 py-12 text-center">
        <PartyPopper className="size-12 text-gold-500" aria-hidden />
        <h2 className="font-serif text-3xl text-brand-950">
          {t('readingPlans.daily.finishedTitle')}
        </h2>
        <p className="max-w-md text-lg text-slate-700">
          {t('readingPlans.daily.finishedBody', { plan: planName(t, plan.planId) })}
        </p>
        <div className="w-full max-w-md text-left">
          <ProgressBar plan={plan} />
        </div>
        <Button asChild size="lg">
          <Link to="/reading-plans">
            {t('readingPlans.daily.chooseAnother')} <ChevronRight className="size-4" aria-hidden />
          </Link>
        </Button>
      </Card>
    </>
  );
}

function Reading({ data, plan }: { data: DailyReadingData; plan: ActivePlan }) {
  const { t } = useTranslation();
  const topRef = useRef<HTMLDivElement>(null);
  const passagesRef = useRef<HTMLHeadingElement>(null);
  const readingRef = useRef<HTMLDivElement>(null);
  const day = data.day ?? shownDay(plan);
  const doneToday = plan.readToday && (plan.status === 'ahead' || plan.status === 'on-track');
  const [readingAhead, setReadingAhead] = useState(false);

  const complete = useCompleteReading(day, () =>
    topRef.current?.scrollIntoView?.({ behavior: 'smooth' }),
  );
  // Marked with no network: saved on this device, sent when the connection is back.
  const queued = useReadingQueued(day);

  const lang = translationLanguage(data.translation ?? '');
  const shown = useShownTranslations(data.translation ?? '');
  const shownTranslations = data.translation ? shown : null;
  const showPassages = !doneToday || readingAhead;
  return (
    <div ref={topRef} className="scroll-mt-24">
      <PageHeader
        title={t('readingPlans.active.day', { day, total: plan.totalDays })}
        subtitle={planName(t, plan.planId)}
        actions={<AllPlansLink />}
      />
      <div className="grid gap-4">
        <Card className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge plan={plan} />
          </div>
          <ProgressBar plan={plan} />
          {data.onDevice ? <OnDeviceNote>{t('readingPlans.daily.onDevice')}</OnDeviceNote> : null}
          {plan.status === 'behind' && !data.onDevice ? (
            <CatchUp plan={plan} className="pt-1" />
          ) : null}
        </Card>

        {doneToday ? (
          <Card className="flex flex-wrap items-center gap-4 border-emerald-200 bg-gradient-to-br from-white to-emerald-50">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <Check className="size-6" aria-hidden />
            </span>
            <div className="grid min-w-0 flex-1 basis-60 gap-1">
              <h2 className="font-serif text-xl text-brand-950">
                {t('readingPlans.daily.doneToday')}
              </h2>
              <p className="text-slate-700">{t('readingPlans.daily.doneTodayBody', { day })}</p>
            </div>
            {readingAhead ? null : (
              <Button
                variant="outline"
                onClick={() => {
                  setReadingAhead(true);
                  requestAnimationFrame(() => passagesRef.current?.focus());
                }}
              >
                <BookOpen className="size-4" aria-hidden /> {t('readingPlans.daily.readAhead')}
              </Button>
            )}
          </Card>
        ) : null}

        {showPassages ? (
          <Card className="grid gap-6 px-5 py-6 sm:px-10 sm:py-10">
            <h2 ref={passagesRef} tabIndex={-1} className="sr-only">
              {t('readingPlans.daily.passages')}
            </h2>
            {data.passages.length > 0 ? (
              <div className="mx-auto flex w-full max-w-[68ch] flex-wrap items-center gap-2">
                <ListenButton
                  className="contents"
                  source={{
                    kind: 'page',
                    key: `daily:${plan.planId}:${day}`,
                    title: `${planName(t, plan.planId)} · ${t('readingPlans.active.day', { day, total: plan.totalDays })}`,
                    target: readingRef,
                    // Heard to its end, today's reading counts as read: the same as marking it.
                    onFinished: () => {
                      if (!queued) complete.mutate();
                    },
                  }}
                />
                <BothToggle />
              </div>
            ) : null}
            {data.fallback && data.translation && data.requestedTranslation ? (
              <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
                {t('bible.fallbackNote', {
                  requested: data.requestedTranslation,
                  shown: data.translation,
                })}
              </p>
            ) : null}
            {data.passages.length > 0 ? (
              <SpanishBibleChoice className="mx-auto w-full max-w-[68ch]" />
            ) : null}
            {data.passages.length === 0 ? (
              <p className="text-slate-600">{t('readingPlans.daily.noPassages')}</p>
            ) : (
              <div ref={readingRef} className="grid gap-6">
                {data.passages.map((passage) => {
                  const first = passage.verses[0]?.chapter;
                  const text = (
                    <PassageText
                      verses={passage.verses}
                      lang={lang}
                      withChapters={passage.verses.some((v) => v.chapter !== first)}
                    />
                  );
                  return (
                    <section
                      key={passage.osis}
                      aria-label={passage.reference}
                      className="mx-auto grid w-full max-w-[68ch] gap-3"
                    >
                      <h3 className="flex flex-wrap items-baseline gap-x-2 font-serif text-2xl text-brand-950 sm:text-3xl">
                        {passage.reference}
                        {shownTranslations ? (
                          <span className="font-sans text-sm text-slate-500">
                            {shownTranslations}
                          </span>
                        ) : null}
                      </h3>
                      {data.translation ? (
                        <InBoth
                          reference={passage.reference}
                          translation={data.translation}
                          captioned={false}
                        >
                          {text}
                        </InBoth>
                      ) : (
                        text
                      )}
                      <TranslationCredit code={data.translation} />
                    </section>
                  );
                })}
              </div>
            )}
            <div
              data-listen-skip
              className="mx-auto grid w-full max-w-[68ch] gap-2 border-t border-slate-200 pt-6"
            >
              {queued ? (
                <p role="status" className="flex items-start gap-3 text-brand-900">
                  <CloudUpload className="mt-0.5 size-5 shrink-0" aria-hidden />
                  <span>
                    <strong className="font-semibold">{t('offline.pendingTitle')}</strong>{' '}
                    {t('offline.pendingBody')}
                  </span>
                </p>
              ) : (
                <Button
                  size="lg"
                  className="w-full sm:w-auto sm:justify-self-start"
                  disabled={complete.isPending}
                  onClick={() => complete.mutate()}
                >
                  <Check className="size-5" aria-hidden />
                  {complete.isPending
                    ? t('readingPlans.daily.marking')
                    : plan.readToday
                      ? t('readingPlans.daily.markDay', { day })
                      : t('readingPlans.daily.markRead')}
                </Button>
              )}
            </div>
          </Card>
        ) : null}
      </div>
    </div>
  );
}

export default function DailyReading() {
  return (
    <div className="mx-auto max-w-3xl">
      <DailyReadingContent />
    </div>
  );
}

function DailyReadingContent() {
  const { t } = useTranslation();
  const daily = useDailyReading();
  const data = daily.data;

  if (daily.isLoading) {
    const installing =
      daily.failureReason instanceof ApiError && daily.failureReason.status === 503;
    return (
      <>
        <PageHeader title={t('readingPlans.daily.title')} />
        <div className="grid gap-4">
          {installing ? (
            <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
              {t('readingPlans.daily.installing')}
            </p>
          ) : null}
          <Skeletons count={2} height="h-40" className="grid gap-4" />
        </div>
      </>
    );
  }
  if (daily.isError || !data) {
    return (
      <>
        <PageHeader title={t('readingPlans.daily.title')} />
        <QueryError error={daily.error} onRetry={() => void daily.refetch()} />
      </>
    );
  }
  const { plan } = data;
  if (!plan) return <NoPlan />;
  if (plan.status === 'finished' || data.day === null) return <Finished plan={plan} />;
  return <Reading key={data.day} data={data} plan={plan} />;
}
