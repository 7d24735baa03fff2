import { z } from 'zod';
import {
  GOAL_PERIODS,
  GOAL_UNITS,
  GOAL_PRIORITIES,
  GOAL_STATUSES,
  GOAL_TARGET_MAX,
  GOAL_PRESET_IDS,
  type GoalPreset,
} from '../values/goals.ts';
export * from '../values/goals.ts';

const fields = z.object({
  title: z
    .string({ error: 'goals.errors.titleRequired' })
    .trim()
    .min(1, { error: 'goals.errors.titleRequired' })
    .max(120, { error: 'validation.max:120' }),
  description: z.string().trim().max(1000, { error: 'validation.max:1000' }),
  target: z
    .number({ error: 'goals.errors.target' })
    .int({ error: 'goals.errors.target' })
    .min(1, { error: 'goals.errors.target' })
    .max(GOAL_TARGET_MAX, { error: 'goals.errors.target' }),
  unit: z.enum(GOAL_UNITS, { error: 'validation.required' }),
  period: z.enum(GOAL_PERIODS, { error: 'validation.required' }),
  priority: z.enum(GOAL_PRIORITIES, { error: 'validation.required' }),
});

/**
 * A new goal. With a preset, target/unit/period come from the preset (anything sent for
 * them is ignored); without one (a custom goal) they are required.
 */
export const goalInputSchema = z
  .object({
    preset: z
      .enum(GOAL_PRESET_IDS as [GoalPreset, ...GoalPreset[]])
      .nullable()
      .optional(),
    title: fields.shape.title,
    description: fields.shape.description.default(''),
    priority: fields.shape.priority.default('medium'),
    target: fields.shape.target.optional(),
    unit: fields.shape.unit.optional(),
    period: fields.shape.period.optional(),
  })
  .strict()
  .superRefine((goal, ctx) => {
    if (goal.preset) return;
    for (const key of ['target', 'unit', 'period'] as const) {
      if (goal[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
      }
    }
  });
export type GoalInput = z.input<typeof goalInputSchema>;

export const goalUpdateSchema = fields.partial().strict();
export type GoalUpdate = z.input<typeof goalUpdateSchema>;

export const goalProgressSchema = z
  .object({
    amount: z
      .number({ error: 'goals.errors.amount' })
      .int({ error: 'goals.errors.amount' })
      .min(1, { error: 'goals.errors.amount' })
      .max(1000, { error: 'goals.errors.amount' })
      .default(1),
  })
  .strict();

export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  preset: z.enum(GOAL_PRESET_IDS as [GoalPreset, ...GoalPreset[]]).nullable(),
  target: z.number(),
  unit: z.enum(GOAL_UNITS),
  period: z.enum(GOAL_PERIODS),
  priority: z.enum(GOAL_PRIORITIES),
  /** Progress in the current period (it starts again at 0 when a new period begins). */
  progress: z.number(),
  status: z.enum(GOAL_STATUSES),
  /** The current period in the member's time zone, as local dates (YYYY-MM-DD, inclusive). */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** When the target was reached in the current period, else null. */
  completedAt: z.string().nullable(),
  /** How many earlier periods reached the target. */
  periodsCompleted: z.number(),
  createdAt: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalListSchema = z.object({
  items: z.array(goalSchema),
  /** The member's local date (their time zone), to tell when each period ends. */
  today: z.string(),
});
export type GoalList = z.infer<typeof goalListSchema>;
