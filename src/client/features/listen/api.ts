import type { Chapter } from '#shared/schemas/bible.ts';
import { queryClient } from '../../lib/queryClient.ts';
import type { ChapterRef } from './types.ts';

/**
 * A chapter, under the reader's own query key (`chapterKey` in features/bible/api.ts: the URL's
 * segments): the chapter the reader shows is read from its cache, with no request, which is
 * also what makes a chapter open offline listenable offline. Not imported from the Bible
 * feature: its index brings the reader's parts and their strings into the player's chunk.
 */
export function fetchChapter({ translation, book, chapter }: ChapterRef): Promise<Chapter> {
  return queryClient.fetchQuery<Chapter>({
    queryKey: ['/api/bible/chapter', translation, book, String(chapter)],
    staleTime: 5 * 60_000,
  });
}
