import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutResult, PlanId, SubscriptionOverview } from '#shared/schemas/subscription.ts';
import { toast } from '../../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const SUBSCRIPTION_URL = '/api/subscription';
export const subscriptionKey = [SUBSCRIPTION_URL] as const;
export const checkoutResultKey = (sessionId: string) =>
  [SUBSCRIPTION_URL, 'checkout', encodeURIComponent(sessionId)] as const;

/** How often, and how many times, the welcome page asks while Stripe confirms. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLL_TRIES = 15;

// ── Cache invalidation ──

/** The premium state moved: the subscription, the current user (gates) and everything gated. */
export function invalidatePremium(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => !(q.queryKey[0] === SUBSCRIPTION_URL && q.queryKey[1] === 'checkout'),
  });
}

// ── Queries ──

export function useSubscription() {
  return useQuery<SubscriptionOverview>({ queryKey: subscriptionKey });
}

/**
 * Where Checkout returns: asks the server (which asks Stripe) until the subscription is
 * premium, every 2 s for at most 30 s; then the page offers to check again.
 */
export function useCheckoutResult(sessionId: string | null) {
  const queryClient = useQueryClient();
  const key = checkoutResultKey(sessionId ?? '');
  const query = useQuery<CheckoutResult>({
    queryKey: key,
    enabled: sessionId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.state.premium || (data && !data.complete && query.state.dataUpdateCount > 2)) {
        return false;
      }
      return query.state.dataUpdateCount < CONFIRM_POLL_TRIES ? CONFIRM_POLL_MS : false;
    },
  });
  /** How many answers have come so far (the page says when Stripe is slow). */
  const answers = queryClient.getQueryState(key)?.dataUpdateCount ?? 0;
  return { ...query, answers };
}

/** Once premium is confirmed, the current user (which the gates read) and the rest reload. */
export function useRefreshWhenPremium(premium: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!premium) return;
    const user = queryClient.getQueryData<{ isPremium: boolean }>(CURRENT_USER_KEY);
    if (user && !user.isPremium) void invalidatePremium(queryClient);
  }, [premium, queryClient]);
}

// ── Requests ──

export function useStartCheckout() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (plan: PlanId) =>
      (await (await apiRequest('POST', `${SUBSCRIPTION_URL}/checkout`, { plan })).json()) as {
        url: string;
      },
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('subscription.errors.checkout'),
        description: errorMessage(error, t),
      }),
  });
}

export function useOpenPortal() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `${SUBSCRIPTION_URL}/portal`)).json()) as { url: string },
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('subscription.errors.portal'),
        description: errorMessage(error, t),
      }),
  });
}
