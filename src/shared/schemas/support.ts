import { z } from 'zod';
import {
  LANGUAGES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_MIN_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_PHONE_MAX_LENGTH,
} from '../constants.ts';
import { chosenIdSchema } from './chosen-id.ts';
import { emailSchema } from './user.ts';
import {
  SUPPORT_SUBJECTS,
  TICKET_STATUSES,
  TICKET_PRIORITIES,
  SUPPORT_HONEYPOT_FIELD,
} from '../values/support.ts';
export * from '../values/support.ts';

const message = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .min(SUPPORT_MESSAGE_MIN_LENGTH, { error: `validation.min:${SUPPORT_MESSAGE_MIN_LENGTH}` })
  .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: `validation.max:${SUPPORT_MESSAGE_MAX_LENGTH}` });

/** The support form (SPEC §3, §5): full name, e-mail, optional phone, subject, message. */
export const ticketInputSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(SUPPORT_NAME_MAX_LENGTH, { error: `validation.max:${SUPPORT_NAME_MAX_LENGTH}` }),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(SUPPORT_PHONE_MAX_LENGTH, { error: `validation.max:${SUPPORT_PHONE_MAX_LENGTH}` })
    .regex(/^[0-9+().\-\s]*$/, { error: 'validation.phone' })
    .default(''),
  subject: z.enum(SUPPORT_SUBJECTS, { error: 'validation.required' }),
  message,
  /** The honeypot: must stay empty. */
  [SUPPORT_HONEYPOT_FIELD]: z.string().max(500).optional(),
  id: chosenIdSchema,
});
export type TicketInput = z.input<typeof ticketInputSchema>;

/** A reply in a ticket's thread (the member's or the team's; the member's may name its id). */
export const ticketReplySchema = z.object({ body: message, id: chosenIdSchema });

/**
 * What became of the acknowledgement e-mail of a new ticket: sent to a mail server, not sent
 * because none is configured (kept in the server's outbox), or failed.
 */
export const TICKET_CONFIRMATIONS = ['sent', 'noMailServer', 'failed'] as const;
export type TicketConfirmation = (typeof TICKET_CONFIRMATIONS)[number];

export const ticketCreatedSchema = z.object({
  number: z.number().int(),
  confirmation: z.enum(TICKET_CONFIRMATIONS),
});
export type TicketCreated = z.infer<typeof ticketCreatedSchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['requester', 'staff', 'note']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  subject: z.enum(SUPPORT_SUBJECTS),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** A member's own ticket with its thread (internal notes are never part of it). */
export const myTicketSchema = ticketSummarySchema.extend({
  messages: z.array(ticketMessageSchema),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const ticketLanguageSchema = z.enum(LANGUAGES);
