import { z } from 'zod';
import { referenceSchema, translationCodeSchema } from './bible.ts';
import { MEMORY_CATEGORIES, MEMORY_PRACTICE_IN, MEMORY_STATES } from '../values/memory.ts';
export * from '../values/memory.ts';

export const memoryVerseInputSchema = z
  .object({
    reference: referenceSchema,
    category: z.enum(MEMORY_CATEGORIES, { error: 'validation.required' }),
    translation: translationCodeSchema.optional(),
  })
  .strict();
export type MemoryVerseInput = z.infer<typeof memoryVerseInputSchema>;

export const memoryVerseUpdateSchema = z
  .object({ practiceIn: z.enum(MEMORY_PRACTICE_IN, { error: 'validation.invalid' }) })
  .strict();

export const memoryVerseSchema = z.object({
  id: z.string(),
  reference: z.string(),
  osis: z.string(),
  translation: z.string(),
  text: z.string(),
  /** The verse in the other language, through the verse map; null where none was kept. */
  pair: z
    .object({
      translation: z.string(),
      language: z.enum(['en', 'es']),
      reference: z.string(),
      text: z.string(),
    })
    .nullable(),
  practiceIn: z.enum(MEMORY_PRACTICE_IN),
  category: z.enum(MEMORY_CATEGORIES),
  state: z.enum(MEMORY_STATES),
  dueAt: z.string(),
  due: z.boolean(),
  reviewCount: z.number(),
  lastReviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemoryVerse = z.infer<typeof memoryVerseSchema>;
