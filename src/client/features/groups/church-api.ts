/**
 * A group's church and its weekly rhythm (issue 38 item 4): everyone in the group reads both;
 * the leader attaches the group with a church's code or takes it out; each member sets their aim.
 */
import { useQuery } from '@tanstack/react-query';
import type { GroupChurch, GroupRhythm } from '#shared/churches.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from './queries.ts';

const groupChurchUrl = (groupId: string) => `/api/groups/${groupId}/church`;
const rhythmUrl = (groupId: string) => `/api/groups/${groupId}/rhythm`;

export const useGroupChurch = (groupId: string) =>
  useQuery<GroupChurch>({ queryKey: [groupChurchUrl(groupId)], staleTime: 0 });

export function useAttachChurch(
  groupId: string,
  options: { onSuccess?: () => void; onError?: (e: unknown) => boolean },
) {
  return useGroupWrite(
    (code: string) => readJson<GroupChurch>(apiRequest('PUT', groupChurchUrl(groupId), { code })),
    { done: 'groups.church.asked', failed: 'groups.church.failed', ...options },
  );
}

export const useDetachChurch = (groupId: string) =>
  useGroupWrite((_: void) => readJson<GroupChurch>(apiRequest('DELETE', groupChurchUrl(groupId))), {
    done: 'groups.church.left',
    failed: 'groups.church.failed',
  });

export const useRhythm = (groupId: string) =>
  useQuery<GroupRhythm>({ queryKey: [rhythmUrl(groupId)], staleTime: 0 });

export const useSetAim = (groupId: string) =>
  useGroupWrite(
    (aim: number) => readJson<GroupRhythm>(apiRequest('PUT', rhythmUrl(groupId), { aim })),
    { done: 'groups.rhythm.saved', failed: 'groups.rhythm.failed' },
  );
