import { z } from 'zod';
import { referenceSchema, translationCodeSchema } from './bible.ts';
import { READ_KINDS } from '../values/library.ts';
import {
  BOOK_CATEGORIES,
  ERAS,
  LEVELS,
  LINK_KINDS,
  LINK_LANGUAGES,
  REGIONS,
  TOPICS,
  slugSchema,
} from './library.ts';

/**
 * The contract of the library's API (/api/library/…) and of favorite verses: what the server
 * answers in the reader's language. The content files' own schemas are in library.ts.
 */

export { MAX_FAVORITE_VERSES_IN_ONE, READ_KINDS, type ReadKind } from '../values/library.ts';

/** A Scripture block: the reference in the reader's language and its text from a bundled Bible. */
export const scriptureSchema = z.object({
  reference: z.string(),
  text: z.string().nullable(),
  translation: z.string().nullable(),
});
export type LibraryScripture = z.infer<typeof scriptureSchema>;

const yearOut = z.union([z.number(), z.string()]);
const neighbour = z.object({ id: z.string(), title: z.string() }).nullable();

/** Free text search: every word must appear (accents and case ignored). */
const search = z.string().trim().max(100, { error: 'validation.max:100' }).optional();
const topic = z.enum(TOPICS, { error: 'validation.invalid' }).optional();

// ── Sermon studies ──

export const sermonQuerySchema = z.object({
  q: search,
  topic,
  series: slugSchema.max(80).optional(),
});
export type SermonQuery = z.infer<typeof sermonQuerySchema>;

export const sermonSummarySchema = z.object({
  id: z.string(),
  series: z.string(),
  seriesTitle: z.string(),
  order: z.number(),
  title: z.string(),
  summary: z.string(),
  mainText: z.string(),
  topics: z.array(z.enum(TOPICS)),
  read: z.boolean(),
});
export type SermonSummary = z.infer<typeof sermonSummarySchema>;

export const sermonListSchema = z.object({
  series: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string(), count: z.number() }),
  ),
  items: z.array(sermonSummarySchema),
  total: z.number(),
});
export type SermonList = z.infer<typeof sermonListSchema>;

export const sermonDetailSchema = sermonSummarySchema.omit({ mainText: true }).extend({
  mainText: scriptureSchema,
  bigIdea: z.string(),
  outline: z.array(z.object({ point: z.string(), references: z.array(scriptureSchema) })),
  illustration: z.string(),
  applicationQuestions: z.array(z.string()),
  bodyHtml: z.string().describe('The text, rendered from Markdown to HTML'),
  previous: neighbour,
  next: neighbour,
});
export type SermonDetail = z.infer<typeof sermonDetailSchema>;

// ── Historic sermons ──

export const historicSermonQuerySchema = z.object({
  q: search,
  era: z.enum(ERAS, { error: 'validation.invalid' }).optional(),
});
export const historicSermonSchema = z.object({
  id: z.string(),
  title: z.string(),
  preacher: z.string(),
  year: yearOut,
  place: z.string(),
  text: z.string(),
  era: z.enum(ERAS),
  summary: z.string(),
  significance: z.string(),
});
export type HistoricSermon = z.infer<typeof historicSermonSchema>;
export const historicSermonListSchema = z.object({
  items: z.array(historicSermonSchema),
  total: z.number(),
});

// ── Books ──

export const bookQuerySchema = z.object({
  q: search,
  category: z.enum(BOOK_CATEGORIES, { error: 'validation.invalid' }).optional(),
  level: z.enum(LEVELS, { error: 'validation.invalid' }).optional(),
});
export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  author: z.string(),
  year: yearOut,
  category: z.enum(BOOK_CATEGORIES),
  level: z.enum(LEVELS),
  publicDomain: z.boolean(),
  spanishEdition: z.string().nullable(),
  summary: z.string(),
  audience: z.string(),
});
export type Book = z.infer<typeof bookSchema>;
export const bookListSchema = z.object({ items: z.array(bookSchema), total: z.number() });

// ── Heroes of faith ──

export const heroQuerySchema = z.object({
  q: search,
  era: z.enum(ERAS, { error: 'validation.invalid' }).optional(),
  region: z.enum(REGIONS, { error: 'validation.invalid' }).optional(),
  topic,
});
export type HeroQuery = z.infer<typeof heroQuerySchema>;
export const heroSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  born: yearOut,
  died: yearOut,
  /** Each person's dates, for an entry on several people (shown instead of born–died). */
  lives: z.array(z.object({ name: z.string(), born: yearOut, died: yearOut })).nullable(),
  era: z.enum(ERAS),
  region: z.enum(REGIONS),
  places: z.array(z.string()),
  topics: z.array(z.enum(TOPICS)),
  summary: z.string(),
  keyVerse: z.string(),
  read: z.boolean(),
});
export type HeroSummary = z.infer<typeof heroSummarySchema>;
export const heroListSchema = z.object({ items: z.array(heroSummarySchema), total: z.number() });
export const heroDetailSchema = heroSummarySchema.omit({ keyVerse: true }).extend({
  keyVerse: scriptureSchema,
  lessons: z.array(z.string()),
  reflectionQuestions: z.array(z.string()),
  bodyHtml: z.string().describe('The text, rendered from Markdown to HTML'),
  previous: neighbour,
  next: neighbour,
});
export type HeroDetail = z.infer<typeof heroDetailSchema>;

// ── Resources (practical guides) and external links ──

export const resourceQuerySchema = z.object({ q: search, topic });
export const resourceSummarySchema = z.object({
  id: z.string(),
  order: z.number(),
  title: z.string(),
  summary: z.string(),
  topics: z.array(z.enum(TOPICS)),
  minutes: z.number(),
  read: z.boolean(),
});
export type ResourceSummary = z.infer<typeof resourceSummarySchema>;
export const resourceListSchema = z.object({
  items: z.array(resourceSummarySchema),
  total: z.number(),
});
export const resourceDetailSchema = resourceSummarySchema.extend({
  scriptures: z.array(scriptureSchema),
  steps: z.array(z.string()),
  tools: z.array(z.object({ path: z.string(), label: z.string() })),
  bodyHtml: z.string().describe('The text, rendered from Markdown to HTML'),
  previous: neighbour,
  next: neighbour,
});
export type ResourceDetail = z.infer<typeof resourceDetailSchema>;

export const linkQuerySchema = z.object({
  kind: z.enum(LINK_KINDS, { error: 'validation.invalid' }).optional(),
});
export const linkSchema = z.object({
  id: z.string(),
  kind: z.enum(LINK_KINDS),
  name: z.string(),
  url: z.string(),
  language: z.enum(LINK_LANGUAGES),
  description: z.string(),
});
export type ExternalLink = z.infer<typeof linkSchema>;
export const linkListSchema = z.object({ items: z.array(linkSchema), total: z.number() });

// ── Read marks ──

export const readMarkParamsSchema = z.object({
  kind: z.enum(READ_KINDS, { error: 'validation.invalid' }),
  id: slugSchema.max(80),
});
export const readMarkInputSchema = z
  .object({ read: z.boolean({ error: 'validation.required' }) })
  .strict();

// ── Favorite verses ──

export const favoriteVerseInputSchema = z
  .object({ reference: referenceSchema, translation: translationCodeSchema.optional() })
  .strict();
export type FavoriteVerseInput = z.infer<typeof favoriteVerseInputSchema>;
export const favoriteVerseSchema = z.object({
  id: z.string(),
  reference: z.string(),
  osis: z.string(),
  translation: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type FavoriteVerse = z.infer<typeof favoriteVerseSchema>;
