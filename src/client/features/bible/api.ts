import { useQuery } from '@tanstack/react-query';
import type { Chapter, Passage, SearchResult, TranslationInfo } from '#shared/schemas/bible.ts';
import { ApiError } from '../../lib/queryClient.ts';

export const passageUrl = (ref: string, translation?: string) =>
  `/api/bible/passage?ref=${encodeURIComponent(ref)}${translation ? `&translation=${translation}` : ''}`;

export function useTranslations() {
  return useQuery<TranslationInfo[]>({ queryKey: ['/api/bible/translations'] });
}

export function useChapter(translation: string, book: string, chapter: number) {
  return useQuery<Chapter>({
    queryKey: ['/api/bible/chapter', translation, book, String(chapter)],
  });
}

export function usePassage(ref: string | null, translation?: string) {
  return useQuery<Passage>({ queryKey: [passageUrl(ref ?? '', translation)], enabled: !!ref });
}

export function useSearch(url: string | null) {
  return useQuery<SearchResult>({ queryKey: [url ?? ''], enabled: !!url });
}

/** The suggestions of a 404 "Versículo No Encontrado" answer, if that is what the error is. */
export function notFoundSuggestions(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  const body = error.body as { suggestions?: unknown } | null;
  return Array.isArray(body?.suggestions) ? (body.suggestions as string[]) : null;
}
