import { and, desc, eq } from 'drizzle-orm';
import type { PremiumState } from '#shared/schemas/admin.ts';
import { adminAudit } from '../db/schema.ts';
import { subscriptionStatesFor } from '../subscription/service.ts';
import type { Db } from '../support/service.ts';

/**
 * A member's premium state and where it comes from, as the admin panel shows it: a live Stripe
 * subscription (its state derived by the same function the premium gates use, ADR 0017), an
 * admin's grant (`is_premium`, its date read from the audit log), or the admin role. A
 * subscription that no longer opens premium (payment failed past the grace period, ended) is
 * still shown beside the grant, so the admin sees the whole story.
 */
export async function premiumStateOf(
  db: Db,
  member: { id: string; isPremium: boolean; role: 'member' | 'admin' },
  graceDays: number,
): Promise<PremiumState> {
  const billing = (await subscriptionStatesFor(db, [member.id], graceDays)).get(member.id);
  const subscription = billing?.stripeStatus
    ? { subscriptionStatus: billing.kind, renewsAt: billing.periodEnd ?? billing.graceEndsAt }
    : { subscriptionStatus: null, renewsAt: null };
  if (billing?.source === 'stripe') {
    return { active: true, source: 'subscription', since: null, ...subscription };
  }
  if (member.isPremium) {
    const [grant] = await db
      .select({ at: adminAudit.createdAt })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, member.id), eq(adminAudit.action, 'member.premium.grant')))
      .orderBy(desc(adminAudit.createdAt))
      .limit(1);
    return {
      active: true,
      source: 'admin_grant',
      since: grant?.at.toISOString() ?? null,
      ...subscription,
    };
  }
  if (member.role === 'admin') {
    return { active: true, source: 'admin_role', since: null, ...subscription };
  }
  return { active: false, source: 'none', since: null, ...subscription };
}
