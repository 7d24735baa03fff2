/**
 * A group's meeting reports (reporte de célula, issue 38 item 3): the list every member reads
 * (the leaders the reports, a member their own attendance), the leaders' new report, which is
 * kept in the outbox when there is no network (lib/outbox.ts) and sent once the connection is
 * back, and deleting one. The new report carries an id the form chose once: sent twice, late or
 * from the outbox, it is one report.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LeaderMemberRow, MemberPage } from '#shared/groups.ts';
import type { CreateMeetingInput, MeetingList, MeetingReport } from '#shared/meetings.ts';
import { toast } from '../../hooks/use-toast.ts';
import { reportNetworkFailure } from '../../lib/connection.ts';
import { isNetworkFailure, queueWrite } from '../../lib/outbox.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { invalidateGroups, membersUrl, readJson, useGroupWrite } from './queries.ts';

const meetingsUrl = (groupId: string) => `/api/groups/${groupId}/meetings`;

/** The list's key: its URL (the default loader fetches it; `invalidateGroups` matches it). */
export const meetingsKey = (groupId: string) => [meetingsUrl(groupId)] as const;

/** The outbox's key of a report kept on the device: queued twice, it is kept once. */
export const queuedMeetingKey = (meetingId: string) => `meeting:${meetingId}`;

/** The reports (leaders) or the reader's own attendance (members), newest first. */
export const useMeetings = (groupId: string) =>
  useQuery<MeetingList>({ queryKey: meetingsKey(groupId), staleTime: 0 });

/**
 * Every member of the group, by name, for the leaders' "who came": all the pages of the member
 * list (MEMBERS_PAGE_SIZE each), the first shared with the member list the page shows. Loaded
 * with the panel, so that a form opened after the network is gone still has everyone.
 */
export function useMemberRoster(groupId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery<LeaderMemberRow[]>({
    queryKey: [`/api/groups/${groupId}/members`, 'roster'],
    enabled,
    queryFn: async () => {
      const page = (n: number) =>
        queryClient.fetchQuery<MemberPage>({ queryKey: [membersUrl(groupId, 'name', 'asc', n)] });
      const first = await page(1);
      const pages = Math.max(1, Math.ceil(first.total / Math.max(1, first.pageSize)));
      const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => page(i + 2)));
      // A member who joins or leaves between two pages could be on both: each is listed once.
      const rows = new Map<string, LeaderMemberRow>();
      for (const row of [first, ...rest].flatMap((p) => p.leaderRows)) rows.set(row.memberId, row);
      return [...rows.values()];
    },
  });
}

/** The cached list with `report` in it, by date of the meeting, newest first. */
function putReport(queryClient: QueryClient, groupId: string, report: MeetingReport) {
  queryClient.setQueryData<MeetingList>(meetingsKey(groupId), (list) => {
    if (!list?.reports) return list;
    const others = list.reports.filter((r) => r.id !== report.id);
    const at = others.findIndex((r) => r.heldOn <= report.heldOn);
    const reports =
      at < 0 ? [...others, report] : [...others.slice(0, at), report, ...others.slice(at)];
    return { ...list, reports };
  });
}

function dropReport(queryClient: QueryClient, groupId: string, meetingId: string) {
  queryClient.setQueryData<MeetingList>(meetingsKey(groupId), (list) =>
    list?.reports ? { ...list, reports: list.reports.filter((r) => r.id !== meetingId) } : list,
  );
}

/** What the form sends, and the title of what was covered (shown while the report waits). */
export interface MeetingDraft {
  /** With its id, chosen once per opened form. */
  input: CreateMeetingInput & { id: string };
  coveredTitle: string | null;
}

/** The report as the list shows it while it waits in the outbox. */
const waitingReport = ({ input, coveredTitle }: MeetingDraft): MeetingReport => ({
  id: input.id,
  heldOn: input.heldOn,
  present: input.present,
  // Unknown until the server has it: the list says the group's size today meanwhile.
  members: 0,
  visitors: input.visitors ?? 0,
  visitorNames: input.visitorNames ?? '',
  covered: input.covered ? { ...input.covered, title: coveredTitle ?? '' } : null,
  prayer: input.prayer ?? '',
  note: input.note ?? '',
  createdAt: new Date().toISOString(),
});

/**
 * A new report. Saved (or kept on the device when the network is gone, and sent when it is
 * back): `onSaved`, then a toast. Refused by the server: `onRefused` (the form says why and
 * keeps everything typed), no toast.
 */
export function useRecordMeeting(
  groupId: string,
  { onSaved, onRefused }: { onSaved: () => void; onRefused: (error: unknown) => void },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input }: MeetingDraft): Promise<MeetingReport | null> => {
      const url = meetingsUrl(groupId);
      try {
        return await readJson<MeetingReport>(apiRequest('POST', url, input, { idempotent: true }));
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        reportNetworkFailure();
        // No IndexedDB (a private window): the network's failure is the one to tell.
        await queueWrite({
          key: queuedMeetingKey(input.id),
          method: 'POST',
          url,
          body: input,
        }).catch(() => {
          throw error;
        });
        return null;
      }
    },
    onSuccess: async (report, draft) => {
      onSaved();
      if (!report) {
        // Nothing asked of the server meanwhile: it cannot answer, and the page keeps its data.
        putReport(queryClient, groupId, waitingReport(draft));
        toast({
          title: t('groups.meetings.queued'),
          description: t('groups.meetings.queuedBody'),
        });
        return;
      }
      putReport(queryClient, groupId, report);
      toast({ title: t('groups.meetings.saved') });
      await invalidateGroups(queryClient);
    },
    onError: onRefused,
  });
}

export function useDeleteMeeting(groupId: string, onSuccess?: (meetingId: string) => void) {
  const queryClient = useQueryClient();
  return useGroupWrite(
    async (meetingId: string) => {
      await apiRequest('DELETE', `${meetingsUrl(groupId)}/${meetingId}`);
      return meetingId;
    },
    {
      done: 'groups.meetings.deleted',
      failed: 'groups.meetings.deleteFailed',
      onSuccess: (meetingId) => {
        dropReport(queryClient, groupId, meetingId);
        onSuccess?.(meetingId);
      },
    },
  );
}
