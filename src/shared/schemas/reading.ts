import { z } from 'zod';
import { verseSchema } from './bible.ts';
import { BADGES } from './course.ts';
import {
  READING_PLAN_IDS,
  READING_DIFFICULTIES,
  PLAN_DURATIONS,
  READING_STATUSES,
} from '../values/reading.ts';
export * from '../values/reading.ts';

export const planDurationSchema = z
  .number({ error: 'readingPlans.errors.duration' })
  .refine((d) => (PLAN_DURATIONS as readonly number[]).includes(d), {
    error: 'readingPlans.errors.duration',
  });

/** The member's run through a plan. Days are 1-based; `currentDay` is the next day to read. */
export const activePlanSchema = z.object({
  planId: z.enum(READING_PLAN_IDS),
  duration: z.number(),
  /** The plan's length in days (the duration, longer if a catch-up ran past the end). */
  totalDays: z.number(),
  startedOn: z.string(),
  currentDay: z.number(),
  /** The day the calendar says the member should be on today (1 on the start date). */
  expectedDay: z.number(),
  daysBehind: z.number(),
  status: z.enum(READING_STATUSES),
  completedDays: z.number(),
  /** Share of the plan's verses read so far, 0–100 (the honest progress after a catch-up). */
  percent: z.number(),
  readToday: z.boolean(),
  completedAt: z.string().nullable(),
});
export type ActivePlan = z.infer<typeof activePlanSchema>;

export const readingPlanSchema = z.object({
  id: z.enum(READING_PLAN_IDS),
  difficulty: z.enum(READING_DIFFICULTIES),
  /** The durations this plan offers, in days. */
  durations: z.array(z.number()),
  /** The member's preferred duration when the plan offers it, else the closest one. */
  suggestedDuration: z.number(),
  chapters: z.number(),
  books: z.number(),
});
export type ReadingPlan = z.infer<typeof readingPlanSchema>;

export const readingPlansSchema = z.object({
  items: z.array(readingPlanSchema),
  active: activePlanSchema.nullable(),
});
export type ReadingPlans = z.infer<typeof readingPlansSchema>;

export const startPlanSchema = z.object({ duration: planDurationSchema.optional() }).strict();

export const dailyPassageSchema = z.object({
  reference: z.string(),
  osis: z.string(),
  verses: z.array(verseSchema),
});

/**
 * The next days of the member's plan, without text (issue 40): what the service worker needs to
 * answer a later day's reading from the downloaded Bible once the member has marked a day read
 * with no network. The member's own (their plan and pace), kept with their data.
 */
export const planDaysAheadSchema = z.object({
  planId: z.enum(READING_PLAN_IDS).nullable(),
  totalDays: z.number(),
  days: z.array(
    z.object({
      day: z.number(),
      /** The plan's share read once the days before this one are: its `percent` on this day. */
      percent: z.number(),
      /** Each passage of the day as OSIS ("Matt.1.1-Matt.1.25"), as the day's reading names it. */
      passages: z.array(z.string()),
    }),
  ),
});
export type PlanDaysAhead = z.infer<typeof planDaysAheadSchema>;

export const dailyReadingSchema = z.object({
  plan: activePlanSchema.nullable(),
  /** The day shown (the plan's current day), null without a plan or once it is finished. */
  day: z.number().nullable(),
  passages: z.array(dailyPassageSchema),
  translation: z.string().nullable(),
  /** The translation the member asked for (their preference, or RV1909 in Spanish). */
  requestedTranslation: z.string().nullable(),
  /** True when the member's translation is not installed and another one is shown. */
  fallback: z.boolean(),
  /**
   * Set by the service worker only: a later day of the plan read from the download after days
   * marked read with no network (issue 40); the server never sends it.
   */
  onDevice: z.boolean().optional(),
});
export type DailyReading = z.infer<typeof dailyReadingSchema>;

/**
 * Optional body of POST /api/daily-reading/complete: the day the member marked. With it the
 * request is idempotent (a write queued offline and replayed, or sent twice, counts once): a day
 * already marked answers 200 with nothing counted.
 */
export const completeReadingRequestSchema = z
  .object({ day: z.number().int().positive().optional() })
  // No body at all (the request's older form) reaches the schema as null.
  .nullish();
export type CompleteReadingRequest = z.infer<typeof completeReadingRequestSchema>;

export const completeReadingSchema = z.object({
  plan: activePlanSchema,
  chapters: z.number(),
  /** Badges this reading earned (the 7-Day Streak). */
  badgesAwarded: z.array(z.enum(BADGES)),
});
export type CompletedReading = z.infer<typeof completeReadingSchema>;
