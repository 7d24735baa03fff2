import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ParallelChapter } from '#shared/schemas/bible.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { useAuth } from '../../../hooks/useAuth.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../../lib/queryClient.ts';

export const PARALLEL_URL = '/api/bible/parallel';

/** The parallel chapter's query key: its URL's segments (the default loader joins them). */
export const parallelKey = (first: string, second: string, book: string, chapter: number) =>
  [PARALLEL_URL, first, second, book, String(chapter)] as const;

export function useParallelChapter(first: string, second: string, book: string, chapter: number) {
  return useQuery<ParallelChapter>({ queryKey: parallelKey(first, second, book, chapter) });
}
export type ParallelQuery = ReturnType<typeof useParallelChapter>;

/** The language a bundled translation is written in (the imported ones are English). */
export const languageOf = (code: string) => (code === 'RV1909' ? 'es' : 'en');

/**
 * The translation to read beside `first` when the member has not chosen one that differs from
 * it: the other language's (RV1909 beside an English text; beside RV1909, the member's English
 * translation when it is installed, else the KJV).
 */
export function counterpartOf(first: string, preferred: string): string {
  if (languageOf(first) === 'en') return 'RV1909';
  return (INSTALLED_TRANSLATIONS as readonly string[]).includes(preferred) &&
    languageOf(preferred) === 'en'
    ? preferred
    : 'KJV';
}

/**
 * Parallel reading as the member left it (a preference of their account, so it follows them
 * from device to device): the translation beside the reader's, or null when off. Saving updates
 * the cached member at once and puts it back if the server refuses.
 */
export function useParallelPreference(first: string) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const stored = user?.preferences.bibleParallel ?? 'off';
  const second =
    stored === 'off'
      ? null
      : stored === first
        ? counterpartOf(first, user?.preferences.bibleTranslation ?? 'KJV')
        : stored;
  const save = async (next: string) => {
    const before = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    if (before)
      queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, {
        ...before,
        preferences: { ...before.preferences, bibleParallel: next as 'off' },
      });
    try {
      const res = await apiRequest('PATCH', '/api/user/preferences', { bibleParallel: next });
      queryClient.setQueryData(CURRENT_USER_KEY, (await res.json()) as CurrentUser);
    } catch (error) {
      if (before) queryClient.setQueryData(CURRENT_USER_KEY, before);
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  };
  return {
    second,
    turnOn: () => save(counterpartOf(first, user?.preferences.bibleTranslation ?? 'KJV')),
    turnOff: () => save('off'),
    choose: (code: string) => save(code),
  };
}
