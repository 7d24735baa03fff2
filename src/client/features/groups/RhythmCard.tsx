import CalendarCheck from 'lucide-react/icons/calendar-check';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_DAYS_AIM_MAX, ACTIVE_DAYS_AIM_MIN } from '#shared/values/churches.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';
import { useGroupDate } from './format.ts';
import { useRhythm, useSetAim } from './church-api.ts';

const AIMS = Array.from(
  { length: ACTIVE_DAYS_AIM_MAX - ACTIVE_DAYS_AIM_MIN + 1 },
  (_, i) => ACTIVE_DAYS_AIM_MIN + i,
);

/**
 * The group's rhythm this week (issue 38 item 4): the reader's own active days against their aim
 * (which they change here), and how many of the group reached their own aim: a count over the
 * members who share their progress, never who did not.
 */
export function RhythmCard({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const rhythm = useRhythm(groupId);
  const setAim = useSetAim(groupId);
  const selectId = useId();
  const r = rhythm.data;
  return (
    <Card className="grid gap-3" id="group-rhythm">
      <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
        <CalendarCheck className="size-5 text-brand-700" aria-hidden /> {t('groups.rhythm.title')}
      </h2>
      {rhythm.isError ? (
        <QueryError error={rhythm.error} onRetry={() => void rhythm.refetch()} />
      ) : !r ? (
        <Skeletons count={2} height="h-8" />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t('groups.rhythm.week', { start: date(r.weekStart), end: date(r.weekEnd) })}
          </p>
          <div className="grid gap-1">
            <p className="text-slate-900">
              {t('groups.rhythm.mine', { count: r.myDays, aim: r.aim })}
            </p>
            <ol className="flex gap-1.5" aria-hidden>
              {Array.from({ length: Math.max(r.aim, r.myDays) }, (_, i) => (
                <li
                  key={i}
                  className={cn(
                    'size-3 rounded-full',
                    i < r.myDays ? 'bg-brand-700' : 'border border-slate-400 bg-white',
                  )}
                />
              ))}
            </ol>
          </div>
          <p className="font-medium text-brand-950">
            {t('groups.rhythm.group', { count: r.reached, total: r.sharing })}
          </p>
          <p className="text-sm text-slate-600">
            {r.counted ? t('groups.rhythm.countOnly') : t('groups.rhythm.notCounted')}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              {t('groups.rhythm.aim')}
            </label>
            <select
              id={selectId}
              className={cn(inputClass, 'w-auto py-2')}
              value={r.aim}
              disabled={setAim.isPending}
              onChange={(e) => setAim.mutate(Number(e.target.value))}
            >
              {AIMS.map((n) => (
                <option key={n} value={n}>
                  {t('groups.rhythm.days', { count: n })}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </Card>
  );
}
