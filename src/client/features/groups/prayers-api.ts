/**
 * Prayer requests shared with a group (issue 38 item 3): the reader's own requests with a share
 * switch each, and, for the leaders, what the members shared.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupPrayers } from '#shared/group-prayers.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from './queries.ts';

const prayersUrl = (groupId: string) => `/api/groups/${groupId}/prayers`;
export const groupPrayersKey = (groupId: string) => [prayersUrl(groupId)] as const;

export const useGroupPrayers = (groupId: string, enabled = true) =>
  useQuery<GroupPrayers>({ queryKey: groupPrayersKey(groupId), staleTime: 0, enabled });

/** Shares (or stops sharing) one of the reader's requests; the list comes back at once. */
export function useSharePrayer(groupId: string) {
  const queryClient = useQueryClient();
  return useGroupWrite(
    ({ prayerId, share }: { prayerId: string; share: boolean }) =>
      readJson<GroupPrayers>(
        apiRequest(share ? 'PUT' : 'DELETE', `${prayersUrl(groupId)}/${prayerId}`),
      ),
    {
      done: (_, { share }) => (share ? 'groups.prayers.shared' : 'groups.prayers.unshared'),
      failed: 'groups.prayers.failed',
      onSuccess: (list) => queryClient.setQueryData(groupPrayersKey(groupId), list),
    },
  );
}
