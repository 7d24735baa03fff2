import Info from 'lucide-react/icons/info';
import Plus from 'lucide-react/icons/plus';
import Target from 'lucide-react/icons/target';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GOALS } from '#shared/values/goals.ts';
import type { Goal } from '#shared/schemas/goals.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { useDeleteGoal, useGoals } from './api.ts';
import { EditGoalDialog } from './EditGoalDialog.tsx';
import { GoalCard } from './GoalCard.tsx';
import { hasPremium } from './format.ts';
import { NewGoalDialog, type GoalChoice } from './NewGoalDialog.tsx';

/** SPEC §2 /goals: presets and custom goals with progress per daily, weekly or monthly period. */
export default function Goals() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [creating, setCreating] = useState<{ open: boolean; choice: GoalChoice | null }>({
    open: false,
    choice: null,
  });
  const [editing, setEditing] = useState<Goal | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const list = useGoals();
  const remove = useDeleteGoal(() => setDeleting(null));
  const items = list.data?.items ?? [];
  const full = items.length >= MAX_GOALS;
  const openNew = (choice: GoalChoice | null = null) => setCreating({ open: true, choice });

  return (
    <>
      <PageHeader
        title={t('goals.title')}
        subtitle={t('goals.subtitle')}
        actions={
          <Button onClick={() => openNew()} disabled={full}>
            <Plus className="size-4" aria-hidden /> {t('goals.new')}
          </Button>
        }
      />
      <p className="-mt-2 mb-6 flex items-start gap-2 text-sm text-slate-600">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
        {t('goals.autoNote')}
      </p>
      {full ? (
        <p
          role="status"
          className="mb-4 rounded-xl bg-gold-300/30 px-4 py-2 text-sm text-brand-950"
        >
          {t('goals.errors.tooMany', { max: MAX_GOALS })}
        </p>
      ) : null}
      <NewGoalDialog
        open={creating.open}
        onOpenChange={(open) => setCreating((c) => ({ ...c, open }))}
        premium={hasPremium(user)}
        initialChoice={creating.choice}
      />
      {list.isLoading ? (
        <Skeletons count={4} height="h-64" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Card className="grid justify-items-center gap-3 py-12 text-center">
          <Target className="size-10 text-gold-500" aria-hidden />
          <h2 className="font-serif text-2xl text-brand-950">{t('goals.empty')}</h2>
          <p className="max-w-md text-slate-600">{t('goals.emptyHint')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={() => openNew('pray-10-minutes-daily')}>
              {t('goals.emptySuggest')}
            </Button>
            <Button variant="outline" onClick={() => openNew()}>
              <Plus className="size-4" aria-hidden /> {t('goals.new')}
            </Button>
          </div>
        </Card>
      ) : (
        <ul aria-label={t('goals.list')} className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {items.map((goal) => (
            <li key={goal.id}>
              <GoalCard
                goal={goal}
                today={list.data?.today}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      )}
      <EditGoalDialog goal={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('goals.deleteTitle')}
        description={t('goals.deleteBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('goals.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
