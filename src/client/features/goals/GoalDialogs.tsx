import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Crown, Sparkles, Star, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  GOAL_PERIODS,
  GOAL_PRESETS,
  GOAL_PRESET_IDS,
  GOAL_PRIORITIES,
  GOAL_TARGET_MAX,
  GOAL_UNITS,
  type Goal,
  type GoalInput,
  type GoalPeriod,
  type GoalPreset,
  type GoalPriority,
  type GoalUnit,
  type GoalUpdate,
} from '#shared/schemas/goals.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { ApiError, apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { parseWholeNumber } from './format.ts';

export const GOALS_KEY = ['/api/goals'] as const;

export type GoalChoice = GoalPreset | 'custom';

type Errors = Partial<Record<'title' | 'description' | 'target' | 'unit' | 'period', string>>;

const invalidateGoals = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith('/api/goals'),
  });

function isPremiumRequired(e: unknown): boolean {
  return (
    e instanceof ApiError &&
    e.status === 403 &&
    (e.body as { code?: unknown } | null)?.code === 'PREMIUM_REQUIRED'
  );
}

/** A labelled native select. */
function SelectField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

function DescriptionField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('goals.descriptionLabel')}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={1000}
        value={value}
        placeholder={t('goals.descriptionPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} resize-y`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface MeasureDraft {
  target: string;
  unit: GoalUnit;
  period: GoalPeriod;
}

/** Target, unit and period: for a custom goal and when editing. */
function MeasureFields({
  draft,
  errors,
  onChange,
}: {
  draft: MeasureDraft;
  errors: Errors;
  onChange: (patch: Partial<MeasureDraft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        label={t('goals.targetLabel')}
        type="number"
        inputMode="numeric"
        min={1}
        max={GOAL_TARGET_MAX}
        step={1}
        value={draft.target}
        error={errors.target}
        onChange={(e) => onChange({ target: e.target.value })}
      />
      <SelectField
        label={t('goals.unitLabel')}
        value={draft.unit}
        options={GOAL_UNITS}
        optionLabel={(u) => t(`goals.unitNames.${u}`)}
        onChange={(unit) => onChange({ unit })}
      />
      <SelectField
        label={t('goals.periodLabel')}
        value={draft.period}
        options={GOAL_PERIODS}
        optionLabel={(p) => t(`goals.periods.${p}`)}
        onChange={(period) => onChange({ period })}
      />
    </div>
  );
}

function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  wide,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-[85] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6',
            wide ? 'max-w-2xl' : 'max-w-lg',
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-1">
              <Dialog.Title className="font-serif text-2xl text-brand-950">{title}</Dialog.Title>
              <Dialog.Description className="text-slate-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('goals.close')}
              className="-mr-2 -mt-1 rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function validationToast(t: (key: string) => string, message: string) {
  toast({ title: t('goals.errors.validationTitle'), description: message, variant: 'destructive' });
}

/** A failed save: the SPEC's title, and the server's reason when it says more than "try again". */
function failureToast(t: (key: string) => string, titleKey: string, error: unknown) {
  const message = errorMessage(error, t);
  toast({
    title: t(titleKey),
    description: message === t('errors.generic') ? undefined : message,
    variant: 'destructive',
  });
}

/**
 * Checks a goal form before sending it: the title is required (SPEC §5) and, when given, the
 * target must be a whole number in range. A problem shows the validation toast and comes back
 * as a field error; `target` is the parsed number (null when not asked for or invalid).
 */
function checkGoalForm(
  t: (key: string) => string,
  title: string,
  targetText?: string,
): { errors: Record<string, string>; target: number | null; ok: boolean } {
  const fail = (field: string, key: string) => {
    validationToast(t, t(key));
    return { errors: { [field]: t(key) }, target: null, ok: false };
  };
  if (!title.trim()) return fail('title', 'goals.errors.titleRequired');
  if (targetText === undefined) return { errors: {}, target: null, ok: true };
  const target = parseWholeNumber(targetText, 1, GOAL_TARGET_MAX);
  if (target === null) return fail('target', 'goals.errors.target');
  return { errors: {}, target, ok: true };
}

/** A selectable choice in the new-goal dialog: a native radio styled as a card. */
function ChoiceCard({
  checked,
  onSelect,
  title,
  description,
  badges,
}: {
  checked: boolean;
  onSelect: () => void;
  title: ReactNode;
  description: string;
  badges?: ReactNode;
}) {
  return (
    <label className="relative block cursor-pointer">
      <input
        type="radio"
        name="goal-choice"
        className="peer sr-only"
        checked={checked}
        onChange={onSelect}
      />
      <span
        className={cn(
          'grid h-full content-start gap-1 rounded-2xl border p-4 pr-10 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2',
          checked
            ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
            : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50',
        )}
      >
        {badges}
        <span className="flex items-center gap-1.5 font-semibold text-brand-950">{title}</span>
        <span className="text-sm text-slate-600">{description}</span>
      </span>
      {checked ? (
        <Check className="absolute right-3 top-3 size-5 text-brand-700" aria-hidden />
      ) : null}
    </label>
  );
}

function RecommendedBadges() {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1.5 text-xs font-semibold">
      <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-brand-900">
        <Star className="size-3" aria-hidden /> {t('goals.recommended')}
      </span>
      <span className="inline-flex items-center gap-1 rounded-full bg-gold-300/60 px-2 py-0.5 text-brand-950">
        <Crown className="size-3" aria-hidden /> {t('common.premium')}
      </span>
    </span>
  );
}

const defaultTitle = (choice: GoalChoice | null, t: (key: string) => string) =>
  choice && choice !== 'custom' ? t(`goals.presets.${choice}.title`) : '';

function NewGoalForm({
  premium,
  initialChoice,
  onDone,
}: {
  premium: boolean;
  initialChoice: GoalChoice | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<GoalChoice | null>(initialChoice);
  const [title, setTitle] = useState(() => defaultTitle(initialChoice, t));
  const [description, setDescription] = useState('');
  const [measure, setMeasure] = useState<MeasureDraft>({
    target: '1',
    unit: 'chapters',
    period: 'daily',
  });
  const [priority, setPriority] = useState<GoalPriority>('medium');
  const [errors, setErrors] = useState<Errors>({});

  const create = useMutation({
    mutationFn: async (body: GoalInput) =>
      (await apiRequest('POST', '/api/goals', body)).json() as Promise<Goal>,
    retry: 0,
    onSuccess: async (goal) => {
      toast({ title: t('goals.created'), description: goal.title });
      onDone();
      await invalidateGoals(queryClient);
    },
    onError: (e) => {
      if (isPremiumRequired(e)) {
        toast({
          title: t('common.premium'),
          description: errorMessage(e, t),
          variant: 'destructive',
        });
        return;
      }
      setErrors(fieldErrorsOf(e));
      failureToast(t, 'goals.errors.create', e);
    },
  });

  function choose(next: GoalChoice) {
    setChoice(next);
    setErrors({});
    setTitle((current) =>
      !current.trim() || current === defaultTitle(choice, t) ? defaultTitle(next, t) : current,
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!choice) return;
    const check = checkGoalForm(t, title, choice === 'custom' ? measure.target : undefined);
    setErrors(check.errors);
    if (!check.ok) return;
    if (choice !== 'custom') {
      create.mutate({ preset: choice, title: title.trim(), priority });
      return;
    }
    const target = check.target!;
    create.mutate({
      title: title.trim(),
      description: description.trim(),
      target,
      unit: measure.unit,
      period: measure.period,
      priority,
    });
  }

  const preset = choice && choice !== 'custom' ? GOAL_PRESETS[choice] : null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('goals.choose')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {GOAL_PRESET_IDS.map((id) => {
            const p = GOAL_PRESETS[id];
            const badges = p.recommended ? <RecommendedBadges /> : null;
            if (p.premium && !premium) {
              return (
                <div
                  key={id}
                  className="grid content-start gap-1 rounded-2xl border border-gold-400/60 bg-gradient-to-br from-gold-300/25 to-white p-4"
                >
                  {badges}
                  <span className="font-semibold text-brand-950">
                    {t(`goals.presets.${id}.title`)}
                  </span>
                  <span className="text-sm text-slate-700">{t('goals.premiumUpsell')}</span>
                  <Button asChild size="sm" variant="secondary" className="mt-1 w-fit">
                    <Link to="/subscription">
                      <Crown className="size-4" aria-hidden /> {t('goals.seePremium')}
                    </Link>
                  </Button>
                </div>
              );
            }
            return (
              <ChoiceCard
                key={id}
                checked={choice === id}
                onSelect={() => choose(id)}
                title={t(`goals.presets.${id}.title`)}
                description={t(`goals.presets.${id}.description`)}
                badges={badges}
              />
            );
          })}
          <ChoiceCard
            checked={choice === 'custom'}
            onSelect={() => choose('custom')}
            title={
              <>
                <Sparkles className="size-4 text-gold-500" aria-hidden /> {t('goals.custom')}
              </>
            }
            description={t('goals.customDescription')}
          />
        </div>
      </fieldset>
      {choice ? (
        <div className="grid gap-4 border-t border-slate-200 pt-4">
          <Field
            label={t('goals.titleLabel')}
            value={title}
            maxLength={120}
            error={errors.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          {preset ? (
            <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
              {preset.target} {t(`goals.units.${preset.unit}`, { count: preset.target })} ·{' '}
              {t(`goals.periods.${preset.period}`)}
            </p>
          ) : (
            <>
              <DescriptionField
                value={description}
                error={errors.description}
                onChange={setDescription}
              />
              <MeasureFields
                draft={measure}
                errors={errors}
                onChange={(patch) => setMeasure((m) => ({ ...m, ...patch }))}
              />
            </>
          )}
          <SelectField
            label={t('goals.priorityLabel')}
            value={priority}
            options={GOAL_PRIORITIES}
            optionLabel={(p) => t(`goals.priorities.${p}`)}
            onChange={setPriority}
          />
        </div>
      ) : null}
      <DialogActions disabled={!choice || create.isPending}>
        {create.isPending ? t('goals.creating') : t('goals.create')}
      </DialogActions>
    </form>
  );
}

/** SPEC §2: the new-goal dialog with the presets and a custom goal. */
export function NewGoalDialog({
  open,
  onOpenChange,
  premium,
  initialChoice = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  premium: boolean;
  initialChoice?: GoalChoice | null;
}) {
  const { t } = useTranslation();
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={t('goals.newTitle')}
      description={t('goals.newHint')}
      wide
    >
      <NewGoalForm
        premium={premium}
        initialChoice={initialChoice}
        onDone={() => onOpenChange(false)}
      />
    </DialogShell>
  );
}

function EditGoalForm({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(goal.title);
  const [description, setDescription] = useState(goal.description);
  const [measure, setMeasure] = useState<MeasureDraft>({
    target: String(goal.target),
    unit: goal.unit,
    period: goal.period,
  });
  const [priority, setPriority] = useState<GoalPriority>(goal.priority);
  const [errors, setErrors] = useState<Errors>({});
  const update = useMutation({
    mutationFn: async (body: GoalUpdate) =>
      (await apiRequest('PATCH', `/api/goals/${goal.id}`, body)).json() as Promise<Goal>,
    onSuccess: async () => {
      toast({ title: t('goals.updated') });
      onDone();
      await invalidateGoals(queryClient);
    },
    onError: (e) => {
      setErrors(fieldErrorsOf(e));
      failureToast(t, 'goals.errors.update', e);
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const check = checkGoalForm(t, title, measure.target);
    setErrors(check.errors);
    if (!check.ok) return;
    const target = check.target!;
    update.mutate({
      title: title.trim(),
      description: description.trim(),
      target,
      unit: measure.unit,
      period: measure.period,
      priority,
    });
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field
        label={t('goals.titleLabel')}
        value={title}
        maxLength={120}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <DescriptionField value={description} error={errors.description} onChange={setDescription} />
      <MeasureFields
        draft={measure}
        errors={errors}
        onChange={(patch) => setMeasure((m) => ({ ...m, ...patch }))}
      />
      <SelectField
        label={t('goals.priorityLabel')}
        value={priority}
        options={GOAL_PRIORITIES}
        optionLabel={(p) => t(`goals.priorities.${p}`)}
        onChange={setPriority}
      />
      <DialogActions disabled={update.isPending}>
        {update.isPending ? t('common.saving') : t('common.save')}
      </DialogActions>
    </form>
  );
}

/** Edits a goal's title, description, measure and priority. */
export function EditGoalDialog({ goal, onClose }: { goal: Goal | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogShell
      open={goal !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('goals.editTitle')}
      description={goal?.title ?? ''}
    >
      {goal ? <EditGoalForm key={goal.id} goal={goal} onDone={onClose} /> : null}
    </DialogShell>
  );
}
