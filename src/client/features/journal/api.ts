import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Passage } from '#shared/schemas/bible.ts';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { toast } from '../../hooks/use-toast.ts';
import { reportNetworkFailure } from '../../lib/connection.ts';
import { downloadAttachment } from '../../lib/download.ts';
import { isNetworkFailure, queueWrite } from '../../lib/outbox.ts';
import { ApiError, apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { fetchPassage, notFoundSuggestions } from '../bible/index.ts';

export type EntryStatus = JournalEntry['status'];

/** The entry being written: a new one (no id) or an existing one. Tags are the typed text. */
export interface JournalDraft {
  id: string | null;
  title: string;
  content: string;
  scriptureReference: string;
  tags: string;
}

/** The list filters as the page holds them (empty: no filter). */
export interface JournalFilters {
  q: string;
  status: '' | EntryStatus;
  tag: string;
}

export interface JournalPage {
  items: JournalEntry[];
  total: number;
  page: number;
  pageSize: number;
}

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const JOURNAL_URL = '/api/journal';

/** The filters as query parameters: only those that are set. */
export const journalFilterParams = ({ q, status, tag }: JournalFilters) =>
  new URLSearchParams({
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(status ? { status } : {}),
    ...(tag ? { tag } : {}),
  });

export const journalPageKey = (filters: URLSearchParams, page: number) =>
  [
    `${JOURNAL_URL}?${new URLSearchParams({ ...Object.fromEntries(filters), page: String(page) })}`,
  ] as const;

const journalExportUrl = (filters: URLSearchParams) => `${JOURNAL_URL}/export?${filters}`;

// ── Cache invalidation ──

/** Every journal query: the list pages (any filter) and the single entries. */
export function invalidateJournal(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(JOURNAL_URL),
  });
}

// ── Queries ──

/** One page of entries; the previous page stays shown while the next loads. */
export function useJournalEntries(filters: URLSearchParams, page: number) {
  return useQuery<JournalPage>({
    queryKey: journalPageKey(filters, page),
    placeholderData: keepPreviousData,
  });
}
export type JournalEntriesQuery = ReturnType<typeof useJournalEntries>;

// ── Requests ──

/**
 * Looks up the passage to attach (no retry). A failure hands over the "did you mean"
 * suggestions of a 404, or else the message to show.
 */
export function useLookUpScripture(handlers: {
  onFound: (passage: Passage) => void;
  onFailed: (suggestions: string[] | null, message: string | null) => void;
}) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (ref: string) => fetchPassage(ref),
    retry: 0,
    onSuccess: handlers.onFound,
    onError: (e) => {
      const suggestions = notFoundSuggestions(e);
      handlers.onFailed(suggestions, suggestions ? null : errorMessage(e, t));
    },
  });
}

/**
 * Creates (no id) or updates an entry as a draft or published. `onSaved` runs first, then the
 * toast and the cache; `onStored` runs last. A failure hands over the field errors (and, for an
 * unknown verse, the message for the scripture field), then shows a toast.
 *
 * A new entry carries `createId`, chosen once per editor: with no network it is kept on the
 * device and sent when the connection is back (`onQueued`), and the server makes it once however
 * often it arrives (docs/decisions/0024).
 */
export function useSaveEntry(handlers: {
  onSaved: () => void;
  onStored: (entry: JournalEntry, status: EntryStatus) => void;
  onQueued: () => void;
  onFieldErrors: (fields: Record<string, string>) => void;
  onVerseNotFound: (message: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      draft,
      status,
      createId,
    }: {
      draft: JournalDraft;
      status: EntryStatus;
      createId: string;
    }): Promise<JournalEntry | null> => {
      const body = {
        title: draft.title,
        content: draft.content,
        scriptureReference: draft.scriptureReference.trim() || null,
        tags: draft.tags,
        status,
      };
      if (draft.id) {
        return (await (
          await apiRequest('PATCH', `${JOURNAL_URL}/${draft.id}`, body, { idempotent: true })
        ).json()) as JournalEntry;
      }
      const create = { ...body, id: createId };
      try {
        // The id makes it one entry however often it is sent.
        const res = await apiRequest('POST', JOURNAL_URL, create, { idempotent: true });
        return (await res.json()) as JournalEntry;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        reportNetworkFailure();
        const write = { key: `journal:${createId}`, method: 'POST' as const, url: JOURNAL_URL };
        await queueWrite({ ...write, body: create }).catch(() => {
          throw error;
        });
        return null;
      }
    },
    onSuccess: async (entry, { draft, status }) => {
      handlers.onSaved();
      if (!entry) {
        toast({ title: t('offline.queued'), description: t('offline.journalQueuedBody') });
        handlers.onQueued();
        return;
      }
      toast({
        title:
          status === 'published'
            ? t('journal.published')
            : draft.id
              ? t('journal.updated')
              : t('journal.draftSaved'),
      });
      await invalidateJournal(queryClient);
      handlers.onStored(entry, status);
    },
    onError: (e, { draft }) => {
      handlers.onFieldErrors(fieldErrorsOf(e));
      if (
        e instanceof ApiError &&
        (e.body as { code?: string } | null)?.code === 'VERSE_NOT_FOUND'
      ) {
        handlers.onVerseNotFound(errorMessage(e, t));
      }
      toast({
        title: draft.id ? t('journal.errors.update') : t('journal.errors.save'),
        variant: 'destructive',
      });
    },
  });
}

export function useDeleteEntry(onDeleted: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${JOURNAL_URL}/${id}`),
    onSuccess: async () => {
      onDeleted();
      toast({ title: t('journal.deleted') });
      await invalidateJournal(queryClient);
    },
    onError: (e) =>
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' }),
  });
}

/** Downloads the entries matching the filters as Markdown; a failure is a toast. */
export function useExportEntries() {
  const { t } = useTranslation();
  return async (filters: URLSearchParams) => {
    try {
      await downloadAttachment(journalExportUrl(filters), 'journal.md');
    } catch (e) {
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' });
    }
  };
}
