import { useQuery } from '@tanstack/react-query';
import type { ParallelChapter } from '#shared/schemas/bible.ts';
import { counterpartOf } from '#shared/values/bible.ts';
import { useAuth } from '../../../hooks/useAuth.ts';
import { useReadingPreference } from '../../both/index.ts';

export const PARALLEL_URL = '/api/bible/parallel';

/** The parallel chapter's query key: its URL's segments (the default loader joins them). */
export const parallelKey = (first: string, second: string, book: string, chapter: number) =>
  [PARALLEL_URL, first, second, book, String(chapter)] as const;

export function useParallelChapter(first: string, second: string, book: string, chapter: number) {
  return useQuery<ParallelChapter>({ queryKey: parallelKey(first, second, book, chapter) });
}
export type ParallelQuery = ReturnType<typeof useParallelChapter>;

/**
 * Parallel reading as the member left it (a preference of their account, so it follows them
 * from device to device): the translation beside the reader's, or null when off.
 */
export function useParallelPreference(first: string) {
  const { user } = useAuth();
  const save = useReadingPreference();
  const stored = user?.preferences.bibleParallel ?? 'off';
  const second =
    stored === 'off'
      ? null
      : stored === first
        ? counterpartOf(
            first,
            user?.preferences.bibleTranslation ?? 'KJV',
            user?.preferences.spanishBible,
          )
        : stored;
  const choose = (next: string) => save({ bibleParallel: next as 'off' });
  return {
    second,
    turnOn: () =>
      choose(
        counterpartOf(
          first,
          user?.preferences.bibleTranslation ?? 'KJV',
          user?.preferences.spanishBible,
        ),
      ),
    turnOff: () => choose('off'),
    choose,
  };
}
