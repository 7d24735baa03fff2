import CalendarClock from 'lucide-react/icons/calendar-clock';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import Trophy from 'lucide-react/icons/trophy';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Goal, GoalPriority } from '#shared/schemas/goals.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useGoalProgress } from './api.ts';
import { parseWholeNumber, periodEndLabel } from './format.ts';

const PRIORITY_STYLES: Record<GoalPriority, string> = {
  high: 'bg-rose-50 text-rose-800 ring-rose-200',
  medium: 'bg-amber-50 text-amber-900 ring-amber-200',
  low: 'bg-slate-100 text-slate-700 ring-slate-200',
};

interface Props {
  goal: Goal;
  /** The member's local date, from the server (their saved time zone, not the device's). */
  today?: string;
  onEdit: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
}

/** SPEC §2: one goal with its progress, period, status, unit, priority and actions. */
export function GoalCard({ goal, today, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  // After the amount form closes, focus goes back to the button that opened it.
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);
  const completed = goal.status === 'completed';
  const units = (count: number) => t(`goals.units.${goal.unit}`, { count });

  const progress = useGoalProgress(goal, () => {
    setAdding(false);
    setAmount('');
    setAmountError(undefined);
  });

  function submitAmount(e: FormEvent) {
    e.preventDefault();
    const value = parseWholeNumber(amount, 1, 1000);
    if (value === null) {
      setAmountError(t('goals.errors.amount'));
      return;
    }
    setAmountError(undefined);
    progress.mutate(value);
  }

  const ends = periodEndLabel(goal.periodEnd, language, today);
  const percent = goal.target > 0 ? Math.min(100, (goal.progress / goal.target) * 100) : 0;
  const progressText = t('goals.progress', {
    progress: goal.progress,
    target: goal.target,
    unit: units(goal.target),
  });

  return (
    <Card
      aria-labelledby={titleId}
      role="article"
      className={cn(
        'grid h-full content-start gap-4',
        completed && 'border-emerald-200 bg-gradient-to-br from-white via-white to-emerald-50',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5',
              completed ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-50 text-brand-900',
            )}
          >
            {completed ? (
              <CheckCircle2 className="size-3.5" aria-hidden />
            ) : (
              <Circle className="size-3.5" aria-hidden />
            )}
            {t(`goals.statuses.${goal.status}`)}
          </span>
          <span className={cn('rounded-full px-2.5 py-0.5 ring-1', PRIORITY_STYLES[goal.priority])}>
            {t(`goals.priorityBadge.${goal.priority}`)}
          </span>
        </div>
        <div className="-mr-2 -mt-2 flex shrink-0">
          <Tip label={t('goals.editLabel', { title: goal.title })}>
            <Button
              size="icon"
              variant="ghost"
              aria-label={t('goals.editLabel', { title: goal.title })}
              onClick={() => onEdit(goal)}
            >
              <Pencil className="size-4" aria-hidden />
            </Button>
          </Tip>
          <Tip label={t('goals.deleteLabel', { title: goal.title })}>
            <Button
              size="icon"
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              aria-label={t('goals.deleteLabel', { title: goal.title })}
              onClick={() => onDelete(goal)}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </Tip>
        </div>
      </div>

      <div className="grid gap-1">
        <h2 id={titleId} className="break-words font-serif text-xl text-brand-950">
          {goal.title}
        </h2>
        {goal.description ? (
          <p className="whitespace-pre-line break-words text-sm text-slate-700">
            {goal.description}
          </p>
        ) : null}
      </div>

      <div className="grid gap-1.5">
        <div
          role="progressbar"
          aria-label={t('goals.progressFor', { title: goal.title })}
          aria-valuemin={0}
          aria-valuemax={goal.target}
          aria-valuenow={Math.min(goal.progress, goal.target)}
          aria-valuetext={progressText}
          className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-500',
              completed ? 'bg-emerald-500' : 'bg-brand-700',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p
          aria-live="polite"
          className={cn(
            'text-sm font-semibold tabular-nums',
            completed ? 'text-emerald-800' : 'text-slate-800',
          )}
        >
          {progressText}
        </p>
      </div>

      <div className="grid gap-1 text-sm text-slate-600">
        <p className="flex items-center gap-1.5">
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          {t(`goals.periods.${goal.period}`)} ·{' '}
          {ends ? t('goals.until', { date: ends }) : t('goals.resetsTomorrow')}
        </p>
        {goal.periodsCompleted > 0 ? (
          <p className="flex items-center gap-1.5">
            <Trophy className="size-4 shrink-0 text-gold-500" aria-hidden />
            {t('goals.reachedBefore', { count: goal.periodsCompleted })}
          </p>
        ) : null}
      </div>

      {adding ? (
        <form onSubmit={submitAmount} noValidate className="grid gap-2">
          <div className="flex items-start gap-2">
            <Field
              className="flex-1"
              label={t('goals.amountLabel', { unit: units(2) })}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              autoFocus
              value={amount}
              error={amountError}
              onChange={(e) => setAmount(e.target.value)}
            />
            <Button type="submit" className="mt-7" disabled={progress.isPending}>
              {t('goals.add')}
            </Button>
          </div>
          <Button
            size="sm"
            variant="ghost"
            className="w-fit"
            onClick={() => {
              setAdding(false);
              setAmountError(undefined);
            }}
          >
            {t('common.cancel')}
          </Button>
        </form>
      ) : (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={completed ? 'outline' : 'primary'}
            disabled={progress.isPending}
            aria-label={t('goals.markProgressLabel', {
              amount: `1 ${units(1)}`,
              title: goal.title,
            })}
            onClick={() => progress.mutate(1)}
          >
            <Plus className="size-4" aria-hidden /> {t('goals.markProgress')}
          </Button>
          <Button
            ref={addButton}
            size="sm"
            variant="ghost"
            aria-label={t('goals.addAmountLabel', { title: goal.title })}
            onClick={() => setAdding(true)}
          >
            {t('goals.addAmount')}
          </Button>
        </div>
      )}
    </Card>
  );
}
