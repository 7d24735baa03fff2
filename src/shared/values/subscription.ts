/**
 * The subscription values the product names (what Premium includes, plans, states), without Zod:
 * the premium gates use them on every page (the schemas in ../schemas/subscription.ts re-export them).
 */
import { PREMIUM_COURSES } from './course.ts';
import { GOAL_PRESETS } from './goals.ts';
import type { Role } from '../schemas/user.ts';

/**
 * What Premium includes: the ONE list the subscription page, the welcome page and every premium
 * gate show. Each item names the place in the app it opens; its text is
 * `subscription.features.<id>` in the locale files. The server's gates check the same things
 * (PREMIUM_COURSES, the premium goal preset, the premium routes of the registry).
 */
export const PREMIUM_FEATURES = [
  ...PREMIUM_COURSES.map((id) => ({ id: `course${id}`, to: `/course-${id}-intro` })),
  ...Object.entries(GOAL_PRESETS)
    .filter(([, preset]) => preset.premium)
    .map(([id]) => ({ id: `goal:${id}`, to: '/goals' })),
  { id: 'compare', to: '/bible' },
  { id: 'studyExport', to: '/saved-studies' },
  { id: 'searchFilters', to: '/bible' },
] as const satisfies readonly { id: string; to: string }[];
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/** The i18n key of a feature's line (`goal:<preset>` reads `subscription.features.goal.<preset>`). */
export const premiumFeatureKey = (id: string) =>
  `subscription.features.${id.replace(':', '.')}` as const;

/**
 * Whether a user may use premium features: the server-derived entitlement in `isPremium`
 * (a live Stripe subscription or an administrator's grant), or the admin role. Every gate,
 * on the server and in the browser, asks this.
 */
export const hasPremiumAccess = (user: { isPremium: boolean; role: Role } | null | undefined) =>
  Boolean(user && (user.isPremium || user.role === 'admin'));

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * How a member's premium stands, as the subscription page says it:
 * - free: no premium;
 * - renews: a live subscription that renews on `periodEnd`;
 * - trialing: a trial, active until `periodEnd`;
 * - ending: cancelled, premium until `periodEnd`;
 * - pastDue: the last payment failed; premium stays until `graceEndsAt`;
 * - granted: an administrator's grant (no subscription).
 */
export const SUBSCRIPTION_KINDS = [
  'free',
  'renews',
  'trialing',
  'ending',
  'pastDue',
  'granted',
] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];
export const PREMIUM_SOURCES = ['stripe', 'granted', 'none'] as const;
export type PremiumSource = (typeof PREMIUM_SOURCES)[number];

/** A Stripe Checkout Session id, as /welcome-premium receives it in `?session_id=`. */
export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
