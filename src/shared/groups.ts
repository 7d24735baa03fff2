/**
 * Small groups with consent (issue 25): the API contract, read by the server routes, the client's
 * `features/groups/api.ts` and the tests. Error messages are i18n keys; each side translates them.
 *
 * ─── Routes ──────────────────────────────────────────────────────────────────────────────────────
 * Access class (src/server/routes/registry.ts) in brackets. "leaders" = the leader and co-leaders.
 * A group someone does not belong to answers 404 (never 403: a guessed id reveals nothing), and so
 * does a removed member's or an ended group's id. A member asking for a leaders' action: 403
 * `groups.errors.leadersOnly`; a co-leader asking for the leader's own action: 403
 * `groups.errors.leaderOnly`.
 *
 *  GET    /api/groups                                   [member]  → GroupList (also the dashboard's cards)
 *  POST   /api/groups                  CreateGroupInput [member]  → 201 GroupDetail
 *  GET    /api/groups/:id                               [member]  → GroupDetail (role-shaped, see below)
 *  PATCH  /api/groups/:id              UpdateGroupInput [member]  → GroupDetail          (leaders)
 *  POST   /api/groups/:id/end                           [member]  → 204                  (leader)
 *  PATCH  /api/groups/:id/membership   MembershipInput  [member]  → MyMembership         (me: level, muted)
 *  POST   /api/groups/:id/leave                         [member]  → 204  (the leader: 409 leaderMustTransfer)
 *  POST   /api/groups/:id/transfer     TransferInput    [member]  → GroupDetail          (leader)
 *  POST   /api/groups/:id/members/:memberId/role RoleInput [member] → 204               (leader)
 *  POST   /api/groups/:id/members/:memberId/remove      [member]  → 204  (leaders; co-leaders remove members only)
 *  GET    /api/groups/:id/members?sort=&order=&page= [member] → MemberPage (role-shaped, paged by
 *                                        MEMBERS_PAGE_SIZE, sorted on the server: any group size)
 *  GET    /api/groups/:id/feed                          [member]  → GroupFeed
 *  POST   /api/groups/:id/messages     MessageInput     [member]  → 201 MessageSent      (leaders; 429 messageLimit)
 *  GET    /api/groups/:id/reflections?lessonId=         [member]  → ReflectionList
 *  POST   /api/groups/:id/reflections  ShareReflectionInput [member] → 201 SharedReflection (me, level 3)
 *  DELETE /api/groups/:id/reflections/:reflectionId     [member]  → 204                  (its author)
 *  PATCH  /api/groups/:id/reflections/:reflectionId HideReflectionInput [member] → 204   (leaders)
 *  PUT    /api/groups/:id/reflections/:reflectionId/audience AudienceInput [member] → 204 (its author;
 *                                        409 membersClosed when widening to members the group closed)
 *  GET    /api/groups/:id/invitations                   [member]  → InvitationList       (leaders)
 *  POST   /api/groups/:id/invitations  CreateInvitationInput [member] → 201 CreatedInvitation (leaders;
 *                                        the token is shown in this answer only: it is stored hashed)
 *  POST   /api/groups/:id/invitations/:invitationId/revoke [member] → 204                (leaders)
 *  POST   /api/groups/:id/invitations/email EmailInvitationInput [member] → 202 EmailInvitationSent
 *                                        (leaders; the same answer whether or not the address has an
 *                                        account, ADR 0026)
 *  GET    /api/invitations/received                     [member]  → ReceivedInvitationList (by e-mail)
 *  POST   /api/invitations/received/:id/accept AcceptInput [member] → JoinedGroup
 *  POST   /api/invitations/received/:id/decline         [member]  → 204
 *  GET    /api/invitations/:token                       [public]  → InvitationPreview (404 unknown token)
 *  POST   /api/invitations/:token/accept AcceptInput    [member]  → JoinedGroup
 *                                        (signed in and past the age gate; 410 expired / revoked /
 *                                        used up / group full / ended; rate limited)
 *  GET    /api/admin/groups?page=                       [admin]   → AdminGroupPage (no member data)
 *  POST   /api/admin/groups/:id/end                     [admin]   → 204 (audited)
 *  GET    /api/admin/stats gains `groups` (active groups) and `membersInGroups` (distinct members).
 *
 * The dashboard card reads GET /api/groups (nothing added to GET /api/dashboard).
 *
 * Invitation links are `${APP_URL}/invitations/:token` (a client page that calls the preview).
 * Notifications raised: kinds `groupMessage`, `groupInvitation` and `groupNews` (the group ended,
 * you were made co-leader, the leaders let members read reflections: each author is asked; in-app,
 * push and e-mail by each recipient's notification settings); `url` leads to `/groups/:id`,
 * `/groups` or `/groups?invitations`.
 *
 * ─── Who sees what ───────────────────────────────────────────────────────────────────────────────
 * MemberPage for leaders: every member as LeaderMemberRow (`kind: 'leader'`); `progress` is null
 *    at level `membership`, a MemberProgress at `progress` and `reflections`.
 * MemberPage for members (`kind: 'member'`): VisibleMemberRow of the leaders, the reader, and the
 *    members whose profile visibility is on; no progress of anyone but the reader (`myProgress`).
 * GroupFeed: milestones only of members whose activity sharing is on, and messages to all.
 * GroupDetail.stats (completion, active this week): leaders only (null for members).
 * Never in any answer: journal, prayer, memory verses, studies, e-mail addresses, user ids,
 * account details, premium status of anyone but the reader.
 */
import { z } from 'zod';
import { chosenIdSchema } from './schemas/chosen-id.ts';
import { optionalText, requiredText as text } from './schemas/text.ts';
import { COURSE_IDS } from './values/course.ts';
import { PLAN_DURATIONS, READING_PLAN_IDS } from './values/reading.ts';
import { LANGUAGES } from './constants.ts';
import {
  CONSENT_LEVELS,
  FEED_KINDS,
  GROUP_DESCRIPTION_MAX,
  GROUP_MEETING_NOTE_MAX,
  GROUP_MESSAGE_MAX,
  GROUP_NAME_MAX,
  GROUP_ROLES,
  INVITATION_DEFAULT_EXPIRY_DAYS,
  INVITATION_EXPIRY_DAYS,
  INVITATION_MAX_USES_MAX,
  INVITATION_STATUSES,
  MEMBER_SORTS,
  type InvitationStatus,
} from './values/groups.ts';
export * from './values/groups.ts';

// ─── Errors ──────────────────────────────────────────────────────────────────────────────────────

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
  /** 409: widening a reflection to the members of a group whose leaders do not allow it. */
  membersClosed: 'groups.errors.membersClosed',
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

// ─── Requests ───────────────────────────────────────────────────────────────────────────────────

const isoDay = z.iso.date({ error: 'validation.invalid' });
export const groupIdSchema = z.uuid({ error: 'validation.invalid' });

/**
 * The group's path: one course (with a pace of lessons per week, for "behind") or one reading
 * plan at one of its durations. Fixed once the group is made.
 */
export const groupPathSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('course'),
        courseId: z.enum(COURSE_IDS, { error: 'validation.invalid' }),
        lessonsPerWeek: z.number().int().min(1).max(7).default(1),
      })
      .strict(),
    z
      .object({
        kind: z.literal('plan'),
        planId: z.enum(READING_PLAN_IDS, { error: 'validation.invalid' }),
        duration: z
          .number({ error: 'readingPlans.errors.duration' })
          .refine((d) => (PLAN_DURATIONS as readonly number[]).includes(d), {
            error: 'readingPlans.errors.duration',
          }),
      })
      .strict(),
  ],
  { error: 'validation.invalid' },
);
export type GroupPath = z.output<typeof groupPathSchema>;

export const createGroupSchema = z
  .object({
    /** Chosen by the browser (ADR 0039): the same id sent twice makes one group. */
    id: chosenIdSchema,
    name: text(GROUP_NAME_MAX),
    description: optionalText(GROUP_DESCRIPTION_MAX).default(''),
    /** The language the invitation preview is written for (free text stays as written). */
    language: z.enum(LANGUAGES, { error: 'validation.invalid' }),
    path: groupPathSchema,
    /** The path's day 1 (the group's own calendar: see ADR 0052 on whose "today"). */
    startsOn: isoDay,
    meetingNote: optionalText(GROUP_MEETING_NOTE_MAX).default(''),
  })
  .strict();
export type CreateGroupInput = z.input<typeof createGroupSchema>;

export const updateGroupSchema = z
  .object({
    name: text(GROUP_NAME_MAX),
    description: optionalText(GROUP_DESCRIPTION_MAX),
    language: z.enum(LANGUAGES, { error: 'validation.invalid' }),
    startsOn: isoDay,
    meetingNote: optionalText(GROUP_MEETING_NOTE_MAX),
    /** Members (not only leaders) read the reflections shared with the group. */
    membersSeeReflections: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateGroupInput = z.input<typeof updateGroupSchema>;

export const membershipSchema = z
  .object({
    level: z.enum(CONSENT_LEVELS, { error: 'validation.invalid' }),
    muted: z.boolean(),
  })
  .partial()
  .strict();
export type MembershipInput = z.input<typeof membershipSchema>;

export const transferSchema = z.object({ memberId: groupIdSchema }).strict();
export type TransferInput = z.input<typeof transferSchema>;

export const roleSchema = z
  .object({ role: z.enum(['co-leader', 'member'], { error: 'validation.invalid' }) })
  .strict();
export type RoleInput = z.input<typeof roleSchema>;

export const messageSchema = z
  .object({
    /** A member's `memberId`, or `all` for every member but the sender. */
    to: z.union([z.literal('all'), groupIdSchema], { error: 'validation.invalid' }),
    body: text(GROUP_MESSAGE_MAX),
  })
  .strict();
export type MessageInput = z.input<typeof messageSchema>;

export const membersQuerySchema = z
  .object({
    sort: z.enum(MEMBER_SORTS, { error: 'validation.invalid' }).default('name'),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('asc'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .strict();
export type MembersQuery = z.input<typeof membersQuerySchema>;

export const reflectionsQuerySchema = z
  .object({ lessonId: z.string().max(100).optional() })
  .strict();

/** Shares the member's own practice response to this lesson (its text is read live: edits show). */
/**
 * Who reads a shared reflection: `leaders` (the leader and co-leaders) or `members` (also every
 * member). Fixed when the author shares it; only the author widens it (SPEC: consent is asked).
 */
export const REFLECTION_AUDIENCES = ['leaders', 'members'] as const;
export type ReflectionAudience = (typeof REFLECTION_AUDIENCES)[number];

/**
 * `audience`: the readers the author was shown when they pressed Share. The server keeps the
 * narrower of it and what the group allows at that moment, so a setting changed meanwhile never
 * widens what the author agreed to.
 */
export const shareReflectionSchema = z
  .object({
    lessonId: z.string().min(1).max(100),
    audience: z.enum(REFLECTION_AUDIENCES).default('leaders'),
  })
  .strict();
export type ShareReflectionInput = z.input<typeof shareReflectionSchema>;

export const hideReflectionSchema = z.object({ hidden: z.boolean() }).strict();
export type HideReflectionInput = z.input<typeof hideReflectionSchema>;

export const reflectionAudienceSchema = z
  .object({ audience: z.enum(REFLECTION_AUDIENCES, { error: 'validation.invalid' }) })
  .strict();
export type ReflectionAudienceInput = z.input<typeof reflectionAudienceSchema>;

export const createInvitationSchema = z
  .object({
    expiresInDays: z
      .number({ error: 'validation.invalid' })
      .refine((d) => (INVITATION_EXPIRY_DAYS as readonly number[]).includes(d), {
        error: 'validation.invalid',
      })
      .default(INVITATION_DEFAULT_EXPIRY_DAYS),
    /** null or absent: no limit on the number of people who may join with it. */
    maxUses: z.number().int().min(1).max(INVITATION_MAX_USES_MAX).nullable().default(null),
  })
  .strict();
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

export const emailInvitationSchema = z
  .object({
    email: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(254, { error: 'validation.max:254' })
      .pipe(z.email({ error: 'validation.email' })),
  })
  .strict();
export type EmailInvitationInput = z.input<typeof emailInvitationSchema>;

/** No level is assumed: the member chooses one (ADR 0065). */
export const acceptSchema = z
  .object({
    level: z.enum(CONSENT_LEVELS, {
      error: (issue) =>
        issue.input === undefined ? 'groups.consent.choose' : 'validation.invalid',
    }),
  })
  .strict();
export type AcceptInput = z.input<typeof acceptSchema>;

export const adminGroupsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

// ─── Answers ────────────────────────────────────────────────────────────────────────────────────

/** A lesson as the reader sees it: the title in the reader's language. */
export const lessonRefSchema = z.object({ id: z.string(), title: z.string() });
export type LessonRef = z.infer<typeof lessonRefSchema>;

/**
 * Progress on the group's path. For a course: `lessonsDone` of `lessonsTotal`, `nextLesson`
 * (null once all are done); for a plan: `onPlan` (the member's own run is the group's plan),
 * `dayReached` (days read), `expectedDay` (the group's day today), `daysBehind`, `behind`
 * (daysBehind ≥ BEHIND_DAYS). Fields of the other kind are null.
 */
export const pathProgressSchema = z.object({
  kind: z.enum(['course', 'plan']),
  lessonsDone: z.number().nullable(),
  lessonsTotal: z.number().nullable(),
  nextLesson: lessonRefSchema.nullable(),
  onPlan: z.boolean().nullable(),
  dayReached: z.number().nullable(),
  expectedDay: z.number(),
  daysBehind: z.number(),
  behind: z.boolean(),
  /** 0–100 of the path. */
  percent: z.number(),
});
export type PathProgress = z.infer<typeof pathProgressSchema>;

/** What level `progress` (and `reflections`) lets the leaders see. */
export const memberProgressSchema = z.object({
  path: pathProgressSchema,
  /** The member's last active local day (YYYY-MM-DD), null if never. */
  lastActiveDay: z.string().nullable(),
  currentStreak: z.number(),
});
export type MemberProgress = z.infer<typeof memberProgressSchema>;

/** A row of the leaders' member list. */
export const leaderMemberRowSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(GROUP_ROLES),
  level: z.enum(CONSENT_LEVELS),
  joinedAt: z.string(),
  /** null at level `membership`. */
  progress: memberProgressSchema.nullable(),
  /** Reflections this member shares with the group (0 below level `reflections`). */
  sharedReflections: z.number(),
});
export type LeaderMemberRow = z.infer<typeof leaderMemberRowSchema>;

/** A row of a member's member list: the leaders, and members whose profile visibility is on. */
export const visibleMemberRowSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(GROUP_ROLES),
  me: z.boolean(),
});
export type VisibleMemberRow = z.infer<typeof visibleMemberRowSchema>;

export const myMembershipSchema = z.object({
  memberId: z.string(),
  role: z.enum(GROUP_ROLES),
  level: z.enum(CONSENT_LEVELS),
  muted: z.boolean(),
  joinedAt: z.string(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** The group's own pace today: the day (plan) or lessons (course) the calendar says. */
export const groupPaceSchema = z.object({
  expected: z.number(),
  total: z.number(),
});
export type GroupPace = z.infer<typeof groupPaceSchema>;

/** Leaders only. */
export const groupStatsSchema = z.object({
  memberCount: z.number(),
  /** Average completion of the path among members at level `progress` or above, 0–100. */
  completion: z.number(),
  /** Members (at level `progress` or above) active in the last 7 days of the group's calendar. */
  activeThisWeek: z.number(),
  /** Members at level `progress` or above (the base of the two figures above). */
  sharingProgress: z.number(),
  behindCount: z.number(),
});
export type GroupStats = z.infer<typeof groupStatsSchema>;

export const groupBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  path: groupPathSchema,
  /** The course's or plan's title in the reader's language. */
  pathTitle: z.string(),
  startsOn: z.string(),
  meetingNote: z.string(),
  memberCount: z.number(),
  /** True when the path is a premium course: each member needs their own Premium for it. */
  pathNeedsPremium: z.boolean(),
  createdAt: z.string(),
});

export const groupDetailSchema = groupBaseSchema.extend({
  membersSeeReflections: z.boolean(),
  me: myMembershipSchema,
  /** The reader's own progress on the path (always theirs to see, whatever their level). */
  myProgress: memberProgressSchema,
  /** The reader would meet the Premium gate on this path (their own status only). */
  iNeedPremium: z.boolean(),
  pace: groupPaceSchema,
  /** Course groups: the path's lessons, titles in the reader's language (for reflections). */
  lessons: z.array(lessonRefSchema),
  /** The leader and co-leaders (names: anyone in the group sees who leads it). */
  leaders: z.array(visibleMemberRowSchema),
  /** Leaders only, null for members. */
  stats: groupStatsSchema.nullable(),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/**
 * A page of the member list. Leaders: `kind: 'leader'` with `leaderRows` (and `visibleRows`
 * empty); members: `kind: 'member'` with `visibleRows` (and `leaderRows` empty). Members with no
 * progress to show sort last whatever the order.
 */
export const memberPageSchema = z.object({
  kind: z.enum(['leader', 'member']),
  leaderRows: z.array(leaderMemberRowSchema),
  visibleRows: z.array(visibleMemberRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/** An item of GET /api/groups: what the /groups list and the dashboard card show. */
export const groupSummarySchema = groupBaseSchema.extend({
  /** Members (not only leaders) may read reflections shared with everyone. */
  membersSeeReflections: z.boolean(),
  role: z.enum(GROUP_ROLES),
  level: z.enum(CONSENT_LEVELS),
  muted: z.boolean(),
  pace: groupPaceSchema,
  /** The reader's own progress ("your pace vs the group's"). */
  myProgress: pathProgressSchema,
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupListSchema = z.object({
  items: z.array(groupSummarySchema),
  /** Pending invitations received by e-mail (the list is GET /api/invitations/received). */
  pendingInvitations: z.number(),
  canCreate: z.boolean(),
});
export type GroupList = z.infer<typeof groupListSchema>;

export const feedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FEED_KINDS),
  /** The member's first and last name (their activity sharing is on), or the sender's. */
  firstName: z.string(),
  lastName: z.string(),
  /** lesson-completed: the lesson in the reader's language; badge: the badge id; message: the text. */
  lesson: lessonRefSchema.nullable(),
  badge: z.string().nullable(),
  message: z.string().nullable(),
  at: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;
export const groupFeedSchema = z.object({ items: z.array(feedItemSchema) });
export type GroupFeed = z.infer<typeof groupFeedSchema>;

export const messageSentSchema = z.object({
  recipients: z.number(),
  remainingToday: z.number(),
});
export type MessageSent = z.infer<typeof messageSentSchema>;

export const sharedReflectionSchema = z.object({
  id: z.string(),
  lesson: lessonRefSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** The author's current practice response (edited in the lesson; shown as written). */
  text: z.string(),
  /** Hidden by a leader: kept for its author and shown to leaders as hidden, not to members. */
  hidden: z.boolean(),
  /** Who its author shared it with (members read it only while the group also allows it). */
  audience: z.enum(REFLECTION_AUDIENCES),
  mine: z.boolean(),
  sharedAt: z.string(),
  updatedAt: z.string(),
});
export type SharedReflection = z.infer<typeof sharedReflectionSchema>;
export const reflectionListSchema = z.object({ items: z.array(sharedReflectionSchema) });
export type ReflectionList = z.infer<typeof reflectionListSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** The answer that carries the link: the only time the token is shown (stored hashed). */
export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  token: z.string(),
  /** `${APP_URL}/invitations/:token`, for copying and the QR code. */
  url: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** The same whether the address has an account or not (ADR 0026). */
export const emailInvitationSentSchema = z.object({ status: z.literal('sent-if-member') });
export type EmailInvitationSent = z.infer<typeof emailInvitationSentSchema>;

/** What a visitor with the link sees: nothing but these, and only while the invitation is open. */
export const invitationPreviewSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  group: z
    .object({
      name: z.string(),
      leaderFirstName: z.string(),
      language: z.enum(LANGUAGES),
      path: groupPathSchema,
      pathTitle: z.string(),
      startsOn: z.string(),
      meetingNote: z.string(),
    })
    .nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const receivedInvitationSchema = z.object({
  id: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  group: z.object({
    name: z.string(),
    leaderFirstName: z.string(),
    path: groupPathSchema,
    pathTitle: z.string(),
    startsOn: z.string(),
    meetingNote: z.string(),
  }),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
export const receivedInvitationListSchema = z.object({ items: z.array(receivedInvitationSchema) });
export type ReceivedInvitationList = z.infer<typeof receivedInvitationListSchema>;

export const joinedGroupSchema = z.object({ groupId: z.string() });
export type JoinedGroup = z.infer<typeof joinedGroupSchema>;

export const adminGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  leaderName: z.string(),
  size: z.number(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;
export const adminGroupPageSchema = z.object({
  items: z.array(adminGroupSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminGroupPage = z.infer<typeof adminGroupPageSchema>;
