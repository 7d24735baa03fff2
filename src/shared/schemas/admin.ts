import { z } from 'zod';
import { ROLES } from './user.ts';
import {
  SUPPORT_SUBJECTS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketMessageSchema,
  ticketReplySchema,
} from './support.ts';

/** The admin panel's contract (issue 15). */
export const ADMIN_PAGE_SIZE = 25;

const yesNo = z.enum(['yes', 'no']).optional();
const day = z.iso.date({ error: 'validation.invalid' }).optional();

export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(100).optional(),
  premium: yesNo,
  admin: yesNo,
  locked: yesNo,
  /** Signed up on or after this day, and on or before `joinedTo` (UTC dates). */
  joinedFrom: day,
  joinedTo: day,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isPremium: z.boolean(),
  ageVerified: z.boolean(),
  locked: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** Where a member's premium comes from, as the admin's member page shows it. */
export const ADMIN_PREMIUM_SOURCES = ['none', 'admin_grant', 'admin_role', 'subscription'] as const;
export const premiumStateSchema = z.object({
  active: z.boolean(),
  source: z.enum(ADMIN_PREMIUM_SOURCES),
  /** When the current state began, when known (an admin's grant, a subscription's start). */
  since: z.string().nullable(),
  /** A subscription's status and renewal date, once subscriptions exist. */
  subscriptionStatus: z.string().nullable(),
  renewsAt: z.string().nullable(),
});
export type PremiumState = z.infer<typeof premiumStateSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  premium: premiumStateSchema,
  /** The member's second steps of signing in (ADR 0044): whether they have any, not what. */
  secondStep: z.object({ authenticatorApp: z.boolean(), passkeys: z.number() }),
  lockedAt: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
  progress: z.object({
    lessonsCompleted: z.number(),
    journalEntries: z.number(),
    prayerRequests: z.number(),
    memoryVerses: z.number(),
    readingPlan: z.string().nullable(),
    tickets: z.number(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserUpdateSchema = z
  .object({ role: z.enum(ROLES), isPremium: z.boolean(), locked: z.boolean() })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: 'validation.required' });

/** Deleting an account: the admin types the member's e-mail address to confirm. */
export const adminDeleteUserSchema = z.object({
  confirmEmail: z.string({ error: 'validation.required' }).trim().min(1, {
    error: 'validation.required',
  }),
});

/**
 * Turning off a member's second step (a member who lost every device, ADR 0044): the admin writes
 * down what they checked to be sure it is the member asking (kept in the audit log), and types
 * the member's e-mail address to confirm.
 */
export const SECOND_STEP_CHECKS_MIN = 20;
export const SECOND_STEP_CHECKS_MAX = 1000;
export const adminRemoveSecondStepSchema = z.object({
  confirmEmail: z.string({ error: 'validation.required' }).trim().min(1, {
    error: 'validation.required',
  }),
  checks: z
    .string({ error: 'validation.required' })
    .trim()
    .min(SECOND_STEP_CHECKS_MIN, { error: 'admin.errors.checksTooShort' })
    .max(SECOND_STEP_CHECKS_MAX, { error: 'validation.max' }),
});

export const TICKET_AGES = ['day', 'week', 'older'] as const;

export const adminTicketsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum([...TICKET_STATUSES, 'active']).optional(),
  subject: z.enum(SUPPORT_SUBJECTS).optional(),
  /** Created within a day, within a week, or earlier than a week ago. */
  age: z.enum(TICKET_AGES).optional(),
  mine: z.enum(['yes']).optional(),
});
export type AdminTicketsQuery = z.input<typeof adminTicketsQuerySchema>;

export const adminTicketSchema = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.enum(SUPPORT_SUBJECTS),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  language: z.enum(['en', 'es']),
  userId: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  overdue: z.boolean(),
  awaitingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketPageSchema = z.object({
  items: z.array(adminTicketSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;

export const adminTicketDetailSchema = adminTicketSchema.extend({
  messages: z.array(ticketMessageSchema),
  admins: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

export const adminTicketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES),
    priority: z.enum(TICKET_PRIORITIES),
    assigneeId: z.string().max(100).nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: 'validation.required' });

/** The team's answer: e-mailed to the sender; the ticket becomes answered or waits on them. */
export const adminReplySchema = ticketReplySchema.extend({
  status: z.enum(['answered', 'waiting_on_member']).default('answered'),
});
export const adminNoteSchema = ticketReplySchema;

export const adminStatsSchema = z.object({
  members: z.object({
    total: z.number(),
    newThisWeek: z.number(),
    active7: z.number(),
    active30: z.number(),
    premium: z.number(),
  }),
  lessonsCompleted: z.array(z.object({ courseId: z.string(), count: z.number() })),
  readingPlans: z.object({ started: z.number(), finished: z.number() }),
  tickets: z.object({ open: z.number(), medianFirstReplyMinutes: z.number().nullable() }),
  /** Groups not ended, and the people in at least one of them (issue 25). */
  groups: z.object({ active: z.number(), membersInGroups: z.number() }),
  computedAt: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.enum(['user', 'ticket', 'group']),
  targetId: z.string(),
  targetLabel: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
