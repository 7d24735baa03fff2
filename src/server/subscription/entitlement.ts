import type { SubscriptionKind, SubscriptionState } from '#shared/schemas/subscription.ts';

/** What the premium decision needs of one stored subscription. */
export interface SubscriptionFacts {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  pastDueSince: Date | null;
}

const DAY_MS = 86_400_000;

/** Statuses that may still open premium; the others (incomplete, unpaid, paused...) never do. */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;

interface Verdict {
  premium: boolean;
  kind: SubscriptionKind;
  periodEnd: Date | null;
  graceEndsAt: Date | null;
}

/**
 * One subscription's verdict (docs/decisions/0017):
 * - active, trialing: premium (cancelled at period end: premium until then, shown as ending);
 * - past_due: premium for `graceDays` after the status became past_due;
 * - canceled: premium until the paid period ends (never past `ended_at`);
 * - anything else: no premium.
 */
function verdictOf(sub: SubscriptionFacts, now: Date, graceDays: number): Verdict | null {
  const t = now.getTime();
  const periodEnd = sub.currentPeriodEnd;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return {
        premium: true,
        kind: sub.cancelAtPeriodEnd ? 'ending' : sub.status === 'trialing' ? 'trialing' : 'renews',
        periodEnd,
        graceEndsAt: null,
      };
    case 'past_due': {
      const since = sub.pastDueSince ?? now;
      const graceEndsAt = new Date(since.getTime() + graceDays * DAY_MS);
      return { premium: t < graceEndsAt.getTime(), kind: 'pastDue', periodEnd, graceEndsAt };
    }
    case 'canceled': {
      const ends = [periodEnd, sub.endedAt].filter((d): d is Date => d !== null);
      const until = ends.length ? Math.min(...ends.map((d) => d.getTime())) : 0;
      return t < until
        ? { premium: true, kind: 'ending', periodEnd: new Date(until), graceEndsAt: null }
        : null;
    }
    default:
      return null;
  }
}

const RANK: Record<SubscriptionKind, number> = {
  renews: 5,
  trialing: 4,
  ending: 3,
  pastDue: 2,
  granted: 1,
  free: 0,
};

/** A premium verdict beats a lapsed one; among equals the better kind, then the later end. */
function isBetter(a: Verdict, b: Verdict): boolean {
  const score = (v: Verdict) => [Number(v.premium), RANK[v.kind], v.periodEnd?.getTime() ?? 0];
  const [sa, sb] = [score(a), score(b)];
  for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sa[i]! > sb[i]!;
  return false;
}

/**
 * THE premium entitlement: from the stored Stripe subscriptions and the administrator's grant
 * (`user.is_premium`), never from anything the browser says. The session lookup, the
 * subscription page and the admin listing all call this; `hasPremiumAccess` then adds admins.
 */
export function premiumEntitlement(
  input: { granted: boolean; subscriptions: readonly SubscriptionFacts[] },
  now: Date,
  graceDays: number,
): SubscriptionState {
  let best: Verdict | null = null;
  for (const sub of input.subscriptions) {
    const v = verdictOf(sub, now, graceDays);
    if (v && (!best || isBetter(v, best))) best = v;
  }
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  if (best && (best.premium || best.kind === 'pastDue')) {
    // A lapsed past_due subscription still shows, so the member knows to update the card.
    return {
      premium: best.premium || input.granted,
      source: best.premium ? 'stripe' : input.granted ? 'granted' : 'none',
      kind: best.premium || !input.granted ? best.kind : 'granted',
      periodEnd: iso(best.periodEnd),
      graceEndsAt: iso(best.graceEndsAt),
      granted: input.granted,
    };
  }
  return {
    premium: input.granted,
    source: input.granted ? 'granted' : 'none',
    kind: input.granted ? 'granted' : 'free',
    periodEnd: null,
    graceEndsAt: null,
    granted: input.granted,
  };
}
