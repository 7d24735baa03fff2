import Save from 'lucide-react/icons/save';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { STEPS, type Step, type StudyForm } from './studyDraft.ts';

function StepField({
  step,
  value,
  onChange,
  error,
}: {
  step: Step;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card className="grid gap-3">
      <div>
        <h2 className="font-serif text-xl text-brand-950">
          <label htmlFor={id}>{t(`study.steps.${step}.title`)}</label>
        </h2>
        <p className="text-sm font-medium text-slate-700">{t(`study.steps.${step}.lead`)}</p>
      </div>
      <ul id={`${id}-q`} className="grid list-disc gap-1 pl-5 text-sm text-slate-600">
        {(['q1', 'q2', 'q3'] as const).map((q) => (
          <li key={q}>{t(`study.steps.${step}.questions.${q}`)}</li>
        ))}
      </ul>
      <textarea
        id={id}
        aria-describedby={`${id}-q${error ? ` ${id}-e` : ''}`}
        aria-invalid={error ? true : undefined}
        rows={6}
        maxLength={20000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} min-h-36 resize-y leading-relaxed`}
      />
      {error ? (
        <p id={`${id}-e`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

/** The lab's three steps (observation, interpretation, application) under a title, and "Save". */
export function StudyFields({
  form,
  fieldErrors,
  onChange,
  onSave,
  saving,
}: {
  form: StudyForm;
  fieldErrors: Record<string, string>;
  onChange: (patch: Partial<StudyForm>) => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid content-start gap-4">
      <Card>
        <Field
          label={t('study.titleLabel')}
          value={form.title}
          maxLength={120}
          error={fieldErrors.title}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Card>
      {STEPS.map((step) => (
        <StepField
          key={step}
          step={step}
          value={form[step]}
          error={fieldErrors[step]}
          onChange={(v) => onChange({ [step]: v })}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={onSave} disabled={saving}>
          <Save className="size-4" aria-hidden /> {saving ? t('study.saving') : t('study.save')}
        </Button>
        <span className="text-xs text-slate-600">{t('study.draftSaved')}</span>
      </div>
    </div>
  );
}
