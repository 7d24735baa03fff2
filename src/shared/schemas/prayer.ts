import { z } from 'zod';
import { chosenIdSchema } from './chosen-id.ts';
import { BADGES } from './course.ts';
import { PRAYER_CATEGORIES, PRAYER_STATUSES, PRAYER_TIMER_MAX_MINUTES } from '../values/prayer.ts';
export * from '../values/prayer.ts';

const fields = z.object({
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(150, { error: 'validation.max:150' }),
  category: z.enum(PRAYER_CATEGORIES, { error: 'prayer.errors.category' }),
  description: z.string().trim().max(5000, { error: 'validation.max:5000' }),
  urgent: z.boolean(),
});

export const prayerInputSchema = fields
  .extend({
    description: fields.shape.description.default(''),
    urgent: fields.shape.urgent.default(false),
    id: chosenIdSchema,
  })
  .strict();
export type PrayerInput = z.input<typeof prayerInputSchema>;

export const prayerUpdateSchema = fields.partial().strict();
export type PrayerUpdate = z.input<typeof prayerUpdateSchema>;

export const prayerAnswerSchema = z
  .object({ note: z.string().trim().max(2000, { error: 'validation.max:2000' }).default('') })
  .strict();

export const prayerSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(PRAYER_CATEGORIES),
  description: z.string(),
  urgent: z.boolean(),
  status: z.enum(PRAYER_STATUSES),
  /** When the request was added. */
  createdAt: z.string(),
  updatedAt: z.string(),
  answeredAt: z.string().nullable(),
  answerNote: z.string(),
});
export type Prayer = z.infer<typeof prayerSchema>;

export const prayerPageSchema = z.object({
  items: z.array(prayerSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Both list sizes, so the tabs can show them whichever list is open. */
  counts: z.object({ active: z.number(), answered: z.number() }),
});
export type PrayerPage = z.infer<typeof prayerPageSchema>;

export const prayerSessionInputSchema = z
  .object({
    minutes: z
      .number({ error: 'prayer.errors.minutes' })
      .int({ error: 'prayer.errors.minutes' })
      .min(1, { error: 'prayer.errors.minutes' })
      .max(PRAYER_TIMER_MAX_MINUTES, { error: 'prayer.errors.minutes' }),
    id: chosenIdSchema,
  })
  .strict();

export const prayerSessionSchema = z.object({
  id: z.string(),
  minutes: z.number(),
  createdAt: z.string(),
  /** Prayer minutes recorded today (the member's time zone), this session included. */
  minutesToday: z.number(),
  /** Badges this session earned (the 7-Day Streak). */
  badgesAwarded: z.array(z.enum(BADGES)),
});
export type PrayerSession = z.infer<typeof prayerSessionSchema>;
