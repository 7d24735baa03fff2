import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

/**
 * The Stripe client, or null when no secret key is configured (the app then serves without
 * payments). `STRIPE_API_BASE` points it elsewhere (tests and local mocks only).
 */
export function createStripeClient(config: StripeConfig): Stripe | null {
  if (!config.secretKey) return null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Camino' },
    ...(config.apiBase ?? {}),
  });
}

/** The id of an expandable Stripe field (a string, or the expanded object). */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Stripe's seconds as a Date. */
export const fromUnix = (s: number | null | undefined): Date | null =>
  s == null ? null : new Date(s * 1000);

/** The subscription fields we keep, from a Stripe Subscription object. */
export function subscriptionSnapshot(sub: Stripe.Subscription) {
  const item = sub.items?.data?.[0];
  const periodEnd = fromUnix(item?.current_period_end);
  const cancelAt = fromUnix(sub.cancel_at);
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status as string,
    priceId: item?.price?.id ?? null,
    interval: item?.price?.recurring?.interval ?? null,
    // A subscription set to cancel on a date ends then, if that comes before the period's end.
    currentPeriodEnd:
      cancelAt && (!periodEnd || cancelAt < periodEnd) ? cancelAt : (periodEnd ?? cancelAt),
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at != null,
    endedAt: fromUnix(sub.ended_at),
    userHint: typeof sub.metadata?.userId === 'string' ? sub.metadata.userId : null,
  };
}
export type SubscriptionSnapshot = ReturnType<typeof subscriptionSnapshot>;

/** The subscription an invoice belongs to (API 2025+: under `parent`). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}
