import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GOAL_PRIORITIES, type GoalPriority } from '#shared/values/goals.ts';
import type { Goal } from '#shared/schemas/goals.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { useUpdateGoal } from './api.ts';
import { DialogShell } from './GoalDialogShell.tsx';
import {
  DescriptionField,
  MeasureFields,
  SelectField,
  checkGoalForm,
  type Errors,
  type MeasureDraft,
} from './GoalFields.tsx';

function EditGoalForm({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(goal.title);
  const [description, setDescription] = useState(goal.description);
  const [measure, setMeasure] = useState<MeasureDraft>({
    target: String(goal.target),
    unit: goal.unit,
    period: goal.period,
  });
  const [priority, setPriority] = useState<GoalPriority>(goal.priority);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateGoal(goal.id, { onUpdated: onDone, onFieldErrors: setErrors });
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
