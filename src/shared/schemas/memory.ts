import { z } from 'zod';
import { referenceSchema, translationCodeSchema } from './bible.ts';
import { MEMORY_CATEGORIES, MEMORY_STATES } from '../values/memory.ts';
export * from '../values/memory.ts';

export const memoryVerseInputSchema = z
  .object({
    reference: referenceSchema,
    category: z.enum(MEMORY_CATEGORIES, { error: 'validation.required' }),
    translation: translationCodeSchema.optional(),
  })
  .strict();
export type MemoryVerseInput = z.infer<typeof memoryVerseInputSchema>;

export const memoryVerseSchema = z.object({
  id: z.string(),
  reference: z.string(),
  osis: z.string(),
  translation: z.string(),
  text: z.string(),
  category: z.enum(MEMORY_CATEGORIES),
  state: z.enum(MEMORY_STATES),
  dueAt: z.string(),
  due: z.boolean(),
  reviewCount: z.number(),
  lastReviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemoryVerse = z.infer<typeof memoryVerseSchema>;
