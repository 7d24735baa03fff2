import Download from 'lucide-react/icons/download';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router.tsx';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import {
  journalFilterParams,
  useDeleteEntry,
  useExportEntries,
  useJournalEntries,
  type JournalDraft,
  type JournalFilters as Filters,
} from './api.ts';
import { EntryList } from './EntryList.tsx';
import { EMPTY_DRAFT, JournalEditor } from './JournalEditor.tsx';
import { JournalFilters } from './JournalFilters.tsx';
import { useJournalLabels } from './labels.ts';

export default function Journal() {
  const { t } = useTranslation();
  const label = useJournalLabels();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<{ key: number; draft: JournalDraft }>(() => ({
    key: 0,
    draft: { ...EMPTY_DRAFT, scriptureReference: params.get('ref') ?? '' },
  }));
  const [filterState, setFilterState] = useState<Filters>({ q: '', status: '', tag: '' });
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<JournalEntry | null>(null);
  const filters = journalFilterParams(filterState);
  const list = useJournalEntries(filters, page);
  const remove = useDeleteEntry(() => setDeleting(null));
  const exportEntries = useExportEntries();
  const reset = () => setEditing((e) => ({ key: e.key + 1, draft: EMPTY_DRAFT }));
  const filtered = Boolean(filterState.q.trim() || filterState.status || filterState.tag);
  function edit(entry: JournalEntry) {
    setEditing((e) => ({
      key: e.key + 1,
      draft: {
        id: entry.id,
        title: entry.title,
        content: entry.content,
        scriptureReference: entry.scriptureReference ?? '',
        // The editor holds the tags as the member reads them; the server stores presets' keys.
        tags: entry.tags.map(label.tag).join(', '),
      },
    }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }
  return (
    <>
      <PageHeader
        title={t('journal.title')}
        subtitle={t('journal.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void exportEntries(filters)}>
              <Download className="size-4" aria-hidden /> {t('journal.export.button')}
            </Button>
            <Button onClick={reset}>
              <Plus className="size-4" aria-hidden /> {t('journal.newEntry')}
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <JournalEditor key={editing.key} initial={editing.draft} onSaved={reset} />
        <section aria-label={t('journal.title')} className="grid content-start gap-3">
          <JournalFilters
            filters={filterState}
            onChange={(patch) => {
              setFilterState((f) => ({ ...f, ...patch }));
              setPage(1);
            }}
          />
          <EntryList
            list={list}
            filtered={filtered}
            page={page}
            onPage={setPage}
            onEdit={edit}
            onDelete={setDeleting}
          />
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('journal.deleteTitle')}
        description={t('journal.deleteBody', { title: deleting ? label.title(deleting) : '' })}
        confirmLabel={t('journal.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
