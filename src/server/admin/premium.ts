import { and, desc, eq } from 'drizzle-orm';
import type { PremiumState } from '#shared/schemas/admin.ts';
import { adminAudit } from '../db/schema.ts';
import type { Db } from '../support/service.ts';

/**
 * A member's premium state and where it comes from, as the admin panel shows it. THE one
 * function to extend when subscriptions arrive: today premium is the `is_premium` flag (set by
 * an admin's grant, its date read from the audit log) or the admin role; a Stripe
 * subscription's status, source 'subscription' and renewal date belong here too.
 */
export async function premiumStateOf(
  db: Db,
  member: { id: string; isPremium: boolean; role: 'member' | 'admin' },
): Promise<PremiumState> {
  const none = { subscriptionStatus: null, renewsAt: null };
  if (member.isPremium) {
    const [grant] = await db
      .select({ at: adminAudit.createdAt })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, member.id), eq(adminAudit.action, 'member.premium.grant')))
      .orderBy(desc(adminAudit.createdAt))
      .limit(1);
    return { active: true, source: 'admin_grant', since: grant?.at.toISOString() ?? null, ...none };
  }
  if (member.role === 'admin') return { active: true, source: 'admin_role', since: null, ...none };
  return { active: false, source: 'none', since: null, ...none };
}
