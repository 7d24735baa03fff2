/**
 * The groups' query keys, queries and the one way their writes are made (refresh, toasts), with no
 * strings of their own: the dashboard's card and the lesson's share panel use them without
 * downloading the groups pages' strings (docs/decisions/0029).
 */
import {
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  AdminGroupPage,
  GroupDetail,
  GroupFeed,
  GroupList,
  InvitationList,
  InvitationPreview,
  MemberPage,
  MemberSort,
  ReceivedInvitationList,
  ReflectionList,
} from '#shared/groups.ts';
import { toast } from '../../hooks/use-toast.ts';
import { errorMessage } from '../../lib/queryClient.ts';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const GROUPS_KEY = ['/api/groups'] as const;
export const RECEIVED_KEY = ['/api/invitations/received'] as const;
export const groupKey = (id: string) => ['/api/groups', id] as const;
export const membersUrl = (id: string, sort: MemberSort, order: 'asc' | 'desc', page: number) =>
  `/api/groups/${id}/members?sort=${sort}&order=${order}&page=${page}`;

/** Every query of the groups (the list, each group's page and its parts). */
export function invalidateGroups(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = String(q.queryKey[0]);
      return (
        head.startsWith('/api/groups') ||
        head.startsWith('/api/invitations') ||
        head.startsWith('/api/admin/groups') ||
        // A church lists its groups and their requests (a group attached, a request withdrawn).
        head.startsWith('/api/churches') ||
        head.startsWith('/api/church-invitations')
      );
    },
  });
}

/** A failed write: the title, and the server's translated reason. */
function failureToast(t: (key: string) => string, title: string, error: unknown) {
  toast({ title, description: errorMessage(error, t), variant: 'destructive' });
}

// ── Queries ──

/** The member's groups (leading and member of), the pending invitations, whether they may create. */
export const useGroups = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery<GroupList>({ queryKey: GROUPS_KEY, staleTime: 0, enabled });

/** Invitations received by e-mail, waiting for an answer. */
export const useReceivedInvitations = (enabled: boolean) =>
  useQuery<ReceivedInvitationList>({ queryKey: RECEIVED_KEY, enabled });

/** One group as the reader may see it (leaders get the stats). */
export const useGroup = (id: string) =>
  useQuery<GroupDetail>({ queryKey: groupKey(id), staleTime: 0 });

/** A page of the member list, sorted on the server; the previous page stays while the next loads. */
export const useGroupMembers = (
  id: string,
  sort: MemberSort,
  order: 'asc' | 'desc',
  page: number,
) =>
  useQuery<MemberPage>({
    queryKey: [membersUrl(id, sort, order, page)],
    placeholderData: keepPreviousData,
  });

export const useGroupFeed = (id: string) =>
  useQuery<GroupFeed>({ queryKey: [`/api/groups/${id}/feed`] });

/** Shared reflections of the group, all lessons or one. */
export const useGroupReflections = (id: string, lessonId?: string, enabled = true) =>
  useQuery<ReflectionList>({
    queryKey: [
      `/api/groups/${id}/reflections${lessonId ? `?lessonId=${encodeURIComponent(lessonId)}` : ''}`,
    ],
    enabled,
  });

export const useInvitations = (id: string, enabled: boolean) =>
  useQuery<InvitationList>({ queryKey: [`/api/groups/${id}/invitations`], enabled });

/** What the invitation link shows anyone who has it (public). */
export const useInvitationPreview = (token: string) =>
  useQuery<InvitationPreview>({ queryKey: [`/api/invitations/${encodeURIComponent(token)}`] });

export const useAdminGroups = (page: number) =>
  useQuery<AdminGroupPage>({
    queryKey: [`/api/admin/groups?page=${page}`],
    placeholderData: keepPreviousData,
  });

// ── Writes ──

/** A write's JSON answer. */
export const readJson = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

/** One write to the groups API, which refreshes every groups query and toasts its outcome. */
export function useGroupWrite<Input, Output>(
  send: (input: Input) => Promise<Output>,
  {
    done,
    failed,
    onSuccess,
    onError,
  }: {
    /** The toast's title on success (none if omitted). */
    done?: string | ((output: Output, input: Input) => string);
    /** The toast's title on failure. */
    failed: string;
    onSuccess?: (output: Output, input: Input) => void;
    /** Replaces the failure toast (field errors, a special state). */
    onError?: (error: unknown) => boolean | void;
  },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (output, input) => {
      if (done) toast({ title: typeof done === 'string' ? t(done) : t(done(output, input)) });
      onSuccess?.(output, input);
      await invalidateGroups(queryClient);
    },
    onError: (error) => {
      if (onError?.(error)) return;
      failureToast(t, t(failed), error);
    },
  });
}
