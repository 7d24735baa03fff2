import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Prayer } from '#shared/schemas/prayer.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, fieldErrorsOf } from '../../lib/queryClient.ts';
import { invalidatePrayers } from './api.ts';
import { EMPTY_DRAFT, PrayerFields, usePrayerDraft, type PrayerDraft } from './PrayerFields.tsx';

/** The add-request form (SPEC §2). */
export function AddPrayerCard({ onAdded }: { onAdded?: (prayer: Prayer) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = usePrayerDraft(() => EMPTY_DRAFT);
  const add = useMutation({
    mutationFn: async (body: PrayerDraft) =>
      (await apiRequest('POST', '/api/prayers', body)).json() as Promise<Prayer>,
    onSuccess: async (prayer) => {
      form.reset();
      toast({ title: t('prayer.added'), description: prayer.title });
      onAdded?.(prayer);
      await invalidatePrayers(queryClient);
    },
    onError: (e) => {
      form.setErrors(fieldErrorsOf(e));
      toast({ title: t('prayer.errors.add'), variant: 'destructive' });
    },
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={form.handleSubmit((draft) => add.mutate(draft))}
        className="grid gap-4"
        aria-labelledby="add-prayer-title"
      >
        <h2 id="add-prayer-title" className="font-serif text-2xl text-brand-950">
          {t('prayer.form.addTitle')}
        </h2>
        <PrayerFields {...form.fields} />
        <Button type="submit" className="w-full sm:w-fit" disabled={add.isPending}>
          <Plus className="size-4" aria-hidden />{' '}
          {add.isPending ? t('prayer.form.adding') : t('prayer.form.add')}
        </Button>
      </form>
    </Card>
  );
}
