import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMORY_CATEGORIES, type MemoryCategory } from '#shared/values/memory.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { useAddMemoryVerse } from './api.ts';

export interface AddMemoryVerseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefilled (and fixed) when adding from the reader or a lesson. */
  reference?: string;
  translation?: string | undefined;
  /** The failure toast's title (default: the memory verses' own message). */
  failureTitleKey?: string;
}

/** Adds a verse to memory verses: from the Memory Verses page, the Bible reader or a lesson. */
export function AddMemoryVerseDialog({
  open,
  onOpenChange,
  reference: fixed,
  translation,
  failureTitleKey,
}: AddMemoryVerseDialogProps) {
  const { t } = useTranslation();
  const [reference, setReference] = useState(fixed ?? '');
  const [category, setCategory] = useState<MemoryCategory>('faith');
  const [error, setError] = useState<string | null>(null);
  const add = useAddMemoryVerse({
    onAdded: () => {
      onOpenChange(false);
      setReference('');
      setError(null);
    },
    onFailed: setError,
    ...(failureTitleKey ? { failureTitleKey } : {}),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!(fixed ?? reference).trim()) {
      setError(t('bible.errors.referenceRequired'));
      return;
    }
    add.mutate({
      reference: fixed ?? reference,
      category,
      ...(translation ? { translation } : {}),
    });
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[85] grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="font-serif text-2xl text-brand-950">
            {t('memory.addTitle')}
          </Dialog.Title>
          <Dialog.Description className="sr-only">{t('memory.subtitle')}</Dialog.Description>
          <form onSubmit={submit} noValidate className="grid gap-4">
            {fixed ? (
              <p className="rounded-xl bg-brand-50 px-3 py-2 font-medium text-brand-900">{fixed}</p>
            ) : (
              <Field
                label={t('memory.reference')}
                placeholder={t('memory.referencePlaceholder')}
                value={reference}
                maxLength={200}
                onChange={(e) => setReference(e.target.value)}
                error={error ?? undefined}
              />
            )}
            {fixed && error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <label className="grid gap-1.5 text-sm font-medium text-slate-800">
              {t('memory.category')}
              <select
                className={inputClass}
                value={category}
                onChange={(e) => setCategory(e.target.value as MemoryCategory)}
              >
                {MEMORY_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`memory.categories.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <DialogActions disabled={add.isPending}>
              {add.isPending ? t('memory.adding') : t('memory.add')}
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
