/**
 * Small groups (issue 25, ADR 0052): who is in a group and what they may do there. The routes
 * (./routes.ts, ./invitations.ts) call these; the member rows and their progress are in
 * ./progress.ts, what each reader sees of them in ./shape.ts.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CO_LEADERS_MAX,
  GROUP_ERRORS,
  GROUP_MEMBERS_MAX,
  GROUPS_JOINED_MAX,
  GROUPS_LED_MAX,
  type ConsentLevel,
  type GroupPath,
  type InvitationStatus,
} from '#shared/groups.ts';
import type { CourseId } from '#shared/values/course.ts';
import type { ReadingPlanId } from '#shared/values/reading.ts';
import type { Database, Executor, Transaction } from '../db/client.ts';
import {
  groupInvitation,
  groupMeeting,
  groupMember,
  groupMessage,
  studyGroup,
  studySheet,
  churchGroup,
} from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { notifyMany } from '../notifications/notify.ts';

export type GroupRow = typeof studyGroup.$inferSelect;
export type MemberRow = typeof groupMember.$inferSelect;
export type InvitationRow = typeof groupInvitation.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs: anything else cannot name a row, and answers 404 like an unknown one. */
export const isId = (id: string) => UUID.test(id);

export function pathOf(g: GroupRow): GroupPath {
  return g.pathKind === 'course'
    ? { kind: 'course', courseId: g.courseId as CourseId, lessonsPerWeek: g.lessonsPerWeek ?? 1 }
    : { kind: 'plan', planId: g.planId as ReadingPlanId, duration: g.planDuration ?? 365 };
}

export const isLeader = (m: Pick<MemberRow, 'role'>) =>
  m.role === 'leader' || m.role === 'co-leader';

/**
 * The reader's membership of a live group, or 404: a group they are not in (or no longer), an
 * ended one and a malformed id all answer the same.
 */
export async function membershipOf(
  db: Executor,
  groupId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<{ group: GroupRow; me: MemberRow }> {
  if (!isId(groupId)) throw notFound();
  const query = db
    .select({ group: studyGroup, me: groupMember })
    .from(groupMember)
    .innerJoin(studyGroup, eq(studyGroup.id, groupMember.groupId))
    .where(
      and(
        eq(groupMember.groupId, groupId),
        eq(groupMember.userId, userId),
        isNull(studyGroup.endedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: studyGroup }) : await query;
  if (!row) throw notFound();
  return row;
}

function prepareMembership(db: Database) {
  return db
    .select({ group: studyGroup, me: groupMember })
    .from(groupMember)
    .innerJoin(studyGroup, eq(studyGroup.id, groupMember.groupId))
    .where(
      and(
        eq(groupMember.groupId, sql.placeholder('groupId')),
        eq(groupMember.userId, sql.placeholder('userId')),
        isNull(studyGroup.endedAt),
      ),
    )
    .prepare('group_membership');
}

const preparedMemberships = new WeakMap<Database, ReturnType<typeof prepareMembership>>();

/**
 * `membershipOf` for a read outside a transaction, as one prepared statement: the query every
 * group route runs first is built once per database, not on each request (building drizzle's
 * SQL was a sixth of a leader dashboard's CPU under load; bench/groups.ts).
 */
export async function readMembership(
  db: Database,
  groupId: string,
  userId: string,
): Promise<{ group: GroupRow; me: MemberRow }> {
  if (!isId(groupId)) throw notFound();
  let prepared = preparedMemberships.get(db);
  if (!prepared) preparedMemberships.set(db, (prepared = prepareMembership(db)));
  const [row] = await prepared.execute({ groupId, userId });
  if (!row) throw notFound();
  return row;
}

export function requireLeaders(me: MemberRow): void {
  if (!isLeader(me)) throw new HttpError(403, GROUP_ERRORS.leadersOnly, {}, 'LEADERS_ONLY');
}

export function requireLeader(me: MemberRow): void {
  if (me.role !== 'leader') throw new HttpError(403, GROUP_ERRORS.leaderOnly, {}, 'LEADER_ONLY');
}

/** A member of this group by their memberId, or 404. */
export async function memberOf(db: Executor, groupId: string, memberId: string) {
  if (!isId(memberId)) throw notFound();
  const [row] = await db
    .select()
    .from(groupMember)
    .where(and(eq(groupMember.id, memberId), eq(groupMember.groupId, groupId)));
  if (!row) throw notFound();
  return row;
}

/** Someone joined, left, changed role or level: kept member lists of the group go stale. */
export async function bumpVersion(db: Executor, groupId: string): Promise<void> {
  await db
    .update(studyGroup)
    .set({ version: sql`${studyGroup.version} + 1`, updatedAt: new Date() })
    .where(eq(studyGroup.id, groupId));
}

/** Groups a person leads (as the leader) and belongs to, among live groups. */
export async function groupCounts(db: Executor, userId: string) {
  const [row] = await db
    .select({
      led: sql<number>`count(*) filter (where ${groupMember.role} = 'leader')`,
      joined: count(),
    })
    .from(groupMember)
    .innerJoin(studyGroup, eq(studyGroup.id, groupMember.groupId))
    .where(and(eq(groupMember.userId, userId), isNull(studyGroup.endedAt)));
  return { led: Number(row?.led ?? 0), joined: Number(row?.joined ?? 0) };
}

export async function memberCount(db: Executor, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMember)
    .where(eq(groupMember.groupId, groupId));
  return Number(row?.n ?? 0);
}

export async function coLeaderCount(db: Executor, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMember)
    .where(and(eq(groupMember.groupId, groupId), eq(groupMember.role, 'co-leader')));
  return Number(row?.n ?? 0);
}

export function assertCoLeaderRoom(coLeaders: number): void {
  if (coLeaders >= CO_LEADERS_MAX) {
    throw new HttpError(
      409,
      GROUP_ERRORS.coLeaderLimit,
      { max: CO_LEADERS_MAX },
      'CO_LEADER_LIMIT',
    );
  }
}

/**
 * Adds a person to a group (the caller holds the group row locked). Already in it: nothing
 * changes and `joined` is false.
 */
export async function join(
  tx: Transaction,
  group: GroupRow,
  userId: string,
  level: ConsentLevel,
  now = new Date(),
): Promise<{ joined: boolean }> {
  const [already] = await tx
    .select({ id: groupMember.id })
    .from(groupMember)
    .where(and(eq(groupMember.groupId, group.id), eq(groupMember.userId, userId)));
  if (already) return { joined: false };
  const counts = await groupCounts(tx, userId);
  if (counts.joined >= GROUPS_JOINED_MAX) {
    throw new HttpError(409, GROUP_ERRORS.joinLimit, { max: GROUPS_JOINED_MAX }, 'JOIN_LIMIT');
  }
  if ((await memberCount(tx, group.id)) >= GROUP_MEMBERS_MAX) {
    throw new HttpError(410, GROUP_ERRORS.groupFull, {}, 'GROUP_FULL');
  }
  await tx.insert(groupMember).values({
    id: randomUUID(),
    groupId: group.id,
    userId,
    role: 'member',
    level,
    joinedAt: now,
  });
  await bumpVersion(tx, group.id);
  return { joined: true };
}

export function assertCanLead(counts: { led: number; joined: number }): void {
  if (counts.led >= GROUPS_LED_MAX) {
    throw new HttpError(409, GROUP_ERRORS.leadLimit, { max: GROUPS_LED_MAX }, 'LEAD_LIMIT');
  }
  if (counts.joined >= GROUPS_JOINED_MAX) {
    throw new HttpError(409, GROUP_ERRORS.joinLimit, { max: GROUPS_JOINED_MAX }, 'JOIN_LIMIT');
  }
}

/**
 * Who ended a group, for the notice its members get: its leader (by first name), or Camino's
 * team (an admin). `null`: the caller tells them itself (an account's deletion e-mails them).
 */
export type EndNotice = { by: 'leader'; sender: string; leaderUserId: string } | { by: 'team' };

/**
 * Ends a group: its members, their shared reflections and the messages go (each member's own
 * progress was always theirs and stays); the group row stays, ended, so its invitations say so.
 * Every member but the one who ended it is told (kind `groupNews`: in the app, and by e-mail and
 * push as each chose, in their own language), in the same transaction.
 */
export async function endGroup(
  tx: Executor,
  groupId: string,
  notice: EndNotice | null,
  now = new Date(),
): Promise<void> {
  if (notice) {
    const [group] = await tx
      .select({ name: studyGroup.name })
      .from(studyGroup)
      .where(eq(studyGroup.id, groupId));
    const members = await tx
      .select({ userId: groupMember.userId })
      .from(groupMember)
      .where(eq(groupMember.groupId, groupId));
    const told = members
      .map((m) => m.userId)
      .filter((id) => notice.by === 'team' || id !== notice.leaderUserId);
    if (group && told.length) {
      await notifyMany(
        tx,
        told,
        'groupNews',
        notice.by === 'team'
          ? { event: 'endedByTeam', group: group.name, url: '/groups' }
          : { event: 'ended', group: group.name, sender: notice.sender, url: '/groups' },
        { dedupeKey: `group-ended:${groupId}`, now },
      );
    }
  }
  await tx
    .update(studyGroup)
    .set({ endedAt: now, updatedAt: now, version: sql`${studyGroup.version} + 1` })
    .where(eq(studyGroup.id, groupId));
  await tx.delete(groupMessage).where(eq(groupMessage.groupId, groupId));
  // Study sheets are the group's: their links stop opening them. Meeting reports go too (their
  // attendance with them).
  await tx.delete(studySheet).where(eq(studySheet.groupId, groupId));
  await tx.delete(groupMeeting).where(eq(groupMeeting.groupId, groupId));
  // Out of its church: the pastors' roll-up stops listing it.
  await tx.delete(churchGroup).where(eq(churchGroup.groupId, groupId));
  // Reflections and messages to one member go with the membership (cascade).
  await tx.delete(groupMember).where(eq(groupMember.groupId, groupId));
  await tx
    .update(groupInvitation)
    .set({ revokedAt: now })
    .where(and(eq(groupInvitation.groupId, groupId), isNull(groupInvitation.revokedAt)));
}

// ─── Invitations ────────────────────────────────────────────────────────────────────────────────

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * An invitation's state now. Ended wins over everything: the group is gone. A link revoked
 * after it had expired (a new link replaces every old one) says what happened first: expired.
 */
export function invitationStatus(
  inv: InvitationRow,
  group: Pick<GroupRow, 'endedAt'>,
  members: number,
  now: Date,
): InvitationStatus {
  if (group.endedAt) return 'ended';
  if (inv.expiresAt <= (inv.revokedAt ?? now)) return 'expired';
  if (inv.revokedAt) return 'revoked';
  if (inv.maxUses !== null && inv.uses >= inv.maxUses) return 'used-up';
  if (members >= GROUP_MEMBERS_MAX) return 'full';
  return 'open';
}

/** Member counts of several groups in one query. */
export async function memberCounts(db: Executor, groupIds: string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: groupMember.groupId, n: count() })
    .from(groupMember)
    .where(inArray(groupMember.groupId, groupIds))
    .groupBy(groupMember.groupId);
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}
