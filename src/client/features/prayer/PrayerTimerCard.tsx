import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Timer from 'lucide-react/icons/timer';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRAYER_TIMER_MAX_MINUTES, PRAYER_TIMER_PRESETS } from '#shared/values/prayer.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { ChoiceChips } from '../../components/ui/Chips.tsx';
import { newId } from '../../lib/ids.ts';
import { useActiveRequests, useRecordPrayerSession } from './api.ts';
import { formatClock, isValidMinutes, usePrayerTimer } from './usePrayerTimer.ts';

const DEFAULT_MINUTES = 10;
const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** Prayer timer (SPEC §2, §9): choose a length, pray, and the session is recorded at zero. */
export function PrayerTimerCard() {
  const { t } = useTranslation();
  const customId = useId();
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);

  const record = useRecordPrayerSession();

  // The run's id, chosen as it ends: its "Try again" (or a retry) counts it once.
  const timer = usePrayerTimer(DEFAULT_MINUTES, (minutes) =>
    record.mutate({ minutes, id: newId() }),
  );
  const { status, minutes } = timer.state;
  const busy = status === 'running' || status === 'paused';
  const total = minutes * 60_000;
  const fraction = total > 0 ? 1 - timer.remaining / total : 0;

  const requests = useActiveRequests(busy);

  function choose(value: number) {
    setCustom('');
    setCustomError(null);
    timer.select(value);
  }

  function changeCustom(value: string) {
    setCustom(value);
    if (value === '') {
      setCustomError(null);
      return;
    }
    const n = Number(value);
    if (isValidMinutes(n)) {
      setCustomError(null);
      timer.select(n);
    } else {
      setCustomError(t('prayer.errors.minutes'));
    }
  }

  function start() {
    if (custom !== '' && !isValidMinutes(Number(custom))) {
      setCustomError(t('prayer.errors.minutes'));
      return;
    }
    if (!record.isError) record.reset();
    timer.start();
  }

  return (
    <Card className="grid gap-5 bg-gradient-to-br from-white to-brand-50">
      <div className="grid gap-1">
        <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
          <Timer className="size-6 text-gold-500" aria-hidden /> {t('prayer.timer.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('prayer.timer.subtitle')}</p>
      </div>

      <fieldset disabled={busy} className="grid gap-3 disabled:opacity-60">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          {t('prayer.timer.length')}
        </legend>
        <ChoiceChips
          label={t('prayer.timer.length')}
          value={custom === '' ? String(minutes) : ''}
          onChange={(p) => choose(Number(p))}
          options={PRAYER_TIMER_PRESETS.map((p) => ({
            value: String(p),
            label: t('prayer.timer.preset', { count: p }),
          }))}
          chipClassName="min-w-16 py-2 focus-visible:ring-offset-2"
        />
        <div className="grid gap-1.5 sm:max-w-xs">
          <label htmlFor={customId} className="text-sm font-medium text-slate-800">
            {t('prayer.timer.custom', { max: PRAYER_TIMER_MAX_MINUTES })}
          </label>
          <input
            id={customId}
            type="number"
            inputMode="numeric"
            min={1}
            max={PRAYER_TIMER_MAX_MINUTES}
            step={1}
            value={custom}
            placeholder={t('prayer.timer.customPlaceholder')}
            aria-invalid={customError ? true : undefined}
            aria-describedby={customError ? `${customId}-error` : undefined}
            onChange={(e) => changeCustom(e.target.value)}
            className={inputClass}
          />
          {customError ? (
            <p id={`${customId}-error`} role="alert" className="text-sm text-red-700">
              {customError}
            </p>
          ) : null}
        </div>
      </fieldset>

      <div className="grid justify-items-center gap-4">
        <div className="relative grid size-52 place-items-center sm:size-56">
          <svg viewBox="0 0 120 120" className="absolute inset-0 size-full -rotate-90" aria-hidden>
            <circle
              cx="60"
              cy="60"
              r={RING_RADIUS}
              fill="none"
              strokeWidth="8"
              className="stroke-brand-100"
            />
            <circle
              cx="60"
              cy="60"
              r={RING_RADIUS}
              fill="none"
              strokeWidth="8"
              strokeLinecap="round"
              strokeDasharray={RING_LENGTH}
              strokeDashoffset={RING_LENGTH * (1 - fraction)}
              className="stroke-gold-500 transition-[stroke-dashoffset] duration-300 motion-reduce:transition-none"
            />
          </svg>
          <div className="grid justify-items-center gap-1">
            <p
              role="timer"
              aria-label={t('prayer.timer.remaining')}
              className="font-mono text-5xl font-semibold tabular-nums text-brand-950 sm:text-6xl"
            >
              {formatClock(timer.remaining)}
            </p>
            <p className="text-sm text-slate-600">
              {status === 'paused'
                ? t('prayer.timer.paused')
                : t('prayer.timer.ofMinutes', { count: minutes })}
            </p>
          </div>
        </div>

        <div className="flex flex-wrap justify-center gap-2">
          {status === 'running' ? (
            <Button variant="secondary" onClick={timer.pause}>
              <Pause className="size-4" aria-hidden /> {t('prayer.timer.pause')}
            </Button>
          ) : status === 'paused' ? (
            <Button onClick={timer.resume}>
              <Play className="size-4" aria-hidden /> {t('prayer.timer.resume')}
            </Button>
          ) : (
            <Button onClick={start}>
              <Play className="size-4" aria-hidden />{' '}
              {status === 'done' ? t('prayer.timer.again') : t('prayer.timer.start')}
            </Button>
          )}
          <Button variant="outline" onClick={timer.reset} disabled={status === 'idle'}>
            <RotateCcw className="size-4" aria-hidden /> {t('prayer.timer.reset')}
          </Button>
        </div>
      </div>

      <div role="status" className="empty:-mt-5">
        {status === 'done' || record.isError ? (
          <div className="grid gap-2 rounded-2xl bg-gold-300/30 p-4 text-center">
            {status === 'done' ? (
              <p className="font-serif text-xl text-brand-950">
                {t('prayer.timer.complete', { count: minutes })}
              </p>
            ) : null}
            {record.isPending ? (
              <p className="text-sm text-slate-700">{t('prayer.timer.saving')}</p>
            ) : record.isSuccess ? (
              <p className="text-sm text-slate-700">
                {t('prayer.timer.today', { count: record.data.minutesToday })}
              </p>
            ) : record.isError ? (
              <div className="grid justify-items-center gap-2">
                <p className="text-sm font-medium text-red-800">
                  {t('prayer.timer.notSaved', { count: record.variables.minutes })}
                </p>
                <Button size="sm" variant="outline" onClick={() => record.mutate(record.variables)}>
                  <RotateCcw className="size-4" aria-hidden /> {t('common.retry')}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>

      {busy ? (
        <section aria-labelledby={`${customId}-requests`} className="grid gap-2">
          <h3 id={`${customId}-requests`} className="font-semibold text-brand-900">
            {t('prayer.timer.prayThrough')}
          </h3>
          {requests.isLoading ? (
            <p className="text-sm text-slate-600">{t('common.loading')}</p>
          ) : requests.data && requests.data.items.length > 0 ? (
            <ul className="grid max-h-64 gap-1.5 overflow-y-auto pr-1">
              {requests.data.items.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-white px-3 py-2 text-sm ring-1 ring-slate-200"
                >
                  {p.urgent ? (
                    <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-800">
                      <AlertTriangle className="size-3.5" aria-hidden /> {t('prayer.urgent')}
                    </span>
                  ) : null}
                  <span className="font-medium text-slate-900">{p.title}</span>
                  <span className="text-xs text-slate-600">
                    {t(`prayer.categories.${p.category}`)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t('prayer.timer.noRequests')}</p>
          )}
        </section>
      ) : null}
    </Card>
  );
}
