import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prayer } from '#shared/schemas/prayer.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, fieldErrorsOf } from '../../lib/queryClient.ts';
import { invalidatePrayers } from './api.ts';
import { EMPTY_DRAFT, PrayerFields, draftErrors, type PrayerDraft } from './PrayerFields.tsx';

/** The add-request form (SPEC §2). */
export function AddPrayerCard({ onAdded }: { onAdded?: (prayer: Prayer) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<PrayerDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = useMutation({
    mutationFn: async (body: PrayerDraft) =>
      (await apiRequest('POST', '/api/prayers', body)).json() as Promise<Prayer>,
    onSuccess: async (prayer) => {
      setDraft(EMPTY_DRAFT);
      setErrors({});
      toast({ title: t('prayer.added'), description: prayer.title });
      onAdded?.(prayer);
      await invalidatePrayers(queryClient);
    },
    onError: (e) => {
      setErrors(fieldErrorsOf(e));
      toast({ title: t('prayer.errors.add'), variant: 'destructive' });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = draftErrors(draft, t);
    setErrors(found);
    if (found.title) {
      titleRef.current?.focus();
      return;
    }
    add.mutate({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
  }

  return (
    <Card>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="add-prayer-title">
        <h2 id="add-prayer-title" className="font-serif text-2xl text-brand-950">
          {t('prayer.form.addTitle')}
        </h2>
        <PrayerFields
          draft={draft}
          errors={errors}
          titleRef={titleRef}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        />
        <Button type="submit" className="w-full sm:w-fit" disabled={add.isPending}>
          <Plus className="size-4" aria-hidden />{' '}
          {add.isPending ? t('prayer.form.adding') : t('prayer.form.add')}
        </Button>
      </form>
    </Card>
  );
}
