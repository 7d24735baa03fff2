/**
 * The group values the product names (limits, lists, error keys and paths), without Zod: a page
 * that needs only these does not download the validator (../groups.ts, the contract, re-exports
 * them).
 */
import { PREMIUM_COURSES, type CourseId } from './course.ts';

// ─── Limits ─────────────────────────────────────────────────────────────────────────────────────

export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 500;
export const GROUP_MEETING_NOTE_MAX = 200;
export const GROUP_MESSAGE_MAX = 500;
/** Groups a member may lead (as leader) and belong to (any role, leading included). */
export const GROUPS_LED_MAX = 20;
export const GROUPS_JOINED_MAX = 50;
export const CO_LEADERS_MAX = 5;
/** Members of one group, leaders included (an invitation to a group this size says "full"). */
export const GROUP_MEMBERS_MAX = 500;
/** Group messages per leader per group per day (the leader's local day). */
export const GROUP_MESSAGES_PER_DAY = 3;
export const INVITATION_EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export const INVITATION_DEFAULT_EXPIRY_DAYS = 14;
export const INVITATION_MAX_USES_MAX = GROUP_MEMBERS_MAX;
/** A member is flagged as behind when the group's expected day is this many days ahead. */
export const BEHIND_DAYS = 3;
/** Items in a group's activity feed answer (newest first). */
export const GROUP_FEED_SIZE = 30;
export const ADMIN_GROUPS_PAGE_SIZE = 25;
/** Rows per page of a group's member list. */
export const MEMBERS_PAGE_SIZE = 50;
/** How the member list may be sorted (`progress`: percent of the path; `behind`: days behind). */
export const MEMBER_SORTS = ['name', 'progress', 'behind', 'lastActive', 'joined'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

// ─── Values ─────────────────────────────────────────────────────────────────────────────────────

export const GROUP_ROLES = ['leader', 'co-leader', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/**
 * What a member lets the leaders see (ADR 0052). `progress` is the default.
 *  - membership:  name and that they joined;
 *  - progress:    + lessons of the path, plan days, behind flag, last active day, streak;
 *  - reflections: + the lesson reflections they share one by one with this group.
 */
export const CONSENT_LEVELS = ['membership', 'progress', 'reflections'] as const;
export type ConsentLevel = (typeof CONSENT_LEVELS)[number];

export const INVITATION_STATUSES = [
  'open',
  'expired',
  'revoked',
  'used-up',
  'full',
  'ended',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const FEED_KINDS = [
  'joined',
  'lesson-completed',
  'plan-finished',
  'badge',
  'message',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** The path an invitation link opens in the browser. */
export const invitationPath = (token: string) => `/invitations/${token}`;
export const groupPath = (id: string) => `/groups/${id}`;

/** Whether a group's path is a premium course (each member needs their own Premium for it). */
export const isPremiumPath = (
  path: { kind: 'course'; courseId: CourseId } | { kind: 'plan' },
): boolean => path.kind === 'course' && PREMIUM_COURSES.includes(path.courseId);
