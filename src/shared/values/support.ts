/**
 * The support values the product names (subjects, statuses, priorities, the honeypot field),
 * without Zod: the support form and the admin queue use them without downloading the validator
 * (the schemas in ../schemas/support.ts re-export them).
 */
/** The subjects of the support form (SPEC §5), in the order the form lists them. */
export const SUPPORT_SUBJECTS = [
  'technical',
  'account',
  'billing',
  'course_content',
  'feature_request',
  'bug_report',
  'general',
] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

export const TICKET_STATUSES = ['open', 'waiting_on_member', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** The name of the hidden field people never see and bots fill in. */
export const SUPPORT_HONEYPOT_FIELD = 'website';
