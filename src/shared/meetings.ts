/**
 * Meeting reports (reporte de célula, issue 38 item 3): after a meeting, a leader records who
 * came (the group's members, one tap each), visitors, what was covered, the prayer needs they
 * heard (a leaders' note) and a short note. Made offline too: the browser chooses the id, so a
 * report queued and sent late (or twice) is made once. Each member reads their own attendance;
 * the leaders read the reports.
 */
import { z } from 'zod';
import { chosenIdSchema } from './schemas/chosen-id.ts';
import { optionalText } from './schemas/text.ts';
import {
  COVERED_KINDS,
  MEETING_NOTE_MAX,
  MEETING_PRAYER_MAX,
  MEETING_VISITOR_NAMES_MAX,
  MEETING_VISITORS_MAX,
} from './values/meetings.ts';
export * from './values/meetings.ts';

export const MEETING_ERRORS = {
  /** 400: the date is in the future or more than MEETING_DAYS_BACK days ago (group's calendar). */
  date: 'groups.meetings.errors.date',
} as const;

export const createMeetingSchema = z
  .object({
    /** Chosen by the browser (ADR 0039): a report queued offline and sent twice is made once. */
    id: chosenIdSchema,
    heldOn: z.iso.date({ error: 'validation.invalid' }),
    /**
     * The `memberId`s of the members who came. One who has left the group since (a report sent
     * late) is left out, and the rest of the report is kept.
     */
    present: z
      .array(z.string().max(100), { error: 'validation.invalid' })
      .max(1000, { error: 'validation.invalid' }),
    visitors: z
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.invalid' })
      .min(0, { error: 'validation.invalid' })
      .max(MEETING_VISITORS_MAX, { error: 'validation.invalid' })
      .default(0),
    visitorNames: optionalText(MEETING_VISITOR_NAMES_MAX).default(''),
    /** A lesson of the group's course, or one of its sheets; none when left out. */
    covered: z
      .object({
        kind: z.enum(COVERED_KINDS, { error: 'validation.invalid' }),
        id: z.string().max(100),
      })
      .strict()
      .nullable()
      .default(null),
    prayer: optionalText(MEETING_PRAYER_MAX).default(''),
    note: optionalText(MEETING_NOTE_MAX).default(''),
  })
  .strict();
export type CreateMeetingInput = z.input<typeof createMeetingSchema>;

/** What was covered, as the reader reads it (a sheet deleted since keeps its title). */
export const coveredSchema = z.object({
  kind: z.enum(COVERED_KINDS),
  id: z.string(),
  title: z.string(),
});

/** A report as the leader and co-leaders read it (the contract test lists these fields). */
export const meetingReportSchema = z.object({
  id: z.string(),
  heldOn: z.string(),
  /** The `memberId`s of the members who came (still in the group). */
  present: z.array(z.string()),
  /** How many members the group had when the report was made. */
  members: z.number(),
  visitors: z.number(),
  visitorNames: z.string(),
  covered: coveredSchema.nullable(),
  prayer: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type MeetingReport = z.output<typeof meetingReportSchema>;

/** A member's own attendance: the meetings reported since they joined, and whether they came. */
export const myAttendanceSchema = z.object({ heldOn: z.string(), present: z.boolean() });

export const meetingListSchema = z.object({
  /** The reader may record, and reads the reports (the leader and co-leaders). */
  canRecord: z.boolean(),
  /** Newest first, at most MEETINGS_LISTED; null for a member. */
  reports: z.array(meetingReportSchema).nullable(),
  /** The reader's own, newest first, at most MEETINGS_LISTED. */
  mine: z.array(myAttendanceSchema),
});
export type MeetingList = z.output<typeof meetingListSchema>;
