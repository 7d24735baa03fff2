import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Chapter,
  Passage,
  SearchResult,
  Study,
  StudyInput,
  TranslationInfo,
} from '#shared/schemas/bible.ts';
import { toast } from '../../hooks/use-toast.ts';
import { downloadAttachment } from '../../lib/download.ts';
import { ApiError, apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const TRANSLATIONS_KEY = ['/api/bible/translations'] as const;
export const CHAPTER_URL = '/api/bible/chapter';
export const STUDIES_URL = '/api/studies';

export const chapterKey = (translation: string, book: string, chapter: number) =>
  [CHAPTER_URL, translation, book, String(chapter)] as const;

export const passageUrl = (ref: string, translation?: string) =>
  `/api/bible/passage?ref=${encodeURIComponent(ref)}${translation ? `&translation=${translation}` : ''}`;

export const passageKey = (ref: string | null, translation?: string) =>
  [passageUrl(ref ?? '', translation)] as const;

/** A search as the reader's search panel submits it (empty book/testament: no filter). */
export interface SearchQuery {
  q: string;
  page: number;
  book: string;
  testament: string;
}

export const searchUrl = (query: SearchQuery, translation: string, parallel?: string | null) =>
  `/api/bible/search?q=${encodeURIComponent(query.q)}&translation=${translation}&page=${query.page}` +
  (parallel ? `&parallel=${parallel}` : '') +
  (query.book ? `&book=${query.book}` : '') +
  (query.testament ? `&testament=${query.testament}` : '');

export const compareUrl = (ref: string, translations: readonly string[]) =>
  `/api/bible/compare?ref=${encodeURIComponent(ref)}&translations=${translations.join(',')}`;

export const studyKey = (id: string | null) => [STUDIES_URL, id ?? ''] as const;
export const studiesPageKey = (page: number) => [`${STUDIES_URL}?page=${page}`] as const;

const studyExportUrl = (id: string, withText: boolean) =>
  `${STUDIES_URL}/${id}/export${withText ? '?withText=1' : ''}`;

// ── Cache invalidation ──

/** The saved-study list pages (`/api/studies?page=…`), not the single studies. */
export function invalidateStudyLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(`${STUDIES_URL}?`),
  });
}

/** Every study query: the list pages and the single studies. */
export function invalidateStudies(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(STUDIES_URL),
  });
}

// ── Bible text ──

export async function fetchPassage(ref: string, translation?: string): Promise<Passage> {
  return (await apiRequest('GET', passageUrl(ref, translation))).json() as Promise<Passage>;
}

export function useTranslations() {
  return useQuery<TranslationInfo[]>({ queryKey: TRANSLATIONS_KEY });
}

export function useChapter(translation: string, book: string, chapter: number, enabled = true) {
  return useQuery<Chapter>({ queryKey: chapterKey(translation, book, chapter), enabled });
}
export type ChapterQuery = ReturnType<typeof useChapter>;

export function usePassage(ref: string | null, translation?: string) {
  return useQuery<Passage>({ queryKey: passageKey(ref, translation), enabled: !!ref });
}

/** "Go to a passage": looks a typed reference up once (no retry), then hands the passage over. */
export function useLookupPassage(translation: string, onFound: (passage: Passage) => void) {
  return useMutation({
    mutationFn: (ref: string) => fetchPassage(ref, translation),
    retry: 0,
    onSuccess: onFound,
  });
}

export function useSearch(
  query: SearchQuery | null,
  translation: string,
  parallel?: string | null,
) {
  return useQuery<SearchResult>({
    queryKey: [query ? searchUrl(query, translation, parallel) : ''],
    enabled: !!query,
  });
}

export interface Comparison {
  columns: Passage[];
}

export function useCompare(reference: string, translations: readonly string[]) {
  return useQuery<Comparison>({
    queryKey: [compareUrl(reference, translations)],
    enabled: translations.length > 0,
  });
}

/** The suggestions of a 404 "Versículo No Encontrado" answer, if that is what the error is. */
export function notFoundSuggestions(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  const body = error.body as { suggestions?: unknown } | null;
  return Array.isArray(body?.suggestions) ? (body.suggestions as string[]) : null;
}

// ── Studies ──

export interface StudyPage {
  items: Study[];
  total: number;
  page: number;
  pageSize: number;
}

export function useStudy(id: string | null) {
  return useQuery<Study>({ queryKey: studyKey(id), enabled: !!id });
}

export function useStudies(page: number) {
  return useQuery<StudyPage>({ queryKey: studiesPageKey(page), placeholderData: keepPreviousData });
}

/**
 * Creates (no id) or updates a study. `onSaved` runs first (the editor drops its draft), then the
 * toast and the cache; `onCreated` runs last, for a new study only. Field errors go to
 * `onFieldErrors`; any other failure is a toast.
 */
export function useSaveStudy(
  id: string | null,
  handlers: {
    onSaved: (study: Study) => void;
    onCreated: (study: Study) => void;
    onFieldErrors: (fields: Record<string, string>) => void;
  },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StudyInput): Promise<Study> => {
      const res = id
        ? await apiRequest('PATCH', `${STUDIES_URL}/${id}`, body, { idempotent: true })
        : await apiRequest('POST', STUDIES_URL, body);
      return res.json();
    },
    onSuccess: async (study) => {
      handlers.onSaved(study);
      toast({ title: id ? t('study.updated') : t('study.saved') });
      queryClient.setQueryData(studyKey(study.id), study);
      await invalidateStudyLists(queryClient);
      if (!id) handlers.onCreated(study);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      handlers.onFieldErrors(fields);
      if (Object.keys(fields).length === 0) {
        toast({
          title: t('study.failed'),
          description: errorMessage(error, t),
          variant: 'destructive',
        });
      }
    },
  });
}

export function useDeleteStudy(onDeleted: (id: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${STUDIES_URL}/${id}`),
    onSuccess: async (_res, id) => {
      onDeleted(id);
      toast({ title: t('study.list.deleted') });
      await invalidateStudies(queryClient);
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}

/** Downloads a study as Markdown (with the passage text: premium); a failure is a toast. */
export function useExportStudy() {
  const { t } = useTranslation();
  return async (study: Study, withText: boolean) => {
    try {
      await downloadAttachment(studyExportUrl(study.id, withText), 'study.md');
    } catch (error) {
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  };
}
