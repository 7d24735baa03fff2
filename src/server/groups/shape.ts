/**
 * What each reader may see of a group (ADR 0052). Every answer that carries another member's
 * data is built here, from the computed rows, by the reader's role and each member's consent
 * level and privacy switches; tests/server/groups-contract.test.ts lists the fields.
 */
import type { Language } from '#shared/constants.ts';
import {
  MEMBERS_PAGE_SIZE,
  isPremiumPath,
  type GroupPath,
  type GroupStats,
  type LeaderMemberRow,
  type LessonRef,
  type MemberPage,
  type MemberProgress,
  type MemberSort,
  type PathProgress,
  type VisibleMemberRow,
} from '#shared/groups.ts';
import { addDays } from '#shared/values/time.ts';
import type { CourseCatalog } from '../courses/service.ts';
import { translate } from '../i18n/translate.ts';
import type { MemberData, PathData } from './progress.ts';
import type { GroupRow, MemberRow } from './service.ts';

export function lessonRef(courses: CourseCatalog, id: string, lang: Language): LessonRef {
  const found = courses.find(id);
  return { id, title: found ? found.lesson.text[lang].title : id };
}

export function pathTitle(path: GroupPath, courses: CourseCatalog, lang: Language): string {
  if (path.kind === 'course')
    return courses.course(path.courseId)?.text[lang].title ?? path.courseId;
  return translate(lang, `readingPlans.plans.${path.planId}.name`);
}

export function pathLessons(path: GroupPath, courses: CourseCatalog, lang: Language): LessonRef[] {
  if (path.kind !== 'course') return [];
  return (courses.course(path.courseId)?.lessons ?? []).map((l) => ({
    id: l.id,
    title: l.text[lang].title,
  }));
}

export function shapePath(p: PathData, courses: CourseCatalog, lang: Language): PathProgress {
  return {
    kind: p.kind,
    lessonsDone: p.lessonsDone,
    lessonsTotal: p.lessonsTotal,
    nextLesson: p.nextLessonId ? lessonRef(courses, p.nextLessonId, lang) : null,
    onPlan: p.onPlan,
    dayReached: p.dayReached,
    expectedDay: p.expectedDay,
    daysBehind: p.daysBehind,
    behind: p.behind,
    percent: p.percent,
  };
}

export function shapeProgress(
  m: MemberData,
  courses: CourseCatalog,
  lang: Language,
): MemberProgress {
  return {
    path: shapePath(m.path, courses, lang),
    lastActiveDay: m.lastActiveDay,
    currentStreak: m.currentStreak,
  };
}

/** Levels `progress` and `reflections` share progress; `membership` shares only the name. */
export const sharesProgress = (m: Pick<MemberData, 'level'>) => m.level !== 'membership';

export function leaderRow(m: MemberData, courses: CourseCatalog, lang: Language): LeaderMemberRow {
  return {
    memberId: m.memberId,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    level: m.level,
    joinedAt: m.joinedAt,
    progress: sharesProgress(m) ? shapeProgress(m, courses, lang) : null,
    sharedReflections: m.level === 'reflections' ? m.sharedReflections : 0,
  };
}

export function visibleRow(m: MemberData, readerId: string): VisibleMemberRow {
  return { firstName: m.firstName, lastName: m.lastName, role: m.role, me: m.userId === readerId };
}

/** Who a member (not a leader) may see by name: the leaders, themselves, and the visible. */
export const visibleToMembers = (m: MemberData, readerId: string) =>
  m.role !== 'member' || m.userId === readerId || m.profileVisible;

const ROLE_ORDER = { leader: 0, 'co-leader': 1, member: 2 } as const;

export function leadersOf(rows: readonly MemberData[], readerId: string): VisibleMemberRow[] {
  return rows
    .filter((m) => m.role !== 'member')
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role])
    .map((m) => visibleRow(m, readerId));
}

/** Completion, active this week and behind, over the members who share progress. */
export function statsOf(rows: readonly MemberData[], groupDay: string): GroupStats {
  const sharing = rows.filter(sharesProgress);
  const weekStart = addDays(groupDay, -6);
  const completion = sharing.length
    ? Math.round(sharing.reduce((sum, m) => sum + m.path.percent, 0) / sharing.length)
    : 0;
  return {
    memberCount: rows.length,
    completion,
    activeThisWeek: sharing.filter((m) => m.lastActiveDay !== null && m.lastActiveDay >= weekStart)
      .length,
    sharingProgress: sharing.length,
    behindCount: sharing.filter((m) => m.path.behind).length,
  };
}

const collators = new Map<Language, Intl.Collator>();
const collator = (lang: Language) => {
  let c = collators.get(lang);
  if (!c) collators.set(lang, (c = new Intl.Collator(lang, { sensitivity: 'base' })));
  return c;
};

/**
 * The member list in the order asked for. Sorting by progress, behind or last active puts the
 * members who share no progress last, whatever the direction (their order must not hint at it).
 */
export function sortMembers(
  rows: readonly MemberData[],
  sort: MemberSort,
  order: 'asc' | 'desc',
  lang: Language,
  leaderView: boolean,
): MemberData[] {
  const c = collator(lang);
  const byName = (a: MemberData, b: MemberData) =>
    c.compare(a.firstName, b.firstName) ||
    c.compare(a.lastName, b.lastName) ||
    (a.memberId < b.memberId ? -1 : 1);
  const dir = order === 'asc' ? 1 : -1;
  const key: ((m: MemberData) => number | string | null) | null =
    !leaderView || sort === 'name'
      ? null
      : sort === 'joined'
        ? (m) => m.joinedAt
        : sort === 'progress'
          ? (m) => (sharesProgress(m) ? m.path.percent : null)
          : sort === 'behind'
            ? (m) =>
                sharesProgress(m) ? m.path.daysBehind + (m.path.behind ? 1_000_000 : 0) : null
            : (m) => (sharesProgress(m) ? (m.lastActiveDay ?? '') : null);
  return [...rows].sort((a, b) => {
    if (!key) return dir * byName(a, b);
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? byName(a, b) : ka === null ? 1 : -1;
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return byName(a, b);
  });
}

/**
 * Sorted lists kept with the rows they were sorted from (the rows are the group cache's entry,
 * so a list lives as long as it): the leaders' page of a large group is read far more often than
 * it changes, and sorting 500 names by a collator is most of its cost.
 */
const sortedLists = new WeakMap<readonly MemberData[], Map<string, MemberData[]>>();
const SORTED_LISTS_PER_ROWS = 64;

function sortedOnce(rows: readonly MemberData[], key: string, sort: () => MemberData[]) {
  let lists = sortedLists.get(rows);
  if (!lists) sortedLists.set(rows, (lists = new Map()));
  let list = lists.get(key);
  if (!list) {
    if (lists.size >= SORTED_LISTS_PER_ROWS) lists.clear();
    lists.set(key, (list = sort()));
  }
  return list;
}

export function memberPage(
  rows: readonly MemberData[],
  me: MemberRow,
  query: { sort: MemberSort; order: 'asc' | 'desc'; page: number },
  courses: CourseCatalog,
  lang: Language,
  leaderView: boolean,
): MemberPage {
  const key = `${leaderView ? 'leaders' : me.userId}:${query.sort}:${query.order}:${lang}`;
  const sorted = sortedOnce(rows, key, () =>
    sortMembers(
      leaderView ? rows : rows.filter((m) => visibleToMembers(m, me.userId)),
      query.sort,
      query.order,
      lang,
      leaderView,
    ),
  );
  const start = (query.page - 1) * MEMBERS_PAGE_SIZE;
  const slice = sorted.slice(start, start + MEMBERS_PAGE_SIZE);
  return {
    kind: leaderView ? 'leader' : 'member',
    leaderRows: leaderView ? slice.map((m) => leaderRow(m, courses, lang)) : [],
    visibleRows: leaderView ? [] : slice.map((m) => visibleRow(m, me.userId)),
    total: sorted.length,
    page: query.page,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}

export function groupBase(
  g: GroupRow,
  path: GroupPath,
  memberCount: number,
  courses: CourseCatalog,
  lang: Language,
) {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    language: g.language,
    path,
    pathTitle: pathTitle(path, courses, lang),
    startsOn: g.startsOn,
    meetingNote: g.meetingNote,
    memberCount,
    pathNeedsPremium: isPremiumPath(path),
    createdAt: g.createdAt.toISOString(),
  };
}
