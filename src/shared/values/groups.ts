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
export const DEFAULT_CONSENT_LEVEL: ConsentLevel = 'progress';

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

/** Error keys (translated in en.json / es.json under `groups.errors`), with their statuses. */
export const GROUP_ERRORS = {
  /** 403: a member asked for what only the leader and co-leaders may do. */
  leadersOnly: 'groups.errors.leadersOnly',
  /** 403: a co-leader asked for what only the leader may do (end, transfer, roles). */
  leaderOnly: 'groups.errors.leaderOnly',
  /** 409: already leading GROUPS_LED_MAX groups. */
  leadLimit: 'groups.errors.leadLimit',
  /** 409: already in GROUPS_JOINED_MAX groups. */
  joinLimit: 'groups.errors.joinLimit',
  /** 409: the group has CO_LEADERS_MAX co-leaders. */
  coLeaderLimit: 'groups.errors.coLeaderLimit',
  /** 409: the leader must transfer leadership or end the group before leaving. */
  leaderMustTransfer: 'groups.errors.leaderMustTransfer',
  /** 400: transfer or role change aimed at the leader themselves. */
  notYourself: 'groups.errors.notYourself',
  /** 403: a co-leader tried to remove another leader. */
  cannotRemoveLeader: 'groups.errors.cannotRemoveLeader',
  /** 429: GROUP_MESSAGES_PER_DAY reached for today. */
  messageLimit: 'groups.errors.messageLimit',
  /** 409: sharing a reflection needs the level `reflections`. */
  reflectionsLevel: 'groups.errors.reflectionsLevel',
  /** 400: the lesson is not on the group's path (or the group follows a plan). */
  lessonNotInPath: 'groups.errors.lessonNotInPath',
  /** 409: nothing written for that lesson yet. */
  noReflection: 'groups.errors.noReflection',
  /** 404: no invitation with this token or id. */
  invitationNotFound: 'groups.errors.invitationNotFound',
  /** 410: the invitation's status (see INVITATION_STATUSES). */
  invitationExpired: 'groups.errors.invitationExpired',
  invitationRevoked: 'groups.errors.invitationRevoked',
  invitationUsedUp: 'groups.errors.invitationUsedUp',
  groupFull: 'groups.errors.groupFull',
  groupEnded: 'groups.errors.groupEnded',
  /** 429: too many groups created or invitations accepted / sent in a short time. */
  tooManyAttempts: 'groups.errors.tooManyAttempts',
  /** 400: the start date is more than a year away from today. */
  startDate: 'groups.errors.startDate',
} as const;
export type GroupErrorKey = (typeof GROUP_ERRORS)[keyof typeof GROUP_ERRORS];

/** The error for an invitation that is not open, by its status. */
export const INVITATION_STATUS_ERROR: Record<Exclude<InvitationStatus, 'open'>, GroupErrorKey> = {
  expired: GROUP_ERRORS.invitationExpired,
  revoked: GROUP_ERRORS.invitationRevoked,
  'used-up': GROUP_ERRORS.invitationUsedUp,
  full: GROUP_ERRORS.groupFull,
  ended: GROUP_ERRORS.groupEnded,
};

/** The path an invitation link opens in the browser. */
export const invitationPath = (token: string) => `/invitations/${token}`;
export const groupPath = (id: string) => `/groups/${id}`;

/** Whether a group's path is a premium course (each member needs their own Premium for it). */
export const isPremiumPath = (
  path: { kind: 'course'; courseId: CourseId } | { kind: 'plan' },
): boolean => path.kind === 'course' && PREMIUM_COURSES.includes(path.courseId);
