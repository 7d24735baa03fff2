import { count, desc } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import type { SessionUser } from '../auth/session.ts';
import { adminAudit } from '../db/schema.ts';
import type { Db } from '../support/service.ts';

export type AuditDetail = Record<string, string | number | boolean | null>;

/**
 * Records one admin action (who, what, on whom, when). Called inside the action's own
 * transaction, so an action and its audit row are written together or not at all. The log is
 * append-only: no route updates or deletes it.
 */
export async function recordAudit(
  db: Db,
  actor: Pick<SessionUser, 'id' | 'email'>,
  action: string,
  target: { type: 'user' | 'ticket' | 'group'; id: string; label: string },
  detail: AuditDetail = {},
): Promise<void> {
  await db.insert(adminAudit).values({
    id: randomUUID(),
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    targetLabel: target.label,
    detail,
  });
}

export async function auditPage(db: Db, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(adminAudit),
  ]);
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: Number(totals[0]?.n ?? 0), page, pageSize };
}
