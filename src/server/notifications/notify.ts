/**
 * `notify()`: how any feature raises an event notification (a badge, a support answer). It
 * writes the in-app notification at once and a pending delivery that the scheduler's worker
 * sends by push and e-mail (docs/decisions/0019). Imports nothing of the features, so any of
 * them may call it.
 */
import { eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { KIND_URL, type EventKind, type NotificationKind } from '#shared/values/notifications.ts';
import { DEFAULT_PREFERENCES } from '#shared/schemas/user.ts';
import type { Executor } from '../db/client.ts';
import { notification, notificationDelivery, user } from '../db/schema.ts';
import { localParts } from '#shared/values/time.ts';

export type Payload = Record<string, string | number>;

/** Where a notification leads: the payload's own path (`url`), or the kind's page. */
export function notificationUrl(kind: NotificationKind, data: Payload): string {
  return typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
    ? data.url
    : KIND_URL[kind];
}

/**
 * Raises an event notification for a member: the in-app notification now (in the caller's
 * transaction when `db` is one), push and e-mail by the worker within a tick. `dedupeKey`
 * makes it idempotent (the same badge or ticket reply never notifies twice).
 *
 * For the support feature: `await notify(tx, ticket.userId, 'supportAnswered',
 * { subject: ticket.subject, url: '/support' }, { dedupeKey: reply.id })`.
 */
export async function notify(
  db: Executor,
  userId: string,
  kind: EventKind,
  payload: Payload,
  options: { dedupeKey?: string; now?: Date } = {},
): Promise<{ created: boolean }> {
  const now = options.now ?? new Date();
  const [member] = await db
    .select({ preferences: user.preferences })
    .from(user)
    .where(eq(user.id, userId));
  if (!member) return { created: false };
  const timeZone = member.preferences.timeZone ?? DEFAULT_PREFERENCES.timeZone;
  const deliveryId = randomUUID();
  const inserted = await db
    .insert(notificationDelivery)
    .values({
      id: deliveryId,
      userId,
      kind,
      localDay: localParts(now, timeZone).date,
      dedupeKey: options.dedupeKey ?? randomUUID(),
      dueAt: now,
      payload,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: notificationDelivery.id });
  if (inserted.length === 0) return { created: false };
  await db.insert(notification).values({
    id: randomUUID(),
    userId,
    kind,
    data: payload,
    url: notificationUrl(kind, payload),
    deliveryId,
    createdAt: now,
  });
  return { created: true };
}

/**
 * `notify` for many members at once (a leader's message to a whole group): three statements
 * whatever their number. Each member's delivery is dated in their own zone; `dedupeKey` is shared
 * (one per message), so a retried call notifies nobody twice.
 */
export async function notifyMany(
  db: Executor,
  userIds: readonly string[],
  kind: EventKind,
  payload: Payload,
  options: { dedupeKey: string; now?: Date },
): Promise<number> {
  if (userIds.length === 0) return 0;
  const now = options.now ?? new Date();
  const members = await db
    .select({ id: user.id, preferences: user.preferences })
    .from(user)
    .where(inArray(user.id, [...userIds]));
  if (members.length === 0) return 0;
  const inserted = await db
    .insert(notificationDelivery)
    .values(
      members.map((m) => ({
        id: randomUUID(),
        userId: m.id,
        kind,
        localDay: localParts(now, m.preferences.timeZone ?? DEFAULT_PREFERENCES.timeZone).date,
        dedupeKey: options.dedupeKey,
        dueAt: now,
        payload,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notificationDelivery.id, userId: notificationDelivery.userId });
  if (inserted.length === 0) return 0;
  await db.insert(notification).values(
    inserted.map((d) => ({
      id: randomUUID(),
      userId: d.userId,
      kind,
      data: payload,
      url: notificationUrl(kind, payload),
      deliveryId: d.id,
      createdAt: now,
    })),
  );
  return inserted.length;
}
