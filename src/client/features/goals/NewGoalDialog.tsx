import Check from 'lucide-react/icons/check';
import Crown from 'lucide-react/icons/crown';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import {
  GOAL_PRESETS,
  GOAL_PRESET_IDS,
  GOAL_PRIORITIES,
  type GoalPreset,
  type GoalPriority,
} from '#shared/values/goals.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';
import { useCreateGoal } from './api.ts';
import { DialogShell } from './GoalDialogShell.tsx';
import {
  DescriptionField,
  MeasureFields,
  SelectField,
  checkGoalForm,
  type Errors,
  type MeasureDraft,
} from './GoalFields.tsx';

export type GoalChoice = GoalPreset | 'custom';

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

  const create = useCreateGoal({ onCreated: onDone, onFieldErrors: setErrors });

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
