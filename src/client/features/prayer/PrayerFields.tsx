import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PRAYER_CATEGORIES, type PrayerCategory } from '#shared/values/prayer.ts';
import type { Prayer } from '#shared/schemas/prayer.ts';
import { Field, inputClass } from '../../components/ui/Field.tsx';

export interface PrayerDraft {
  title: string;
  category: PrayerCategory;
  description: string;
  urgent: boolean;
}

export const EMPTY_DRAFT: PrayerDraft = {
  title: '',
  category: 'personal',
  description: '',
  urgent: false,
};

export const draftOf = (p: Prayer): PrayerDraft => ({
  title: p.title,
  category: p.category,
  description: p.description,
  urgent: p.urgent,
});

/** Client-side check before sending: the title is required (its field error, translated). */
export function draftErrors(
  draft: PrayerDraft,
  t: (key: string) => string,
): Record<string, string> {
  return draft.title.trim() ? {} : { title: t('validation.required') };
}

/**
 * The state of a request form (add or edit): the draft, its field errors, and a submit handler
 * that checks the title first (focusing it when missing) and sends the trimmed draft.
 */
export function usePrayerDraft(initial: () => PrayerDraft) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<PrayerDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const handleSubmit = (send: (draft: PrayerDraft) => void) => (e: FormEvent) => {
    e.preventDefault();
    const found = draftErrors(draft, t);
    setErrors(found);
    if (found.title) {
      titleRef.current?.focus();
      return;
    }
    send({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
  };
  return {
    handleSubmit,
    setErrors,
    reset: () => {
      setDraft(initial());
      setErrors({});
    },
    fields: {
      draft,
      errors,
      titleRef,
      onChange: (patch: Partial<PrayerDraft>) => setDraft((d) => ({ ...d, ...patch })),
    },
  };
}

/** The request's fields, shared by the add form and the edit dialog. */
export function PrayerFields({
  draft,
  onChange,
  errors,
  titleRef,
}: {
  draft: PrayerDraft;
  onChange: (patch: Partial<PrayerDraft>) => void;
  errors: Record<string, string>;
  titleRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <Field
        ref={titleRef}
        label={t('prayer.form.title')}
        placeholder={t('prayer.form.titlePlaceholder')}
        value={draft.title}
        maxLength={150}
        required
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-category`} className="text-sm font-medium text-slate-800">
          {t('prayer.form.category')}
        </label>
        <select
          id={`${id}-category`}
          className={inputClass}
          value={draft.category}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${id}-category-error` : undefined}
          onChange={(e) => onChange({ category: e.target.value as PrayerCategory })}
        >
          {PRAYER_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`prayer.categories.${c}`)}
            </option>
          ))}
        </select>
        {errors.category ? (
          <p id={`${id}-category-error`} role="alert" className="text-sm text-red-700">
            {errors.category}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium text-slate-800">
          {t('prayer.form.description')}{' '}
          <span className="font-normal text-slate-600">{t('prayer.form.optional')}</span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          maxLength={5000}
          value={draft.description}
          placeholder={t('prayer.form.descriptionPlaceholder')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => onChange({ description: e.target.value })}
          className={`${inputClass} resize-y`}
        />
        {errors.description ? (
          <p id={`${id}-description-error`} role="alert" className="text-sm text-red-700">
            {errors.description}
          </p>
        ) : null}
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-urgent`}
          type="checkbox"
          checked={draft.urgent}
          aria-describedby={`${id}-urgent-hint`}
          onChange={(e) => onChange({ urgent: e.target.checked })}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        />
        <div className="grid gap-0.5">
          <label htmlFor={`${id}-urgent`} className="text-sm font-medium text-slate-800">
            {t('prayer.form.urgent')}
          </label>
          <p id={`${id}-urgent-hint`} className="text-xs text-slate-600">
            {t('prayer.form.urgentHint')}
          </p>
        </div>
      </div>
    </>
  );
}
