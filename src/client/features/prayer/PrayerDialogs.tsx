import * as Dialog from '@radix-ui/react-dialog';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prayer } from '#shared/schemas/prayer.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useAnswerPrayer, useUpdatePrayer } from './api.ts';
import { PrayerFields, draftOf, usePrayerDraft } from './PrayerFields.tsx';

function Shell({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[85] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="font-serif text-2xl text-brand-950">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Edits a request's title, category, description and urgency. Mount with key={prayer.id}. */
export function EditPrayerDialog({
  prayer,
  onOpenChange,
}: {
  prayer: Prayer;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = usePrayerDraft(() => draftOf(prayer));

  const update = useUpdatePrayer(prayer.id, {
    onUpdated: () => onOpenChange(false),
    onFieldErrors: form.setErrors,
  });

  return (
    <Shell
      open
      onOpenChange={onOpenChange}
      title={t('prayer.edit.title')}
      description={t('prayer.edit.description')}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((draft) => update.mutate(draft))}
        className="grid gap-4"
      >
        <PrayerFields {...form.fields} />
        <DialogActions disabled={update.isPending}>
          {update.isPending ? t('common.saving') : t('common.save')}
        </DialogActions>
      </form>
    </Shell>
  );
}

/** Marks a request answered, with an optional note. Mount with key={prayer.id}. */
export function AnswerPrayerDialog({
  prayer,
  onOpenChange,
  onAnswered,
}: {
  prayer: Prayer;
  onOpenChange: (open: boolean) => void;
  onAnswered?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const answer = useAnswerPrayer(prayer.id, {
    onAnswered: () => {
      onOpenChange(false);
      onAnswered?.();
    },
    onFieldErrors: (errors) => setError(errors.note ?? null),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    answer.mutate({ note: note.trim() });
  }

  return (
    <Shell
      open
      onOpenChange={onOpenChange}
      title={t('prayer.answer.title')}
      description={t('prayer.answer.description', { title: prayer.title })}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
            {t('prayer.answer.note')}{' '}
            <span className="font-normal text-slate-600">{t('prayer.form.optional')}</span>
          </label>
          <textarea
            id={`${id}-note`}
            rows={4}
            maxLength={2000}
            value={note}
            placeholder={t('prayer.answer.notePlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-note-error` : undefined}
            onChange={(e) => setNote(e.target.value)}
            className={`${inputClass} resize-y`}
          />
          {error ? (
            <p id={`${id}-note-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <DialogActions disabled={answer.isPending}>
          <CheckCircle2 className="size-4" aria-hidden />{' '}
          {answer.isPending ? t('common.saving') : t('prayer.answer.submit')}
        </DialogActions>
      </form>
    </Shell>
  );
}
