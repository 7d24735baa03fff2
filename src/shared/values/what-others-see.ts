/**
 * What the others in a group receive about one member, field by field, named as the groups'
 * answers name them. Two things read these lists, so they cannot drift apart:
 *
 * - the contract test (tests/server/groups-contract.test.ts) builds from them the exact fields
 *   each answer may carry for each role: a field added to what a role receives fails there until
 *   it is listed here;
 * - the page "What others see of me" (client `features/groups/WhatOthersSee.tsx`) says each listed
 *   field in words, by a label that TypeScript requires for every field listed here.
 *
 * Fields that say nothing about the member (an answer's ids, `kind` of an item, `mine`, `hidden`)
 * are the contract test's own business.
 */

/** A member's progress on the group's course (`lessons…`) or plan (`day…`), as leaders read it. */
export const PATH_PROGRESS_FIELDS = [
  'kind',
  'lessonsDone',
  'lessonsTotal',
  'nextLesson',
  'nextLesson.id',
  'nextLesson.title',
  'onPlan',
  'dayReached',
  'expectedDay',
  'daysBehind',
  'behind',
  'percent',
] as const;

const under = <P extends string, F extends string>(prefix: P, fields: readonly F[]) =>
  fields.map((f) => `${prefix}.${f}` as const);

export const ABOUT_A_MEMBER = {
  /** The leader and co-leaders: the member's row in the member list (`leaderRows[]`). */
  leaderRow: ['firstName', 'lastName', 'role', 'level', 'joinedAt', 'sharedReflections'],
  /** …and, at level "Progress" or above, its `progress`. */
  leaderProgress: [
    'path',
    ...under('path', PATH_PROGRESS_FIELDS),
    'lastActiveDay',
    'currentStreak',
  ],
  /**
   * Every member: the member's row in the member list (`visibleRows[]`), only when the member
   * turned on Profile visibility (a leader's or co-leader's always shows).
   */
  memberRow: ['firstName', 'lastName', 'role'],
  /**
   * Everyone in the group: a milestone in the group's activity (`items[]` of the feed), only when
   * the member shares progress with the group, turned on Activity sharing and shows their name.
   */
  milestone: ['firstName', 'lastName', 'lesson', 'lesson.id', 'lesson.title', 'badge', 'at'],
  /**
   * The readers of a reflection the member shared (the leaders, and the members when the member
   * chose so where the group allows it): `items[]` of the reflections.
   */
  reflection: [
    'firstName',
    'lastName',
    'lesson',
    'lesson.id',
    'lesson.title',
    'text',
    'sharedAt',
    'updatedAt',
  ],
  /**
   * The leader and co-leaders: in each meeting report (`reports[]` of the meetings), its date
   * and whether the member came (their `memberId` in `present`), as the leaders recorded it.
   */
  attendance: ['heldOn', 'present'],
  /**
   * The leader and co-leaders: each prayer request the member chose to share with the group
   * (`shared[]` of the group's prayers), until they unshare it.
   */
  prayer: ['firstName', 'lastName', 'title', 'description', 'urgent', 'status', 'sharedOn'],
} as const;

export type AboutAMember = typeof ABOUT_A_MEMBER;
/** Every field listed above, once: what the page must be able to say in words. */
export type AboutAMemberField = AboutAMember[keyof AboutAMember][number];
