import { and, count, desc, eq, gte, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUser, AdminUserDetail, adminUsersQuerySchema } from '#shared/schemas/admin.ts';
import {
  activity,
  journalEntry,
  lessonProgress,
  memoryVerse,
  passkey,
  prayerRequest,
  readingPlanRun,
  session,
  supportTicket,
  twoFactor,
  user,
  userSearchVector,
} from '../db/schema.ts';
import type { Db } from '../support/service.ts';
import { premiumStateOf } from './premium.ts';

export const memberColumns = {
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  isPremium: user.isPremium,
  ageVerified: user.ageVerified,
  lockedAt: user.lockedAt,
  createdAt: user.createdAt,
};
export interface MemberRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'member' | 'admin';
  isPremium: boolean;
  ageVerified: boolean;
  lockedAt: Date | null;
  createdAt: Date;
}

export function toAdminUser(r: MemberRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.role,
    isPremium: r.isPremium,
    ageVerified: r.ageVerified,
    locked: r.lockedAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * The search as a prefix query: every word typed must begin a word of the name or of the
 * e-mail address, whose parts between @ . - _ + count as words ("ana gar" finds Ana García;
 * "ana@exa" her address). Null when nothing searchable was typed.
 */
export function searchQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[\s@.\-_+]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

const DAY_MS = 86_400_000;

/** The WHERE clause of the member list's filters. */
function memberFilter(q: z.output<typeof adminUsersQuerySchema>) {
  const search = q.q ? searchQuery(q.q) : null;
  return and(
    search ? sql`${userSearchVector(user)} @@ to_tsquery('simple', ${search})` : undefined,
    q.premium ? eq(user.isPremium, q.premium === 'yes') : undefined,
    q.admin ? eq(user.role, q.admin === 'yes' ? 'admin' : 'member') : undefined,
    q.locked === 'yes'
      ? isNotNull(user.lockedAt)
      : q.locked === 'no'
        ? isNull(user.lockedAt)
        : undefined,
    q.joinedFrom ? gte(user.createdAt, new Date(`${q.joinedFrom}T00:00:00Z`)) : undefined,
    q.joinedTo
      ? lt(user.createdAt, new Date(new Date(`${q.joinedTo}T00:00:00Z`).getTime() + DAY_MS))
      : undefined,
  );
}

/**
 * One page of members, newest first. The order is the `user_created_idx` index's, so a page is
 * an index scan that stops after `pageSize` rows; the total is one count with the same filter.
 */
export async function listMembers(
  db: Db,
  q: z.output<typeof adminUsersQuerySchema>,
  pageSize: number,
) {
  const where = memberFilter(q);
  const [rows, totals] = await Promise.all([
    db
      .select(memberColumns)
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(pageSize)
      .offset((q.page - 1) * pageSize),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return {
    items: rows.map(toAdminUser),
    total: Number(totals[0]?.n ?? 0),
    page: q.page,
    pageSize,
  };
}

export async function memberById(db: Db, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select(memberColumns).from(user).where(eq(user.id, id));
  return row;
}

/** Everything the member detail shows: profile, premium state, progress, last active. */
export async function memberDetail(
  db: Db,
  id: string,
  graceDays: number,
): Promise<AdminUserDetail | null> {
  const row = await memberById(db, id);
  if (!row) return null;
  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const [
    lessons,
    journal,
    prayers,
    verses,
    plan,
    tickets,
    lastActivity,
    lastSession,
    premium,
    app,
    keys,
  ] = await Promise.all([
    db
      .select({ n: count() })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, id), isNotNull(lessonProgress.completedAt))),
    db.select({ n: count() }).from(journalEntry).where(eq(journalEntry.userId, id)),
    db.select({ n: count() }).from(prayerRequest).where(eq(prayerRequest.userId, id)),
    db.select({ n: count() }).from(memoryVerse).where(eq(memoryVerse.userId, id)),
    db
      .select({ planId: readingPlanRun.planId })
      .from(readingPlanRun)
      .where(eq(readingPlanRun.userId, id)),
    db.select({ n: count() }).from(supportTicket).where(eq(supportTicket.userId, id)),
    db
      .select({ at: max(activity.occurredAt) })
      .from(activity)
      .where(eq(activity.userId, id)),
    db
      .select({ at: max(session.createdAt) })
      .from(session)
      .where(eq(session.userId, id)),
    premiumStateOf(db, row, graceDays),
    db
      .select({ n: count() })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, id), eq(twoFactor.verified, true))),
    db.select({ n: count() }).from(passkey).where(eq(passkey.userId, id)),
  ]);
  const times = [lastActivity[0]?.at, lastSession[0]?.at]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  return {
    ...toAdminUser(row),
    premium,
    secondStep: { authenticatorApp: n(app) > 0, passkeys: n(keys) },
    lockedAt: row.lockedAt?.toISOString() ?? null,
    lastActiveAt: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
    progress: {
      lessonsCompleted: n(lessons),
      journalEntries: n(journal),
      prayerRequests: n(prayers),
      memoryVerses: n(verses),
      readingPlan: plan[0]?.planId ?? null,
      tickets: n(tickets),
    },
  };
}

/** How many admins there are (the last one can never be removed or locked out). */
export async function adminCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, 'admin'), isNull(user.lockedAt)));
  return Number(row?.n ?? 0);
}

export const displayName = (r: { firstName: string; lastName: string; email: string }) =>
  `${r.firstName} ${r.lastName}`.trim() || r.email;
