import { z } from 'zod';
import { JOURNAL_STATUSES, MAX_TAGS, parseTags } from '../values/journal.ts';
import { chosenIdSchema } from './chosen-id.ts';
export * from '../values/journal.ts';

const tagsSchema = z
  .union([
    z.string().max(400, { error: 'validation.max:400' }),
    z.array(z.string().max(30, { error: 'validation.max:30' })).max(MAX_TAGS * 2),
  ])
  .transform(parseTags)
  .pipe(
    z
      .array(z.string().max(30, { error: 'validation.max:30' }))
      .max(MAX_TAGS, { error: `validation.maxItems:${MAX_TAGS}` }),
  );

const fields = z.object({
  title: z.string().trim().max(150, { error: 'validation.max:150' }),
  content: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(50_000, { error: 'validation.max:50000' }),
  scriptureReference: z.string().trim().max(200, { error: 'validation.max:200' }).nullable(),
  tags: tagsSchema,
  status: z.enum(JOURNAL_STATUSES),
});

export const journalInputSchema = fields
  .extend({
    title: fields.shape.title.default(''),
    scriptureReference: fields.shape.scriptureReference.optional(),
    tags: tagsSchema.default([]),
    status: fields.shape.status.default('draft'),
    /**
     * Chosen by the browser: with it, writing the entry is safe to send again (an entry written
     * offline and sent when the connection is back): the same id answers the entry already made.
     */
    id: chosenIdSchema,
  })
  .strict();
export type JournalInput = z.input<typeof journalInputSchema>;

export const journalUpdateSchema = fields.partial().strict();

export const journalEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  scriptureReference: z.string().nullable(),
  scriptureText: z.string().nullable(),
  scriptureTranslation: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(JOURNAL_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().toLowerCase().max(30).optional(),
  status: z.enum(JOURNAL_STATUSES).optional(),
});
