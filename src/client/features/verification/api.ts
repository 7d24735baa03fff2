import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailVerificationStatus } from '#shared/schemas/user.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { apiRequest } from '../../lib/queryClient.ts';

/** Where the member's address confirmation stands (ADR 0040); asked only while unconfirmed. */
export const EMAIL_VERIFICATION_KEY = ['/api/user/email-verification'] as const;

export function useEmailVerificationStatus(enabled: boolean) {
  return useQuery<EmailVerificationStatus>({ queryKey: EMAIL_VERIFICATION_KEY, enabled });
}

/** Sends the member a new confirmation link; never retried (each one is counted). */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest('POST', '/api/user/email-verification', {})
      ).json() as Promise<EmailVerificationStatus>,
    retry: 0,
  });
}

/** What the confirmation page learnt from the link. */
export type LinkOutcome = 'confirmed' | 'expired' | 'invalid' | 'failed';

/**
 * Checks the e-mail's link (GET /api/auth/verify-email). Never throws: a refused link answers
 * 401, which must not read as a session that ended (lib/queryClient.ts), so the answer is
 * turned into an outcome here.
 */
export async function confirmEmailLink(token: string): Promise<LinkOutcome> {
  try {
    const res = await fetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
      credentials: 'include',
    });
    if (res.ok) return 'confirmed';
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    if (body?.code === 'TOKEN_EXPIRED') return 'expired';
    if (res.status === 400 || res.status === 401) return 'invalid';
    return 'failed';
  } catch {
    return 'failed';
  }
}

/** The link's check as a query (once per token), with the session read again once confirmed. */
export function useConfirmEmailLink(token: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email-link', token],
    enabled: token !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const outcome = await confirmEmailLink(token!);
      if (outcome === 'confirmed')
        await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      return outcome;
    },
  });
}
