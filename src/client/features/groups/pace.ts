import type { TFunction } from 'i18next';
import type { GroupPace, GroupPath, PathProgress } from '#shared/groups.ts';

// ── A pace in words (the `groupPace` strings: the groups pages and the dashboard's card) ──

/** Where someone is on the path, in words: "5 of 18 lessons" or "Day 12 of 90". */
export function progressText(t: TFunction, progress: PathProgress): string {
  if (progress.kind === 'course') {
    return t('groupPace.progress.lessons', {
      done: progress.lessonsDone ?? 0,
      count: progress.lessonsTotal ?? 0,
    });
  }
  if (!progress.onPlan) return t('groupPace.progress.notOnPlan');
  return t('groupPace.progress.day', { day: progress.dayReached ?? 0 });
}

/** Where the group's calendar says everyone should be today. */
export function paceText(t: TFunction, path: GroupPath, pace: GroupPace): string {
  return path.kind === 'course'
    ? t('groupPace.pace.course', { expected: pace.expected, count: pace.total })
    : t('groupPace.pace.plan', { expected: pace.expected, count: pace.total });
}

/**
 * Whether someone is behind the group's calendar, in words; null when on pace. A plan counts the
 * days (any day behind is said, `flagged` from BEHIND_DAYS on: the leaders' list points those
 * out); a course is behind when fewer lessons are done than were due by the last full week.
 */
export function behindText(
  t: TFunction,
  progress: PathProgress,
): { text: string; flagged: boolean } | null {
  if (progress.kind === 'course') {
    return progress.behind ? { text: t('groupPace.behind.course'), flagged: true } : null;
  }
  if (progress.daysBehind <= 0) return null;
  return {
    text: t('groupPace.behind.days', { count: progress.daysBehind }),
    flagged: progress.behind,
  };
}
