/**
 * Churches (issue 38 item 4): the pastors' side (their churches, one church's groups, requests,
 * pastors and code, its weekly roll-up) and a group's side (its church, its weekly rhythm).
 * Every write goes through `useGroupWrite`: its toast, then every groups and churches query is
 * fetched again.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  ChurchDetail,
  ChurchInvitationPreview,
  ChurchSummary,
  CreateChurchInput,
  PastorInvitation,
  WeekReport,
} from '#shared/churches.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from '../groups/index.ts';

export const churchPath = (id: string) => `/churches/${id}`;
const churchUrl = (id: string) => `/api/churches/${id}`;
export const reportUrl = (id: string, week: string) => `${churchUrl(id)}/report?week=${week}`;
export const reportCsvUrl = (id: string, week: string) =>
  `${churchUrl(id)}/report.csv?week=${week}`;

/** The list's and a church's keys: their URLs (routes.tsx asks for them early, by these). */
export const CHURCHES_KEY = ['/api/churches'] as const;
export const churchKey = (id: string) => [churchUrl(id)] as const;

export const useChurches = () =>
  useQuery<ChurchSummary[]>({ queryKey: CHURCHES_KEY, staleTime: 0 });

export const useChurch = (id: string) =>
  useQuery<ChurchDetail>({ queryKey: churchKey(id), staleTime: 0 });

export const useWeekReport = (id: string, week: string | undefined) =>
  useQuery<WeekReport>({
    queryKey: [reportUrl(id, week ?? '')],
    enabled: !!week,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export const useChurchInvitation = (token: string | null) =>
  useQuery<ChurchInvitationPreview>({
    queryKey: [`/api/church-invitations/${token ?? ''}`],
    enabled: !!token,
    retry: false,
  });

export function useCreateChurch(onCreated: (church: ChurchDetail) => void) {
  return useGroupWrite(
    (input: CreateChurchInput) =>
      readJson<ChurchDetail>(apiRequest('POST', '/api/churches', input, { idempotent: true })),
    { done: 'churches.create.done', failed: 'churches.create.failed', onSuccess: onCreated },
  );
}

/** A pastor's write on one church that answers the church again. */
function useChurchWrite<Input>(
  send: (input: Input) => Promise<Response>,
  done: string | undefined,
  failed: string,
  onSuccess?: () => void,
) {
  return useGroupWrite((input: Input) => readJson<ChurchDetail>(send(input)), {
    done,
    failed,
    onSuccess,
  });
}

export const useRenameChurch = (id: string, onSuccess?: () => void) =>
  useChurchWrite(
    (name: string) => apiRequest('PATCH', churchUrl(id), { name }),
    'churches.rename.done',
    'churches.rename.failed',
    onSuccess,
  );

export const useNewCode = (id: string) =>
  useChurchWrite(
    (_: void) => apiRequest('POST', `${churchUrl(id)}/code`),
    'churches.code.renewed',
    'churches.code.failed',
  );

export const useApproveGroup = (id: string) =>
  useChurchWrite(
    (groupId: string) => apiRequest('POST', `${churchUrl(id)}/groups/${groupId}/approve`),
    'churches.requests.approved',
    'churches.requests.failed',
  );

export const useRemoveGroup = (id: string, done: string, onSuccess?: () => void) =>
  useChurchWrite(
    (groupId: string) => apiRequest('POST', `${churchUrl(id)}/groups/${groupId}/remove`),
    done,
    'churches.requests.failed',
    onSuccess,
  );

export const useDeleteChurch = (id: string, onSuccess: () => void) =>
  useGroupWrite(
    async (_: void) => {
      await apiRequest('DELETE', churchUrl(id));
    },
    { done: 'churches.delete.done', failed: 'churches.delete.failed', onSuccess },
  );

export const useLeaveChurch = (id: string, onSuccess: () => void) =>
  useGroupWrite(
    async (_: void) => {
      await apiRequest('POST', `${churchUrl(id)}/leave`);
    },
    { done: 'churches.pastors.left', failed: 'churches.pastors.leaveFailed', onSuccess },
  );

export const useInvitePastor = (id: string, onSuccess: (made: PastorInvitation) => void) =>
  useGroupWrite(
    (_: void) =>
      readJson<PastorInvitation>(apiRequest('POST', `${churchUrl(id)}/pastor-invitations`)),
    { failed: 'churches.pastors.inviteFailed', onSuccess },
  );

export const useAcceptPastorInvitation = (
  token: string,
  onSuccess: (church: ChurchSummary) => void,
) =>
  useGroupWrite(
    (_: void) =>
      readJson<ChurchSummary>(apiRequest('POST', `/api/church-invitations/${token}/accept`)),
    { done: 'churches.invitation.accepted', failed: 'churches.invitation.failed', onSuccess },
  );
