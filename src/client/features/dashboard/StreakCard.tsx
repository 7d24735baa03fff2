import Flame from 'lucide-react/icons/flame';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Streak } from '#shared/schemas/dashboard.ts';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';

/** Where a day's date goes in its title's sentence (no sentence has this character). */
const DATE = '\u0000';

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
  // Each day's title: its sentence looked up once per count (or grace), its date put in after.
  // Eighty-four lookups, each resolving a plural, were a fifth of drawing the dashboard.
  const sentences = new Map<string, string>();
  const title = (day: Streak['days'][number]) => {
    const kind = day.grace ? 'grace' : String(day.count);
    let sentence = sentences.get(kind);
    if (sentence === undefined) {
      sentence = day.grace
        ? t('dashboard.heatmapGrace', { date: DATE })
        : t('dashboard.heatmapDay', { date: DATE, count: day.count });
      sentences.set(kind, sentence);
    }
    return sentence.replace(DATE, () => format.format(new Date(day.date)));
  };
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
              title={title(d)}
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

/** The streak and heat map; with progress tracking off, says that nothing new is counted. */
export function StreakCard({ streak, tracking }: { streak: Streak; tracking: boolean }) {
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
      {tracking ? (
        <p className="text-sm text-slate-700">
          {streak.today
            ? t('dashboard.streakToday')
            : streak.current > 0
              ? t('dashboard.streakKeep')
              : t('dashboard.streakStart')}
        </p>
      ) : (
        <p className="text-sm text-amber-800" data-testid="tracking-off">
          {t('dashboard.trackingOff')}{' '}
          <Link
            to="/account-settings?tab=preferences"
            className="font-medium underline underline-offset-2 hover:text-amber-950"
          >
            {t('dashboard.trackingTurnOn')}
          </Link>
        </p>
      )}
      <HeatMap days={streak.days} />
      <p className="text-xs text-slate-600">
        {t('dashboard.graceLeft', { count: streak.graceDaysLeft })}
      </p>
    </Card>
  );
}
