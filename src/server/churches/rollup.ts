/**
 * A church's week (issue 38 item 4): per attached group, counts only. Four queries whatever the
 * number of groups (each grouped by group), so 50 groups of 20 members roll up in well under a
 * second on PostgreSQL (npm run bench -- --church).
 */
import { and, asc, between, count, eq, inArray, isNull, ne, sql, sum } from 'drizzle-orm';
import type { WeekRow } from '#shared/churches.ts';
import { ACTIVE_DAYS_AIM } from '#shared/values/churches.ts';
import type { Language } from '#shared/constants.ts';
import type { CourseCatalog } from '../courses/service.ts';
import type { Executor } from '../db/client.ts';
import {
  activityDay,
  churchGroup,
  groupAttendance,
  groupMeeting,
  groupMember,
  studyGroup,
  user,
} from '../db/schema.ts';
import { lessonRef } from '../groups/shape.ts';

export interface AttachedGroup {
  groupId: string;
  name: string;
  leader: string;
  members: number;
  /** Of them, how many share their progress with the group. */
  sharing: number;
  since: Date;
  status: 'pending' | 'attached';
}

/** A church's groups (attached and asking), with their leader's name and size, by name. */
export async function churchGroups(db: Executor, churchId: string): Promise<AttachedGroup[]> {
  const rows = await db
    .select({
      groupId: churchGroup.groupId,
      status: churchGroup.status,
      requestedAt: churchGroup.requestedAt,
      attachedAt: churchGroup.attachedAt,
      name: studyGroup.name,
      firstName: user.firstName,
      lastName: user.lastName,
    })
    .from(churchGroup)
    .innerJoin(studyGroup, eq(studyGroup.id, churchGroup.groupId))
    .innerJoin(
      groupMember,
      and(eq(groupMember.groupId, churchGroup.groupId), eq(groupMember.role, 'leader')),
    )
    .innerJoin(user, eq(user.id, groupMember.userId))
    .where(and(eq(churchGroup.churchId, churchId), isNull(studyGroup.endedAt)))
    .orderBy(asc(studyGroup.name), asc(studyGroup.id));
  const sizes = await groupSizes(
    db,
    rows.map((r) => r.groupId),
  );
  return rows.map((r) => ({
    groupId: r.groupId,
    name: r.name,
    leader: `${r.firstName} ${r.lastName}`.trim(),
    members: sizes.get(r.groupId)?.members ?? 0,
    sharing: sizes.get(r.groupId)?.sharing ?? 0,
    since: r.attachedAt ?? r.requestedAt,
    status: r.status,
  }));
}

/** Per group: how many are in it, and how many of them share their progress with it. */
async function groupSizes(db: Executor, groupIds: string[]) {
  const sizes = new Map<string, { members: number; sharing: number }>();
  if (groupIds.length === 0) return sizes;
  const rows = await db
    .select({
      groupId: groupMember.groupId,
      members: count(),
      sharing: sql<number>`count(*) filter (where ${groupMember.level} <> 'membership')`,
    })
    .from(groupMember)
    .where(inArray(groupMember.groupId, groupIds))
    .groupBy(groupMember.groupId);
  for (const r of rows) {
    sizes.set(r.groupId, { members: Number(r.members), sharing: Number(r.sharing) });
  }
  return sizes;
}

/** The week's rows of a church's attached groups: counts, never a member's name or days. */
export async function weekRows(
  db: Executor,
  deps: { courses: CourseCatalog },
  churchId: string,
  week: { start: string; end: string },
  lang: Language,
): Promise<WeekRow[]> {
  const groups = (await churchGroups(db, churchId)).filter((g) => g.status === 'attached');
  const ids = groups.map((g) => g.groupId);
  if (ids.length === 0) return [];
  const inWeek = and(
    inArray(groupMeeting.groupId, ids),
    between(groupMeeting.heldOn, week.start, week.end),
  );
  const [meetings, present, covered, reached] = await Promise.all([
    db
      .select({
        groupId: groupMeeting.groupId,
        meetings: count(),
        places: sum(groupMeeting.members),
        visitors: sum(groupMeeting.visitors),
      })
      .from(groupMeeting)
      .where(inWeek)
      .groupBy(groupMeeting.groupId),
    db
      .select({ groupId: groupMeeting.groupId, present: count() })
      .from(groupAttendance)
      .innerJoin(groupMeeting, eq(groupMeeting.id, groupAttendance.meetingId))
      .where(inWeek)
      .groupBy(groupMeeting.groupId),
    db
      .selectDistinct({
        groupId: groupMeeting.groupId,
        kind: groupMeeting.coveredKind,
        id: groupMeeting.coveredId,
        title: groupMeeting.coveredTitle,
      })
      .from(groupMeeting)
      .where(inWeek),
    // Members who share progress and had ACTIVE_DAYS_AIM active days or more in the week: a
    // count per group; which days, and who did not, never leave the database.
    db
      .select({ groupId: groupMember.groupId, reached: count() })
      .from(groupMember)
      .where(
        and(
          inArray(groupMember.groupId, ids),
          ne(groupMember.level, 'membership'),
          sql`(select count(*) from ${activityDay} d where d.user_id = ${groupMember.userId}
                 and d.day between ${week.start} and ${week.end}) >= ${ACTIVE_DAYS_AIM}`,
        ),
      )
      .groupBy(groupMember.groupId),
  ]);
  const byGroup = <T extends { groupId: string }>(rows: T[]) =>
    new Map(rows.map((r) => [r.groupId, r]));
  const meetingsOf = byGroup(meetings);
  const presentOf = byGroup(present);
  const reachedOf = byGroup(reached);
  const coveredOf = new Map<string, string[]>();
  for (const c of covered) {
    if (!c.kind || !c.id) continue;
    const title = c.kind === 'lesson' ? lessonRef(deps.courses, c.id, lang).title : (c.title ?? '');
    const list = coveredOf.get(c.groupId) ?? [];
    if (title && !list.includes(title)) list.push(title);
    coveredOf.set(c.groupId, list);
  }
  return groups.map((g) => {
    const m = meetingsOf.get(g.groupId);
    return {
      groupId: g.groupId,
      name: g.name,
      leader: g.leader,
      members: g.members,
      meetings: Number(m?.meetings ?? 0),
      attendance: Number(presentOf.get(g.groupId)?.present ?? 0),
      places: Number(m?.places ?? 0),
      visitors: Number(m?.visitors ?? 0),
      covered: (coveredOf.get(g.groupId) ?? []).sort(),
      sharing: g.sharing,
      reachedAim: Number(reachedOf.get(g.groupId)?.reached ?? 0),
    };
  });
}

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break; a cell a spreadsheet
 * would run as a formula (=, +, -, @, a tab or a carriage return first) starts with an
 * apostrophe, since group names and sheet titles are typed by leaders.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number)[]) => cells.map(csvCell).join(',');
