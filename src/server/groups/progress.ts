/**
 * A group's members and their progress on its path, read in one set-based query from the
 * members' own rows (lesson_progress, reading_plan_run, activity_day): nothing is copied into the
 * group (ADR 0052). The rows are computed for every member whatever their level; what each
 * reader may see of them is decided when the answer is shaped (./shape.ts), so a change of
 * level shows at once.
 */
import { sql } from 'drizzle-orm';
import { BEHIND_DAYS, type GroupPath, type ConsentLevel, type GroupRole } from '#shared/groups.ts';
import type { Executor } from '../db/client.ts';
import { addDays, daysBetween, localDate, usableTimeZone } from '#shared/values/time.ts';
import { computeStreak, streakWindowStart } from '../practice/activity.ts';
import type { CourseCatalog } from '../courses/service.ts';
import type { GroupRow } from './service.ts';

/** One member's computed row (language-free: lesson titles are added when shaped). */
export interface MemberData {
  memberId: string;
  userId: string;
  firstName: string;
  lastName: string;
  role: GroupRole;
  level: ConsentLevel;
  joinedAt: string;
  profileVisible: boolean;
  sharedReflections: number;
  lastActiveDay: string | null;
  currentStreak: number;
  path: PathData;
}

export interface PathData {
  kind: 'course' | 'plan';
  lessonsDone: number | null;
  lessonsTotal: number | null;
  nextLessonId: string | null;
  onPlan: boolean | null;
  dayReached: number | null;
  expectedDay: number;
  daysBehind: number;
  behind: boolean;
  percent: number;
}

/** The group's day today: its calendar is the leader's (ADR 0052). */
export const groupToday = (group: Pick<GroupRow, 'timeZone'>, now: Date) =>
  localDate(now, usableTimeZone(group.timeZone));

/**
 * The group's pace on `today`: for a plan, the day it should be on (0 before the start, capped
 * at the plan's length); for a course, the lessons due by the end of this week at its pace.
 */
export function paceOf(group: GroupRow, path: GroupPath, total: number, today: string) {
  const elapsed = daysBetween(group.startsOn, today);
  if (elapsed < 0) return { expected: 0, total };
  if (path.kind === 'plan') return { expected: Math.min(total, elapsed + 1), total };
  const weeks = Math.floor(elapsed / 7);
  return { expected: Math.min(total, (weeks + 1) * path.lessonsPerWeek), total };
}

export function pathTotal(path: GroupPath, courses: CourseCatalog): number {
  return path.kind === 'plan'
    ? path.duration
    : (courses.course(path.courseId)?.lessons.length ?? 0);
}

type Raw = {
  member_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  role: GroupRole;
  level: ConsentLevel;
  joined_at: string | Date;
  time_zone: string | null;
  profile_visible: boolean | null;
  shared: number | string;
  last_day: string | null;
  days: string[] | string | null;
  done: string[] | string | null;
  plan_id: string | null;
  current_day: number | null;
  plan_completed: boolean | null;
};

/** node-postgres parses text[]; PGlite too; a literal '{a,b}' is read here as a fallback. */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}

/** The path progress of one member from their own rows. */
export function pathProgress(
  path: GroupPath,
  lessonIds: readonly string[],
  done: ReadonlySet<string>,
  run: { planId: string | null; currentDay: number | null; completed: boolean },
  pace: { expected: number; total: number },
  groupDay: { elapsedWeeks: number },
): PathData {
  if (path.kind === 'course') {
    const lessonsDone = lessonIds.filter((id) => done.has(id)).length;
    const next = lessonIds.find((id) => !done.has(id)) ?? null;
    const dueByLastWeek = Math.min(pace.total, groupDay.elapsedWeeks * path.lessonsPerWeek);
    return {
      kind: 'course',
      lessonsDone,
      lessonsTotal: lessonIds.length,
      nextLessonId: next,
      onPlan: null,
      dayReached: null,
      expectedDay: pace.expected,
      daysBehind: 0,
      behind: lessonsDone < dueByLastWeek,
      percent: lessonIds.length ? Math.floor((lessonsDone / lessonIds.length) * 100) : 0,
    };
  }
  const onPlan = run.planId === path.planId;
  const finished = onPlan && run.completed;
  const nextDay = onPlan ? (run.currentDay ?? 1) : 1;
  const dayReached = finished ? pace.total : Math.min(pace.total, nextDay - 1);
  const daysBehind = finished ? 0 : Math.max(0, pace.expected - nextDay);
  return {
    kind: 'plan',
    lessonsDone: null,
    lessonsTotal: null,
    nextLessonId: null,
    onPlan,
    dayReached,
    expectedDay: pace.expected,
    daysBehind,
    behind: daysBehind >= BEHIND_DAYS,
    percent: finished ? 100 : pace.total ? Math.floor((dayReached / pace.total) * 100) : 0,
  };
}

/**
 * Every member of the group with their progress, in one query (plus one more, rarely, for the
 * members whose streak reaches back further than the window read first).
 */
export async function readMembers(
  db: Executor,
  group: GroupRow,
  path: GroupPath,
  courses: CourseCatalog,
  now: Date,
): Promise<MemberData[]> {
  const today = groupToday(group, now);
  // Each member's streak counts in their own zone; the window reaches back from the earliest
  // possible local day anywhere (a day before the group's).
  const since = streakWindowStart(addDays(today, -1));
  const lessonIds =
    path.kind === 'course' ? (courses.course(path.courseId)?.lessons.map((l) => l.id) ?? []) : [];
  const result = await db.execute<Raw>(sql`
    select m.id as member_id, m.user_id, u.first_name, u.last_name, m.role, m.level,
      m.joined_at, u.preferences->>'timeZone' as time_zone,
      coalesce((u.preferences->>'profileVisibility')::boolean, false) as profile_visible,
      (select count(*) from group_reflection gr where gr.member_id = m.id) as shared,
      (select max(d.day)::text from activity_day d where d.user_id = m.user_id) as last_day,
      (select array_agg(d.day::text) from activity_day d
        where d.user_id = m.user_id and d.day >= ${since}::date) as days,
      ${
        lessonIds.length
          ? sql`(select array_agg(lp.lesson_id) from lesson_progress lp
              where lp.user_id = m.user_id and lp.completed_at is not null
              and lp.lesson_id in (${sql.join(
                lessonIds.map((id) => sql`${id}`),
                sql`, `,
              )}))`
          : sql`null::text[]`
      } as done,
      r.plan_id, r.current_day, (r.completed_at is not null) as plan_completed
    from group_member m
    join "user" u on u.id = m.user_id
    left join reading_plan_run r on r.user_id = m.user_id
    where m.group_id = ${group.id}`);
  const pace = paceOf(group, path, pathTotal(path, courses), today);
  const elapsed = daysBetween(group.startsOn, today);
  const elapsedWeeks = elapsed < 0 ? 0 : Math.floor(elapsed / 7);
  const rows: MemberData[] = [];
  const longRuns: MemberData[] = [];
  const zones = new Map<string, string>();
  for (const r of result.rows) {
    const zone = usableTimeZone(r.time_zone ?? undefined);
    const own = localDate(now, zone);
    zones.set(r.user_id, own);
    const run = computeStreak(new Set(textArray(r.days)), own, since);
    const row: MemberData = {
      memberId: r.member_id,
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
      level: r.level,
      joinedAt: new Date(r.joined_at).toISOString(),
      profileVisible: r.profile_visible === true,
      sharedReflections: Number(r.shared),
      lastActiveDay: r.last_day,
      currentStreak: run.current,
      path: pathProgress(
        path,
        lessonIds,
        new Set(textArray(r.done)),
        { planId: r.plan_id, currentDay: r.current_day, completed: r.plan_completed === true },
        pace,
        { elapsedWeeks },
      ),
    };
    rows.push(row);
    if (run.truncated) longRuns.push(row);
  }
  if (longRuns.length) {
    const all = await db.execute<{ user_id: string; days: string[] | string }>(sql`
      select d.user_id, array_agg(d.day::text) as days from activity_day d
      where d.user_id in (${sql.join(
        longRuns.map((r) => sql`${r.userId}`),
        sql`, `,
      )}) group by d.user_id`);
    const byUser = new Map(all.rows.map((r) => [r.user_id, textArray(r.days)]));
    for (const row of longRuns) {
      const own = zones.get(row.userId)!;
      row.currentStreak = computeStreak(
        new Set(byUser.get(row.userId) ?? []),
        own,
        '0000-01-01',
      ).current;
    }
  }
  return rows;
}
