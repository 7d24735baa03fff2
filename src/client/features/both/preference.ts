import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, UserPreferences } from '#shared/schemas/user.ts';
import { toast } from '../../hooks/use-toast.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

/**
 * A reading preference saved as the member changes it (a preference of their account, so it
 * follows them from device to device): the cached member is updated at once, and put back with
 * a translated toast if the server refuses. No "saved" toast: the page itself shows the change.
 */
export function useReadingPreference() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (changes: Partial<UserPreferences>) => {
    // A fetch of the member already under way (the takeover's, a focus refetch) would answer
    // with the choice as it was and put it back over the member's: it is dropped first.
    await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
    const before = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    if (before)
      queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, {
        ...before,
        preferences: { ...before.preferences, ...changes },
      });
    try {
      const res = await apiRequest('PATCH', '/api/user/preferences', changes, {
        idempotent: true,
      });
      queryClient.setQueryData(CURRENT_USER_KEY, (await res.json()) as CurrentUser);
    } catch (error) {
      // With no network the choice holds on this device and waits in the outbox, sent when
      // the connection is back (saving a choice twice is harmless): parallel reading and "show
      // in both" work offline with the Bible downloaded (issue 40).
      const { isNetworkFailure, queueWrite } = await import('../../lib/outbox.ts');
      if (isNetworkFailure(error)) {
        const queued = await queueWrite({
          key: `preferences:${Object.keys(changes).sort().join(',')}`,
          method: 'PATCH',
          url: '/api/user/preferences',
          body: changes,
        }).then(
          () => true,
          () => false,
        );
        if (queued) {
          toast({ title: t('offline.queued') });
          return;
        }
      }
      if (before) queryClient.setQueryData(CURRENT_USER_KEY, before);
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  };
}

/**
 * "Show in both languages" (issue 26): lessons, the verse of the day and the daily reading show
 * their Scripture with the other language's translation too, verse by verse. One choice for the
 * three, remembered with the member's account.
 */
export function useScriptureInBoth() {
  const { user } = useAuth();
  const save = useReadingPreference();
  const on = user?.preferences.scriptureInBoth ?? false;
  return { on, set: (next: boolean) => save({ scriptureInBoth: next }) };
}
