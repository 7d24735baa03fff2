import { z } from 'zod';
import { passageSchema } from './bible.ts';
import { READING_PLAN_IDS, activePlanSchema } from './reading.ts';

/** What counts as a day's practice (SPEC: lesson, reading, prayer session, memory review, journal entry). */
export const ACTIVITY_KINDS = ['lesson', 'reading', 'prayer', 'memory', 'journal'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** Misses forgiven per calendar month before a streak breaks. */
export const STREAK_GRACE_DAYS_PER_MONTH = 2;
/** Days shown in the dashboard's heat map (12 weeks). */
export const HEATMAP_DAYS = 84;
export const RECENT_ACTIVITY_LIMIT = 8;

export const activitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** Chapters read, minutes prayed; 1 for the others. */
  amount: z.number(),
  /** What it was about, in the member's language: a lesson title, a reference, a journal title. */
  label: z.string(),
  href: z.string().nullable(),
  occurredAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const streakSchema = z.object({
  /** Active days in the current run (grace days keep a run alive but do not add to it). */
  current: z.number(),
  /** Whether today (member's time zone) already counts. */
  today: z.boolean(),
  graceDaysLeft: z.number(),
  /** The last HEATMAP_DAYS local dates, oldest first, with the number of activities. */
  days: z.array(z.object({ date: z.string(), count: z.number(), grace: z.boolean() })),
});
export type Streak = z.infer<typeof streakSchema>;

export const QUICK_ACTIONS = [
  'continue-lesson',
  'daily-reading',
  'review-verses',
  'pray',
  'journal',
  'study',
  'choose-plan',
] as const;
export type QuickActionId = (typeof QUICK_ACTIONS)[number];

export const dashboardSchema = z.object({
  verseOfTheDay: passageSchema.extend({ date: z.string() }).nullable(),
  todaysReading: z
    .object({
      planId: z.enum(READING_PLAN_IDS),
      plan: activePlanSchema,
      references: z.array(z.string()),
    })
    .nullable(),
  streak: streakSchema,
  courseProgress: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      completed: z.number(),
      total: z.number(),
      nextLessonId: z.string().nullable(),
      locked: z.boolean(),
    }),
  ),
  memoryVerseCount: z.object({ total: z.number(), due: z.number() }),
  recentActivity: z.array(activitySchema),
  /** Ordered by what matters most today; `count` is a badge number when there is one. */
  quickActions: z.array(
    z.object({ id: z.enum(QUICK_ACTIONS), href: z.string(), count: z.number().nullable() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
