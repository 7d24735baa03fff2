import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  MEMORY_RATINGS,
  MemoryCategory,
  MemoryPracticeIn,
  MemoryVerse,
} from '#shared/schemas/memory.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { notFoundSuggestions } from '../bible/index.ts';

export type MemoryRating = (typeof MEMORY_RATINGS)[number];

/** What adding a verse sends (no translation: the member's preferred one). */
export interface NewMemoryVerse {
  reference: string;
  category: MemoryCategory;
  translation?: string;
}

export interface MemoryVersePage {
  items: MemoryVerse[];
  total: number;
  dueCount: number;
}

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const MEMORY_VERSES_URL = '/api/memory-verses';

/** The member's verses, all of them or one category's. */
export const memoryVersesKey = (category: MemoryCategory | null) =>
  [`${MEMORY_VERSES_URL}${category ? `?category=${category}` : ''}`] as const;

// ── Cache invalidation ──

/** Every memory-verse list (any category). */
export function invalidateMemoryVerses(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(MEMORY_VERSES_URL),
  });
}

// ── Queries ──

export function useMemoryVerses(category: MemoryCategory | null) {
  return useQuery<MemoryVersePage>({ queryKey: memoryVersesKey(category) });
}
export type MemoryVersesQuery = ReturnType<typeof useMemoryVerses>;

// ── Requests ──

/**
 * Adds a verse (no retry). `onAdded` runs before the cache refresh; a failure hands over the
 * message to show in the form (with any "did you mean" suggestions), then shows a toast.
 */
export function useAddMemoryVerse(handlers: {
  onAdded: (verse: MemoryVerse) => void;
  onFailed: (message: string) => void;
  /** The failure toast's title: SPEC §8 words it differently from a lesson. */
  failureTitleKey?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewMemoryVerse) =>
      (await apiRequest('POST', MEMORY_VERSES_URL, body)).json() as Promise<MemoryVerse>,
    retry: 0,
    onSuccess: async (verse) => {
      toast({ title: t('memory.added'), description: verse.reference });
      handlers.onAdded(verse);
      await invalidateMemoryVerses(queryClient);
    },
    onError: (e) => {
      const suggestions = notFoundSuggestions(e);
      handlers.onFailed(errorMessage(e, t) + (suggestions ? ` (${suggestions.join(', ')})` : ''));
      toast({
        title: t(handlers.failureTitleKey ?? 'memory.failed'),
        description: errorMessage(e, t),
        variant: 'destructive',
      });
    },
  });
}

/** Records how well a verse was recalled; the toast says when it is due next. */
export function useReviewVerse(verse: MemoryVerse, onDone: () => void) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return useMutation({
    mutationFn: async (rating: MemoryRating) =>
      (
        await apiRequest('POST', `${MEMORY_VERSES_URL}/${verse.id}/review`, { rating })
      ).json() as Promise<MemoryVerse>,
    onSuccess: async (updated) => {
      toast({ title: t('memory.reviewed', { date: date.format(new Date(updated.dueAt)) }) });
      await invalidateMemoryVerses(queryClient);
      onDone();
    },
    onError: (e) =>
      toast({
        title: t('memory.errors.review'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}

export function useRemoveVerse(onRemoved: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${MEMORY_VERSES_URL}/${id}`),
    onSuccess: async () => {
      onRemoved();
      toast({ title: t('memory.removed') });
      await invalidateMemoryVerses(queryClient);
    },
    onError: (e) =>
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' }),
  });
}

/**
 * Chooses the language(s) a verse is practised in (issue 26): its own translation, its pair in
 * the other language, or both. `onSaved` gets the verse as saved (with its pair, found now for
 * a verse kept before pairs were).
 */
export function usePracticeIn(verse: MemoryVerse, onSaved: (verse: MemoryVerse) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (practiceIn: MemoryPracticeIn) =>
      (
        await apiRequest('PATCH', `${MEMORY_VERSES_URL}/${verse.id}`, { practiceIn })
      ).json() as Promise<MemoryVerse>,
    onSuccess: async (updated) => {
      onSaved(updated);
      await invalidateMemoryVerses(queryClient);
    },
    onError: (e) =>
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' }),
  });
}
