import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import type { JournalEntriesQuery } from './api.ts';
import { useJournalLabels } from './labels.ts';

interface Props {
  list: JournalEntriesQuery;
  /** Whether a filter is set (an empty list then means "no match"). */
  filtered: boolean;
  page: number;
  onPage: Dispatch<SetStateAction<number>>;
  onEdit: (entry: JournalEntry) => void;
  onDelete: (entry: JournalEntry) => void;
}

/** One page of entries (or its loading, error and empty states) and the page buttons. */
export function EntryList({ list, filtered, page, onPage, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  if (list.isLoading) return <Skeletons count={3} height="h-24" className="grid gap-3" />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data?.items.length === 0) {
    return (
      <Card className="text-center">
        <p className="font-serif text-xl text-brand-950">
          {filtered ? t('journal.noMatch') : t('journal.empty')}
        </p>
        {filtered ? null : <p className="mt-1 text-slate-600">{t('journal.emptyHint')}</p>}
      </Card>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-600">
        {t('journal.entries', { count: list.data?.total ?? 0 })}
      </p>
      <ul className="grid gap-3">
        {list.data?.items.map((entry) => (
          <li key={entry.id}>
            <EntryCard
              entry={entry}
              onEdit={() => onEdit(entry)}
              onDelete={() => onDelete(entry)}
            />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center justify-center gap-3 text-sm text-slate-600">
          <Button
            size="sm"
            variant="outline"
            disabled={page <= 1}
            onClick={() => onPage((p) => p - 1)}
          >
            {t('journal.previous')}
          </Button>
          {t('journal.page', { page, pages })}
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => onPage((p) => p + 1)}
          >
            {t('journal.next')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function EntryCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: JournalEntry;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const label = useJournalLabels();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Card className="grid gap-2 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-semibold',
            entry.status === 'draft'
              ? 'bg-slate-100 text-slate-700'
              : 'bg-emerald-100 text-emerald-800',
          )}
        >
          {t(`journal.status.${entry.status}`)}
        </span>
        <span className="text-slate-600">{date.format(new Date(entry.updatedAt))}</span>
      </div>
      <h2 className="font-serif text-lg text-brand-950">{label.title(entry)}</h2>
      {entry.scriptureReference ? (
        <p className="text-sm font-medium text-brand-800">{entry.scriptureReference}</p>
      ) : null}
      <p className="line-clamp-3 whitespace-pre-line text-slate-700">{entry.content}</p>
      {entry.tags.length ? (
        <p className="text-sm text-slate-600">
          {entry.tags.map((x) => `#${label.tag(x)}`).join(' ')}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden /> {t('journal.edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden /> {t('journal.delete')}
        </Button>
      </div>
    </Card>
  );
}
