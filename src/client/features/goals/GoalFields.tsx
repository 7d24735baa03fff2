import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GOAL_PERIODS,
  GOAL_TARGET_MAX,
  GOAL_UNITS,
  type GoalPeriod,
  type GoalUnit,
} from '#shared/values/goals.ts';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { parseWholeNumber } from './format.ts';

/** Field errors of a goal form (new or edit), by field. */
export type Errors = Partial<
  Record<'title' | 'description' | 'target' | 'unit' | 'period', string>
>;

/** A labelled native select. */
export function SelectField<T extends string>({
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

export function DescriptionField({
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

export interface MeasureDraft {
  target: string;
  unit: GoalUnit;
  period: GoalPeriod;
}

/** Target, unit and period: for a custom goal and when editing. */
export function MeasureFields({
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

function validationToast(t: (key: string) => string, message: string) {
  toast({ title: t('goals.errors.validationTitle'), description: message, variant: 'destructive' });
}

/**
 * Checks a goal form before sending it: the title is required (SPEC §5) and, when given, the
 * target must be a whole number in range. A problem shows the validation toast and comes back
 * as a field error; `target` is the parsed number (null when not asked for or invalid).
 */
export function checkGoalForm(
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
