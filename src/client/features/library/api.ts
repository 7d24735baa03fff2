import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Book,
  ExternalLink,
  FavoriteVerse,
  HeroDetail,
  HeroSummary,
  HistoricSermon,
  ReadKind,
  ResourceDetail,
  ResourceSummary,
  SermonDetail,
  SermonList,
} from '#shared/schemas/library-api.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

export type {
  Book,
  ExternalLink,
  FavoriteVerse,
  HeroDetail,
  HeroSummary,
  HistoricSermon,
  ReadKind,
  ResourceDetail,
  ResourceSummary,
  SermonDetail,
  SermonList,
};
export type { LibraryScripture } from '#shared/schemas/library-api.ts';

export interface ListOf<T> {
  items: T[];
  total: number;
}

/** A list's filters: search text and one value per filter ('' = all). */
export type Filters = Record<string, string>;

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

const LIBRARY_URL = '/api/library';
export const FAVORITES_URL = '/api/favorite-verses';

/** `/api/library/heroes?era=modern&q=…`: the filters that are set, in a stable order. */
export function listKey(collection: string, filters: Filters = {}) {
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return [`${LIBRARY_URL}/${collection}${query ? `?${query}` : ''}`] as const;
}
export const detailKey = (collection: string, id: string) =>
  [`${LIBRARY_URL}/${collection}`, id] as const;
export const FAVORITES_KEY = [FAVORITES_URL] as const;

const COLLECTION_OF: Record<ReadKind, string> = {
  sermon: 'sermons',
  hero: 'heroes',
  resource: 'resources',
};

/** After a read mark: the lists and details of that collection. */
export function invalidateCollection(queryClient: QueryClient, kind: ReadKind) {
  const prefix = `${LIBRARY_URL}/${COLLECTION_OF[kind]}`;
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(prefix),
  });
}

// ── Queries ──

/** A list that keeps showing the previous results while the next search loads. */
function useList<T>(collection: string, filters: Filters) {
  return useQuery<T>({ queryKey: listKey(collection, filters), placeholderData: keepPreviousData });
}

export const useSermons = (filters: Filters) => useList<SermonList>('sermons', filters);
export const useHistoricSermons = (filters: Filters) =>
  useList<ListOf<HistoricSermon>>('historic-sermons', filters);
export const useBooks = (filters: Filters) => useList<ListOf<Book>>('books', filters);
export const useHeroes = (filters: Filters) => useList<ListOf<HeroSummary>>('heroes', filters);
export const useResources = (filters: Filters) =>
  useList<ListOf<ResourceSummary>>('resources', filters);
export const useLinks = () => useQuery<ListOf<ExternalLink>>({ queryKey: listKey('links') });

export const useSermon = (id: string) =>
  useQuery<SermonDetail>({ queryKey: detailKey('sermons', id) });
export const useHero = (id: string) => useQuery<HeroDetail>({ queryKey: detailKey('heroes', id) });
export const useResource = (id: string) =>
  useQuery<ResourceDetail>({ queryKey: detailKey('resources', id) });

export const useFavoriteVerses = () => useQuery<ListOf<FavoriteVerse>>({ queryKey: FAVORITES_KEY });

// ── Requests ──

/** Marks an item read or not read (retried once, SPEC §9), with a toast either way. */
export function useSetRead(kind: ReadKind, id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (read: boolean) =>
      (await apiRequest('PUT', `${LIBRARY_URL}/read/${kind}/${id}`, { read })).json() as Promise<{
        read: boolean;
      }>,
    onSuccess: async ({ read }) => {
      toast({ title: t(read ? 'library.markedRead' : 'library.markedUnread') });
      await invalidateCollection(queryClient, kind);
    },
    onError: (e) =>
      toast({
        title: t('library.markFailed'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}

/**
 * Saves a verse to favorites (no retry: a retried save would answer "already saved"). Today's
 * verse gets SPEC §8's own message.
 */
export function useSaveFavorite(options: { today?: boolean } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { reference: string; translation?: string }) =>
      (await apiRequest('POST', FAVORITES_URL, body)).json() as Promise<FavoriteVerse>,
    retry: 0,
    onSuccess: async (verse) => {
      toast({
        title: t(options.today ? 'library.favorites.savedToday' : 'library.favorites.saved'),
        description: verse.reference,
      });
      await queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
    },
    onError: (e) =>
      toast({
        title: t('library.favorites.failed'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}

export function useRemoveFavorite(onRemoved: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${FAVORITES_URL}/${id}`);
    },
    onSuccess: async () => {
      toast({ title: t('library.favorites.removed') });
      onRemoved();
      await queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
    },
    onError: (e) =>
      toast({
        title: t('library.favorites.removeFailed'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}
