/**
 * Churches (issue 38 item 4, ADR 0067): a church has pastors and groups. A pastor shares the
 * church's code with its leaders; a leader asks to attach their group with it, and a pastor
 * approves; a member joins a group, never the church. Pastors read a weekly roll-up of counts
 * only: per group, meetings held, attendance, visitors, what was covered, and how many members
 * (of those who share their progress with the group) reached ACTIVE_DAYS_AIM active days in the
 * week; never a name of a member, never which days anyone missed, nothing a member wrote.
 *
 *  GET    /api/churches                                → ChurchSummary[]        (the ones I pastor)
 *  POST   /api/churches                       CreateChurchInput → ChurchDetail
 *  GET    /api/churches/:id                            → ChurchDetail           [pastor]
 *  PATCH  /api/churches/:id                   { name } → ChurchDetail           [pastor]
 *  DELETE /api/churches/:id                            → 204                    [pastor]
 *  POST   /api/churches/:id/code                       → ChurchDetail (new code; the old stops)
 *  POST   /api/churches/:id/leave                      → 204 (not the last pastor)
 *  POST   /api/churches/:id/pastor-invitations         → PastorInvitation (one use, 7 days)
 *  POST   /api/churches/:id/groups/:groupId/approve    → ChurchDetail
 *  POST   /api/churches/:id/groups/:groupId/remove     → ChurchDetail (a request declined too)
 *  GET    /api/churches/:id/report?week=                → WeekReport (week: its Monday)
 *  GET    /api/churches/:id/report.csv?week=            → text/csv, in the pastor's language
 *  GET    /api/church-invitations/:token               → ChurchInvitationPreview
 *  POST   /api/church-invitations/:token/accept        → ChurchSummary
 *  GET    /api/groups/:id/church                       → GroupChurch            [in the group]
 *  PUT    /api/groups/:id/church              { code } → GroupChurch            [leader]
 *  DELETE /api/groups/:id/church                       → GroupChurch            [leader]
 *  GET    /api/groups/:id/rhythm                       → GroupRhythm            [in the group]
 *  PUT    /api/groups/:id/rhythm              { aim }  → GroupRhythm            [in the group]
 */
import { z } from 'zod';
import { chosenIdSchema } from './schemas/chosen-id.ts';
import { requiredText } from './schemas/text.ts';
import {
  ACTIVE_DAYS_AIM_MAX,
  ACTIVE_DAYS_AIM_MIN,
  CHURCH_LINK_STATUSES,
  CHURCH_NAME_MAX,
} from './values/churches.ts';
export * from './values/churches.ts';

export const CHURCH_ERRORS = {
  /** 403/404: not a pastor of this church (answered as 404: a church is not listed to others). */
  notFound: 'churches.errors.notFound',
  /** 409: already pastor of CHURCHES_PASTORED_MAX churches. */
  pastorLimit: 'churches.errors.pastorLimit',
  /** 409: the church has CHURCH_PASTORS_MAX pastors. */
  pastorsFull: 'churches.errors.pastorsFull',
  /** 409: the last pastor deletes the church instead of leaving it. */
  lastPastor: 'churches.errors.lastPastor',
  /** 404: no church has this code. */
  code: 'churches.errors.code',
  /** 409: the church has CHURCH_GROUPS_MAX groups. */
  groupsFull: 'churches.errors.groupsFull',
  /** 410: the pastor's invitation expired or was used. */
  invitation: 'churches.errors.invitation',
  /** 400: the week asked for is not a Monday within CHURCH_WEEKS_BACK weeks. */
  week: 'churches.errors.week',
  /** 403: only the group's leader attaches it to a church or takes it out. */
  leaderOnly: 'groups.errors.leaderOnly',
} as const;

export const createChurchSchema = z
  .object({
    id: chosenIdSchema,
    name: requiredText(CHURCH_NAME_MAX),
  })
  .strict();
export type CreateChurchInput = z.input<typeof createChurchSchema>;

export const renameChurchSchema = z.object({ name: requiredText(CHURCH_NAME_MAX) }).strict();

/** A church in the list of the ones I pastor. */
export const churchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  pastors: z.number(),
  groups: z.number(),
  requests: z.number(),
});
export type ChurchSummary = z.output<typeof churchSummarySchema>;

/** A group as its church's pastors see it: its name, its leader's name, how many are in it. */
export const churchGroupSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  leader: z.string(),
  members: z.number(),
  /** When it was attached (approved), or asked. */
  since: z.string(),
});
export type ChurchGroup = z.output<typeof churchGroupSchema>;

export const churchDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The code the pastors give the church's leaders ("ABCD-EFGH"). */
  code: z.string(),
  timeZone: z.string(),
  /** This week's Monday on the church's calendar. */
  thisWeek: z.string(),
  pastors: z.array(z.object({ name: z.string(), me: z.boolean() })),
  groups: z.array(churchGroupSchema),
  requests: z.array(churchGroupSchema),
});
export type ChurchDetail = z.output<typeof churchDetailSchema>;

export const pastorInvitationSchema = z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type PastorInvitation = z.output<typeof pastorInvitationSchema>;

export const churchInvitationPreviewSchema = z.object({
  churchName: z.string(),
  /** Open, or why not. */
  usable: z.boolean(),
  alreadyPastor: z.boolean(),
});
export type ChurchInvitationPreview = z.output<typeof churchInvitationPreviewSchema>;

/** One group's week, counts only (the contract test lists these fields). */
export const weekRowSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  leader: z.string(),
  /** In the group now. */
  members: z.number(),
  meetings: z.number(),
  /** Members present, added over the week's meetings. */
  attendance: z.number(),
  /** Places at the week's meetings (the group's size at each report), added: the rate's base. */
  places: z.number(),
  visitors: z.number(),
  /** What the meetings covered: lesson or sheet titles, each once. */
  covered: z.array(z.string()),
  /** Members who share their progress with the group: the base of `reachedAim`. */
  sharing: z.number(),
  /** Of those, how many had ACTIVE_DAYS_AIM or more active days in the week. */
  reachedAim: z.number(),
});
export type WeekRow = z.output<typeof weekRowSchema>;

export const weekReportSchema = z.object({
  churchId: z.string(),
  churchName: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  aim: z.number(),
  groups: z.array(weekRowSchema),
});
export type WeekReport = z.output<typeof weekReportSchema>;

export const weekQuerySchema = z.object({
  week: z.iso.date({ error: 'validation.invalid' }).optional(),
});

/** The church a group belongs to (or asked to), as everyone in the group reads it. */
export const groupChurchSchema = z.object({
  church: z.object({ name: z.string(), status: z.enum(CHURCH_LINK_STATUSES) }).nullable(),
  /** The reader is the group's leader (attaches and takes it out). */
  canChange: z.boolean(),
});
export type GroupChurch = z.output<typeof groupChurchSchema>;

export const attachChurchSchema = z
  .object({ code: z.string({ error: 'validation.required' }).trim().min(1).max(40) })
  .strict();

/** The group's rhythm this week: the reader's own aim and days, and the group's count. */
export const groupRhythmSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  aim: z.number(),
  /** The reader's own active days this week (their own data). */
  myDays: z.number(),
  /** Of the members who share progress with the group, how many reached their own aim. */
  reached: z.number(),
  sharing: z.number(),
  /** The reader shares progress with the group (and so is counted). */
  counted: z.boolean(),
});
export type GroupRhythm = z.output<typeof groupRhythmSchema>;

export const rhythmInputSchema = z
  .object({
    aim: z
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.invalid' })
      .min(ACTIVE_DAYS_AIM_MIN, { error: 'validation.invalid' })
      .max(ACTIVE_DAYS_AIM_MAX, { error: 'validation.invalid' }),
  })
  .strict();
