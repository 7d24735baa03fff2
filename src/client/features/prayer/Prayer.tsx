import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prayer, PrayerStatus } from '#shared/schemas/prayer.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { AddPrayerCard } from './AddPrayerCard.tsx';
import { useDeletePrayer, usePrayerList } from './api.ts';
import { PrayerList } from './PrayerList.tsx';
import { PrayerTimerCard } from './PrayerTimerCard.tsx';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// The edit and answer dialogs (and their dialog code) come when one is opened.
const EditPrayerDialog = readyLazy('EditPrayerDialog', () =>
  import('./PrayerDialogs.tsx').then((m) => ({ default: m.EditPrayerDialog })),
);
const AnswerPrayerDialog = readyLazy('AnswerPrayerDialog', () =>
  import('./PrayerDialogs.tsx').then((m) => ({ default: m.AnswerPrayerDialog })),
);

/** /prayer (SPEC §2): timer, add request, active list (edit, mark answered), answered list. */
export default function PrayerScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PrayerStatus>('active');
  const [pages, setPages] = useState<Record<PrayerStatus, number>>({ active: 1, answered: 1 });
  const [editing, setEditing] = useState<Prayer | null>(null);
  const [answering, setAnswering] = useState<Prayer | null>(null);
  const [deleting, setDeleting] = useState<Prayer | null>(null);

  const lists = {
    active: usePrayerList('active', pages.active),
    answered: usePrayerList('answered', pages.answered),
  };
  // Both lists carry both counts; the one loaded last is the freshest.
  const counts =
    (lists.active.dataUpdatedAt >= lists.answered.dataUpdatedAt
      ? (lists.active.data ?? lists.answered.data)
      : (lists.answered.data ?? lists.active.data)
    )?.counts ?? null;

  const setPage = (status: PrayerStatus, page: number) =>
    setPages((p) => ({ ...p, [status]: Math.max(1, page) }));
  /** After an item leaves a list: if it was the last one on a later page, step back a page. */
  const leftList = (status: PrayerStatus) => {
    const data = lists[status].data;
    if (data && data.items.length <= 1 && pages[status] > 1) setPage(status, pages[status] - 1);
  };

  const remove = useDeletePrayer((prayer) => {
    setDeleting(null);
    leftList(prayer.status);
  });

  return (
    <>
      <PageHeader title={t('prayer.title')} subtitle={t('prayer.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-start">
        <div className="grid gap-6">
          <PrayerTimerCard />
          <AddPrayerCard onAdded={() => setTab('active')} />
        </div>
        <section aria-labelledby="prayer-lists-title" className="grid content-start gap-4">
          <h2 id="prayer-lists-title" className="sr-only">
            {t('prayer.lists')}
          </h2>
          <Tabs
            label={t('prayer.lists')}
            value={tab}
            onChange={setTab}
            className="grid gap-4"
            listClassName="flex gap-1 rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200"
            tabClassName="flex-1 px-4 py-2.5 hover:bg-slate-50"
            tabs={(['active', 'answered'] as const).map((s) => ({
              value: s,
              label: `${t(`prayer.tabs.${s}`)}${counts ? ` (${counts[s]})` : ''}`,
              // Both lists are read with the page: both are drawn.
              content: (
                <PrayerList
                  status={s}
                  query={lists[s]}
                  page={pages[s]}
                  onPage={(page) => setPage(s, page)}
                  onEdit={setEditing}
                  onAnswer={setAnswering}
                  onDelete={setDeleting}
                />
              ),
            }))}
          />
        </section>
      </div>
      <Suspense fallback={null}>
        {editing ? (
          <EditPrayerDialog
            key={editing.id}
            prayer={editing}
            onOpenChange={(o) => !o && setEditing(null)}
          />
        ) : null}
        {answering ? (
          <AnswerPrayerDialog
            key={answering.id}
            prayer={answering}
            onOpenChange={(o) => !o && setAnswering(null)}
            onAnswered={() => leftList('active')}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('prayer.delete.title')}
        description={t('prayer.delete.body', { title: deleting?.title ?? '' })}
        confirmLabel={t('prayer.delete.button')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
