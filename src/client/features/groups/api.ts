import type {
  AcceptInput,
  CreateGroupInput,
  CreatedInvitation,
  CreateInvitationInput,
  GroupDetail,
  JoinedGroup,
  MembershipInput,
  MessageInput,
  MessageSent,
  MyMembership,
  RoleInput,
  UpdateGroupInput,
} from '#shared/groups.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from './queries.ts';

export * from './queries.ts';

// ── Mutations of the groups pages (their toasts are in the `groups` strings) ──

export function useCreateGroup(options: {
  onSuccess: (group: GroupDetail) => void;
  onError: (error: unknown) => boolean;
}) {
  return useGroupWrite(
    (body: CreateGroupInput) =>
      readJson<GroupDetail>(apiRequest('POST', '/api/groups', body, { idempotent: true })),
    { done: 'groups.create.done', failed: 'groups.create.failed', ...options },
  );
}

export function useUpdateGroup(
  id: string,
  options: {
    onSuccess?: (group: GroupDetail) => void;
    onError?: (error: unknown) => boolean;
    /** The success toast (the settings' by default; the details form says its own). */
    done?: string;
  } = {},
) {
  return useGroupWrite(
    (body: UpdateGroupInput) =>
      readJson<GroupDetail>(apiRequest('PATCH', `/api/groups/${id}`, body, { idempotent: true })),
    { done: 'groups.settings.saved', failed: 'groups.settings.failed', ...options },
  );
}

export function useEndGroup(id: string, onSuccess: () => void) {
  return useGroupWrite(() => apiRequest('POST', `/api/groups/${id}/end`), {
    done: 'groups.end.done',
    failed: 'groups.end.failed',
    onSuccess,
  });
}

/** The reader's own membership: consent level, muted. */
export function useUpdateMembership(id: string) {
  return useGroupWrite(
    (body: MembershipInput) =>
      readJson<MyMembership>(
        apiRequest('PATCH', `/api/groups/${id}/membership`, body, { idempotent: true }),
      ),
    { done: 'groups.membership.saved', failed: 'groups.membership.failed' },
  );
}

export function useLeaveGroup(id: string, onSuccess: () => void) {
  return useGroupWrite(() => apiRequest('POST', `/api/groups/${id}/leave`), {
    done: 'groups.leave.done',
    failed: 'groups.leave.failed',
    onSuccess,
  });
}

export function useTransferLeadership(id: string, onSuccess: () => void) {
  return useGroupWrite(
    (memberId: string) =>
      readJson<GroupDetail>(apiRequest('POST', `/api/groups/${id}/transfer`, { memberId })),
    { done: 'groups.transfer.done', failed: 'groups.transfer.failed', onSuccess },
  );
}

export function useSetRole(id: string, onSuccess?: () => void) {
  return useGroupWrite(
    ({ memberId, role }: RoleInput & { memberId: string }) =>
      apiRequest(
        'POST',
        `/api/groups/${id}/members/${memberId}/role`,
        { role },
        {
          idempotent: true,
        },
      ),
    { done: 'groups.roles.saved', failed: 'groups.roles.failed', onSuccess },
  );
}

export function useRemoveMember(id: string, onSuccess: () => void) {
  return useGroupWrite(
    (memberId: string) => apiRequest('POST', `/api/groups/${id}/members/${memberId}/remove`),
    { done: 'groups.remove.done', failed: 'groups.remove.failed', onSuccess },
  );
}

/**
 * An encouragement to one member or all. `onRefused` may show a refusal (the daily limit's
 * translated 429) next to the message instead of a toast.
 */
export function useSendMessage(
  id: string,
  onSuccess: (sent: MessageSent) => void,
  onRefused: (error: unknown) => boolean,
) {
  return useGroupWrite(
    (body: MessageInput) =>
      readJson<MessageSent>(apiRequest('POST', `/api/groups/${id}/messages`, body)),
    { done: 'groups.message.sent', failed: 'groups.message.failed', onSuccess, onError: onRefused },
  );
}

/** A leader hides a shared reflection from the group (kept for its author), or shows it again. */
export function useHideReflection(id: string) {
  return useGroupWrite(
    ({ reflectionId, hidden }: { reflectionId: string; hidden: boolean }) =>
      apiRequest(
        'PATCH',
        `/api/groups/${id}/reflections/${reflectionId}`,
        { hidden },
        { idempotent: true },
      ),
    { done: 'groups.reflections.hiddenChanged', failed: 'groups.reflections.hideFailed' },
  );
}

/** A new invitation link; its token is in this answer only. */
export function useCreateInvitation(id: string, onSuccess: (created: CreatedInvitation) => void) {
  return useGroupWrite(
    (body: CreateInvitationInput) =>
      readJson<CreatedInvitation>(apiRequest('POST', `/api/groups/${id}/invitations`, body)),
    { done: 'groups.invitations.created', failed: 'groups.invitations.createFailed', onSuccess },
  );
}

export function useRevokeInvitation(id: string, onSuccess: () => void) {
  return useGroupWrite(
    (invitationId: string) =>
      apiRequest('POST', `/api/groups/${id}/invitations/${invitationId}/revoke`, undefined, {
        idempotent: true,
      }),
    { done: 'groups.invitations.revoked', failed: 'groups.invitations.revokeFailed', onSuccess },
  );
}

export function useInviteByEmail(
  id: string,
  onSuccess: () => void,
  onError: (e: unknown) => boolean,
) {
  return useGroupWrite(
    (email: string) => apiRequest('POST', `/api/groups/${id}/invitations/email`, { email }),
    {
      done: 'groups.invitations.emailSent',
      failed: 'groups.invitations.emailFailed',
      onSuccess,
      onError,
    },
  );
}

/** Joins with a link's token, or accepts an invitation received by e-mail (by its id). */
export function useAcceptInvitation(
  target: { token: string } | { receivedId: string },
  options: { onSuccess: (joined: JoinedGroup) => void; onError?: (e: unknown) => boolean },
) {
  const url =
    'token' in target
      ? `/api/invitations/${encodeURIComponent(target.token)}/accept`
      : `/api/invitations/received/${target.receivedId}/accept`;
  return useGroupWrite(
    (body: AcceptInput) =>
      readJson<JoinedGroup>(apiRequest('POST', url, body, { idempotent: true })),
    { done: 'groups.join.done', failed: 'groups.join.failed', ...options },
  );
}

export function useDeclineInvitation() {
  return useGroupWrite(
    (receivedId: string) =>
      apiRequest('POST', `/api/invitations/received/${receivedId}/decline`, undefined, {
        idempotent: true,
      }),
    { done: 'groups.received.declined', failed: 'groups.received.declineFailed' },
  );
}
