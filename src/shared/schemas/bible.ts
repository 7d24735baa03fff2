import { z } from 'zod';
import { BIBLE_TRANSLATION_PREFERENCES } from './user.ts';
export * from '../values/bible.ts';

export const translationCodeSchema = z.enum(BIBLE_TRANSLATION_PREFERENCES, {
  error: 'validation.invalid',
});

/** The five references SPEC §5 suggests when a verse is not found. */

export const referenceSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200, { error: 'validation.max:200' });

export const verseSchema = z.object({
  book: z.string(),
  bookName: z.string(),
  chapter: z.number(),
  verse: z.number(),
  text: z.string(),
  heading: z.string().nullable(),
  /** The translator's notes on the verse (the VBL's), shown on request; absent when none. */
  notes: z.array(z.string()).optional(),
});
export type Verse = z.infer<typeof verseSchema>;

export const passageSchema = z.object({
  reference: z.string(),
  osis: z.string(),
  translation: z.string(),
  requestedTranslation: z.string(),
  fallback: z.boolean(),
  verses: z.array(verseSchema),
});
export type Passage = z.infer<typeof passageSchema>;

export const chapterLinkSchema = z
  .object({ book: z.string(), bookName: z.string(), chapter: z.number() })
  .nullable();

export const chapterSchema = passageSchema.extend({
  book: z.string(),
  bookName: z.string(),
  chapter: z.number(),
  previous: chapterLinkSchema,
  next: chapterLinkSchema,
});
export type Chapter = z.infer<typeof chapterSchema>;

export const translationInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  language: z.enum(['en', 'es']),
  available: z.boolean(),
});
export type TranslationInfo = z.infer<typeof translationInfoSchema>;

export const searchHitSchema = z.object({
  osis: z.string(),
  reference: z.string(),
  book: z.string(),
  chapter: z.number(),
  verse: z.number(),
  segments: z.array(z.object({ text: z.string(), match: z.boolean() })),
  /** With `parallel=CODE`: the hit's verse in that translation, through the verse map. */
  parallel: z.array(verseSchema).optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  translation: z.string(),
  /** The translation of each hit's `parallel` verses, when asked for. */
  parallelTranslation: z.string().optional(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  results: z.array(searchHitSchema),
  /**
   * Searched on the phone, in the offline download, with no network (the service worker's
   * answer, issue 40; the server never sets it): the words match as online, ranked more simply.
   */
  onDevice: z.boolean().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const longText = z.string().max(20_000, { error: 'validation.max:20000' });

const studyFields = z.object({
  reference: referenceSchema,
  translation: translationCodeSchema,
  title: z.string().trim().max(120, { error: 'validation.max:120' }),
  observation: longText,
  interpretation: longText,
  application: longText,
});

export const studyInputSchema = studyFields.extend({
  title: studyFields.shape.title.default(''),
  observation: longText.default(''),
  interpretation: longText.default(''),
  application: longText.default(''),
});
export type StudyInput = z.input<typeof studyInputSchema>;

/** A partial update: only the fields sent change (no defaults here). */
export const studyUpdateSchema = studyFields.partial().strict();

export const studySchema = z.object({
  id: z.string(),
  reference: z.string(),
  osis: z.string(),
  translation: z.string(),
  title: z.string(),
  observation: z.string(),
  interpretation: z.string(),
  application: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Study = z.infer<typeof studySchema>;

/** One row of a parallel chapter: the verses of each translation that hold the same words. */
export const parallelRowSchema = z.object({
  a: z.array(verseSchema),
  b: z.array(verseSchema),
});
export type ParallelRow = z.infer<typeof parallelRowSchema>;

const parallelSideSchema = z.object({
  translation: z.string(),
  requestedTranslation: z.string(),
  fallback: z.boolean(),
  language: z.enum(['en', 'es']),
  /** The chapter's reference in this translation's language ("Juan 3" / "John 3"). */
  reference: z.string(),
});

/**
 * A chapter of translation A with translation B beside it, verse by verse (ADR 0053): `rows`
 * pair the verses through the verse map; a row with one side empty is a verse the other text
 * lacks here. B's verses may come from the neighbouring chapter (their own numbers).
 */
export const parallelChapterSchema = chapterSchema
  .omit({ translation: true, requestedTranslation: true, fallback: true, verses: true })
  .extend({
    first: parallelSideSchema,
    second: parallelSideSchema,
    rows: z.array(parallelRowSchema),
  });
export type ParallelChapter = z.infer<typeof parallelChapterSchema>;

/**
 * A passage with its counterpart in another translation (issue 26: "show in both"): the rows
 * pair the passage's verses through the same verse map as parallel reading (ADR 0053).
 */
export const passageInBothSchema = passageSchema.extend({
  parallel: z
    .object({
      translation: z.string(),
      language: z.enum(['en', 'es']),
      rows: z.array(parallelRowSchema),
    })
    .optional(),
});
export type PassageInBoth = z.infer<typeof passageInBothSchema>;

/**
 * One cross reference (issue 39 item 3): the place it points to in the asked translation's own
 * numbering (a range whole), where the reader opens it (its first verse), its votes on
 * OpenBible.info, and the text of every verse it holds (none where the translation lacks it).
 */
export const crossReferenceSchema = z.object({
  reference: z.string(),
  osis: z.string(),
  book: z.string(),
  chapter: z.number(),
  verse: z.number(),
  votes: z.number(),
  verses: z.array(
    z.object({ book: z.string(), chapter: z.number(), verse: z.number(), text: z.string() }),
  ),
});
export type CrossReference = z.infer<typeof crossReferenceSchema>;

/** A page of a passage's cross references, the most voted first, of `total`. */
export const crossReferencesSchema = z.object({
  reference: z.string(),
  osis: z.string(),
  translation: z.string(),
  requestedTranslation: z.string(),
  fallback: z.boolean(),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  links: z.array(crossReferenceSchema),
});
export type CrossReferences = z.infer<typeof crossReferencesSchema>;

/** A Strong's number: "G26" (Greek, New Testament) or "H2617" (Hebrew, Old Testament). */
export const strongsNumberSchema = z
  .string({ error: 'validation.invalid' })
  .regex(/^[GH][1-9]\d{0,4}$/, { error: 'bible.errors.wordNotFound' });

/** A word of a verse that a Strong's number tags: where it stands in the text, and its numbers. */
export const taggedWordSchema = z.object({
  start: z.number(),
  end: z.number(),
  numbers: z.array(z.string()),
});
export type TaggedWord = z.infer<typeof taggedWordSchema>;

/** A number as a verse's word list names it: enough to tell the words apart. */
export const wordBriefSchema = z.object({
  number: z.string(),
  lemma: z.string(),
  translit: z.string(),
  /** The team's short Spanish gloss (the most frequent words), null without one. */
  gloss: z.string().nullable(),
});

/**
 * The words of a passage of the KJV or the RV1909 (issue 39 item 2): each verse's text (and its
 * Psalm title) with the words Strong's numbers tag, and the numbers named.
 */
export const passageWordsSchema = z.object({
  reference: z.string(),
  translation: z.string(),
  verses: z.array(
    z.object({
      book: z.string(),
      chapter: z.number(),
      verse: z.number(),
      text: z.string(),
      words: z.array(taggedWordSchema),
      title: z.object({ text: z.string(), words: z.array(taggedWordSchema) }).nullable(),
    }),
  ),
  entries: z.record(z.string(), wordBriefSchema),
});
export type PassageWords = z.infer<typeof passageWordsSchema>;

/** How a text renders a number: its tagged words, how many distinct, and the commonest. */
export const wordRenderingsSchema = z.object({
  translation: z.string(),
  count: z.number(),
  distinct: z.number(),
  top: z.array(z.object({ text: z.string(), count: z.number() })),
});

/** A word card: the dictionary's entry, the gloss, and how each tagged text renders it. */
export const wordEntrySchema = z.object({
  number: z.string(),
  language: z.enum(['greek', 'hebrew']),
  lemma: z.string(),
  translit: z.string(),
  pron: z.string(),
  /** Strong's definition, in English (the page says so in Spanish). */
  definition: z.string(),
  gloss: z.string().nullable(),
  renderings: z.array(wordRenderingsSchema),
});
export type WordEntry = z.infer<typeof wordEntrySchema>;

/** A page of the verses of one text where a number stands, each word it tags marked. */
export const wordOccurrencesSchema = z.object({
  number: z.string(),
  translation: z.string(),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  verses: z.array(
    z.object({
      reference: z.string(),
      book: z.string(),
      chapter: z.number(),
      verse: z.number(),
      text: z.string(),
      /** [start, end) of each word the number tags in `text`. */
      marks: z.array(z.tuple([z.number(), z.number()])),
      /** The Psalm title, where the number stands in it. */
      title: z
        .object({ text: z.string(), marks: z.array(z.tuple([z.number(), z.number()])) })
        .nullable(),
    }),
  ),
});
export type WordOccurrences = z.infer<typeof wordOccurrencesSchema>;

/** `offset` and `limit` of a list read page by page (cross references, a word's verses). */
export const pageQuery = (max: number, first: number) => ({
  offset: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(100_000, { error: 'validation.invalid' })
    .default(0),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(max, { error: 'validation.invalid' })
    .default(first),
});
