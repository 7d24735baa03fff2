import { z } from 'zod';
import {
  CHECKOUT_SESSION_ID,
  PLAN_IDS,
  PREMIUM_SOURCES,
  SUBSCRIPTION_KINDS,
} from '../values/subscription.ts';
export * from '../values/subscription.ts';

export const subscriptionStateSchema = z.object({
  premium: z.boolean(),
  source: z.enum(PREMIUM_SOURCES),
  kind: z.enum(SUBSCRIPTION_KINDS),
  /** End of the paid period (renewal or end date), ISO. */
  periodEnd: z.string().nullable(),
  /** While a payment has failed: when premium stops unless the card is updated, ISO. */
  graceEndsAt: z.string().nullable(),
  /** Also granted by an administrator (shown beside a subscription). */
  granted: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  interval: z.enum(['month', 'year']),
  /** In the currency's minor unit (cents); null when the server does not know the price. */
  amount: z.number().int().nullable(),
  /** ISO 4217, lower case as Stripe writes it. */
  currency: z.string().nullable(),
  /** Whether Checkout can be started for this plan now. */
  available: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const subscriptionOverviewSchema = z.object({
  /** Payments can be taken (a Stripe key and at least one price are configured). */
  configured: z.boolean(),
  state: subscriptionStateSchema,
  plans: z.array(planSchema),
  /** The member has a Stripe customer: the Customer Portal can be opened. */
  canManage: z.boolean(),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;

export const checkoutInputSchema = z.object({ plan: z.enum(PLAN_IDS) }).strict();
export const redirectSchema = z.object({ url: z.string() });

export const checkoutResultSchema = z.object({
  /** Stripe says the Checkout Session is complete (paid or trial started). */
  complete: z.boolean(),
  state: subscriptionStateSchema,
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** Checkout Session ids as Stripe writes them. */
export const checkoutSessionIdSchema = z
  .string()
  .regex(CHECKOUT_SESSION_ID, { error: 'validation.invalid' });
