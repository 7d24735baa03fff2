import Plus from 'lucide-react/icons/plus';
import Sparkles from 'lucide-react/icons/sparkles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMORY_CATEGORIES, type MemoryCategory } from '#shared/values/memory.ts';
import type { MemoryVerse } from '#shared/schemas/memory.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ChoiceChips } from '../../components/ui/Chips.tsx';
import { AddMemoryVerseDialog } from './AddMemoryVerseDialog.tsx';
import { useMemoryVerses, useRemoveVerse } from './api.ts';
import { PracticePanel } from './PracticePanel.tsx';
import { VerseList } from './VerseList.tsx';

export default function MemoryVerses() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<MemoryCategory | null>(null);
  const [adding, setAdding] = useState(false);
  const [practising, setPractising] = useState<MemoryVerse | null>(null);
  const [removing, setRemoving] = useState<MemoryVerse | null>(null);
  const list = useMemoryVerses(category);
  const remove = useRemoveVerse(() => setRemoving(null));
  const due = list.data?.items.filter((v) => v.due) ?? [];
  return (
    <>
      <PageHeader
        title={t('memory.title')}
        subtitle={t('memory.subtitle')}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden /> {t('memory.add')}
          </Button>
        }
      />
      <AddMemoryVerseDialog open={adding} onOpenChange={setAdding} />
      <ChoiceChips
        label={t('memory.category')}
        value={category ?? ''}
        onChange={(c) => setCategory(c || null)}
        options={['' as const, ...MEMORY_CATEGORIES].map((c) => ({
          value: c,
          label: c ? t(`memory.categories.${c}`) : t('memory.all'),
        }))}
        className="mb-4"
        chipClassName="py-1.5"
      />
      {/* Below the categories, whose list it counts: when the list answers after the page has
          drawn, it appears under the buttons instead of pushing them down. */}
      {practising ? (
        <div className="mb-6">
          <PracticePanel
            key={practising.id}
            verse={practising}
            onDone={() => setPractising(due.find((v) => v.id !== practising.id) ?? null)}
          />
        </div>
      ) : list.data && list.data.total > 0 ? (
        <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 bg-gradient-to-br from-white to-brand-50">
          <p className="flex items-center gap-2 font-medium text-brand-900">
            <Sparkles className="size-5 text-gold-500" aria-hidden />
            {list.data.dueCount > 0
              ? t('memory.due', { count: list.data.dueCount })
              : t('memory.allDone')}
          </p>
          {due[0] ? (
            <Button onClick={() => setPractising(due[0]!)}>{t('memory.practice')}</Button>
          ) : null}
        </Card>
      ) : null}
      <VerseList
        list={list}
        onAdd={() => setAdding(true)}
        onPractise={setPractising}
        onRemove={setRemoving}
        practisingId={practising?.id}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('memory.removeTitle')}
        description={t('memory.removeBody', { reference: removing?.reference ?? '' })}
        confirmLabel={t('memory.remove')}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </>
  );
}
