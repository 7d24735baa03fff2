import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prayer } from '#shared/schemas/prayer.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { newId } from '../../lib/ids.ts';
import { useAddPrayer } from './api.ts';
import { EMPTY_DRAFT, PrayerFields, usePrayerDraft } from './PrayerFields.tsx';

/** The add-request form (SPEC §2). */
export function AddPrayerCard({ onAdded }: { onAdded?: (prayer: Prayer) => void }) {
  const { t } = useTranslation();
  const form = usePrayerDraft(() => EMPTY_DRAFT);
  // This request's id: sent again (its answer lost, or pressed again), it is one request.
  const [requestId, setRequestId] = useState(newId);
  const add = useAddPrayer({
    onAdded: (prayer) => {
      form.reset();
      setRequestId(newId());
      onAdded?.(prayer);
    },
    onFieldErrors: form.setErrors,
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={form.handleSubmit((draft) => add.mutate({ ...draft, id: requestId }))}
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
