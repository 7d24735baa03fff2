import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  AdminStats,
  AdminTicketDetail,
  AdminTicketPage,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  AuditPage,
} from '#shared/schemas/admin.ts';
import type { TicketPriority, TicketStatus } from '#shared/schemas/support.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

export type { AdminUser };

const USERS = '/api/admin/users';
const TICKETS = '/api/admin/tickets';
const STATS = '/api/admin/stats';
const AUDIT = '/api/admin/audit';

/** A URL with its non-empty parameters (the query key of a filtered page). */
function withParams(base: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

export interface MemberFilters {
  q: string;
  premium: '' | 'yes' | 'no';
  admin: '' | 'yes' | 'no';
  locked: '' | 'yes' | 'no';
  joinedFrom: string;
  joinedTo: string;
}

export const adminUsersUrl = (page: number, f: MemberFilters) => withParams(USERS, { page, ...f });

export function useAdminUsers(page: number, filters: MemberFilters) {
  return useQuery<AdminUserPage>({
    queryKey: [adminUsersUrl(page, filters)],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminUser(id: string | null) {
  return useQuery<AdminUserDetail>({
    queryKey: [`${USERS}/${encodeURIComponent(id ?? '')}`],
    enabled: id !== null,
    staleTime: 0,
  });
}

const startsWith = (qc: QueryClient, prefix: string) =>
  qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(prefix) });

/** Everything an admin action may have changed: lists, details, figures and the audit log. */
async function refreshAdmin(qc: QueryClient) {
  await Promise.all([startsWith(qc, '/api/admin/')]);
}

function useFailureToast() {
  const { t } = useTranslation();
  return (error: unknown) =>
    toast({
      title: t('errors.title'),
      description: errorMessage(error, t),
      variant: 'destructive',
    });
}

type MemberChange = { isPremium: boolean } | { role: 'member' | 'admin' } | { locked: boolean };

/** Grant/revoke premium, make/remove admin, lock/unlock: says what changed, and for whom. */
export function useUpdateMember() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (v: { id: string; name: string; change: MemberChange }) =>
      apiRequest('PATCH', `${USERS}/${encodeURIComponent(v.id)}`, v.change),
    onSuccess: async (_, { name, change }) => {
      const key =
        'isPremium' in change
          ? change.isPremium
            ? 'admin.premiumGranted'
            : 'admin.premiumRevoked'
          : 'role' in change
            ? change.role === 'admin'
              ? 'admin.done.adminGranted'
              : 'admin.done.adminRevoked'
            : change.locked
              ? 'admin.done.locked'
              : 'admin.done.unlocked';
      toast({ title: t(key, { name }) });
      await refreshAdmin(qc);
    },
    onError,
  });
}

export function useSendPasswordReset() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (v: { id: string; email: string }) =>
      apiRequest('POST', `${USERS}/${encodeURIComponent(v.id)}/password-reset`),
    onSuccess: async (_, { email }) => {
      toast({ title: t('admin.done.resetSent', { email }) });
      await refreshAdmin(qc);
    },
    onError,
  });
}

/** Turns off a member's second step (lost devices, ADR 0044); never sent twice. */
export function useRemoveSecondStep() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; name: string; confirmEmail: string; checks: string }) =>
      (await (
        await apiRequest('POST', `${USERS}/${encodeURIComponent(v.id)}/second-step/remove`, {
          confirmEmail: v.confirmEmail,
          checks: v.checks,
        })
      ).json()) as { ok: true; emailed: boolean },
    retry: 0,
    onSuccess: async ({ emailed }, { name }) => {
      toast(
        emailed
          ? { title: t('admin.done.secondStepRemoved', { name }) }
          : { title: t('admin.done.secondStepRemovedNoMail', { name }), variant: 'destructive' },
      );
      await refreshAdmin(qc);
    },
  });
}

export function useDeleteMember() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string; confirmEmail: string }) =>
      apiRequest('DELETE', `${USERS}/${encodeURIComponent(v.id)}`, {
        confirmEmail: v.confirmEmail,
      }),
    // A deletion is never sent twice.
    retry: 0,
    onSuccess: async (_, { name }) => {
      toast({ title: t('admin.done.deleted', { name }) });
      await refreshAdmin(qc);
    },
  });
}

export interface TicketFilters {
  status: '' | 'active' | TicketStatus;
  subject: string;
  age: '' | 'day' | 'week' | 'older';
  mine: boolean;
}

export const adminTicketsUrl = (page: number, f: TicketFilters) =>
  withParams(TICKETS, {
    page,
    status: f.status,
    subject: f.subject,
    age: f.age,
    mine: f.mine ? 'yes' : undefined,
  });

export function useAdminTickets(page: number, filters: TicketFilters) {
  return useQuery<AdminTicketPage>({
    queryKey: [adminTicketsUrl(page, filters)],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminTicket(id: string) {
  return useQuery<AdminTicketDetail>({
    queryKey: [`${TICKETS}/${encodeURIComponent(id)}`],
    staleTime: 0,
  });
}

export function useUpdateTicket() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (v: {
      id: string;
      change: { status?: TicketStatus; priority?: TicketPriority; assigneeId?: string | null };
    }) => apiRequest('PATCH', `${TICKETS}/${encodeURIComponent(v.id)}`, v.change),
    onSuccess: async () => {
      toast({ title: t('admin.ticketsPanel.updated') });
      await refreshAdmin(qc);
    },
    onError,
  });
}

export function useReplyTicket() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: {
      id: string;
      email: string;
      body: string;
      status: 'answered' | 'waiting_on_member';
    }) =>
      (await (
        await apiRequest('POST', `${TICKETS}/${encodeURIComponent(v.id)}/replies`, {
          body: v.body,
          status: v.status,
        })
      ).json()) as { emailed: boolean },
    // An answer is e-mailed: never twice.
    retry: 0,
    onSuccess: async ({ emailed }, { email }) => {
      toast(
        emailed
          ? { title: t('admin.ticketsPanel.replied', { email }) }
          : { title: t('admin.ticketsPanel.repliedNoMail'), variant: 'destructive' },
      );
      await refreshAdmin(qc);
    },
  });
}

export function useAddNote() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: string }) =>
      apiRequest('POST', `${TICKETS}/${encodeURIComponent(v.id)}/notes`, { body: v.body }),
    retry: 0,
    onSuccess: async () => {
      toast({ title: t('admin.ticketsPanel.noted') });
      await refreshAdmin(qc);
    },
  });
}

export function useAdminStats() {
  // The server keeps them until a write changes them: each look asks again.
  return useQuery<AdminStats>({ queryKey: [STATS], staleTime: 0 });
}

export function useAuditLog(page: number) {
  return useQuery<AuditPage>({
    queryKey: [withParams(AUDIT, { page })],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
