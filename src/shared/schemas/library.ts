import { z } from 'zod';
import { countWords } from '#shared/schemas/course.ts';
import {
  TOPICS,
  ERAS,
  REGIONS,
  BOOK_CATEGORIES,
  LEVELS,
  LINK_KINDS,
  LINK_LANGUAGES,
  APP_PATHS,
  GOSPEL_SECTIONS,
  NEXT_STEPS,
} from '../values/library.ts';

/** The schemas of the files in content/library/ (content/library/FORMAT.md). */

// The lists and types they use, for whoever imports the schemas (pages import them from values/).
export * from '../values/library.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A lowercase kebab-case slug, the same in both languages. */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'must be a lowercase kebab-case slug' });

/**
 * One Scripture passage with English book names ("Romans 8:38-39", "Psalm 23"). Whether it
 * exists in the Bible is checked by the server's reader (the parser is server code).
 */
export const referenceSchema = z
  .string()
  .min(3)
  .max(60)
  .refine((r) => !/[;,]/.test(r) && !/\bff\b/.test(r), {
    message: 'must name one passage (no ";" or "," lists, no "ff.")',
  });

/** A year (1741) or an approximate one ("c. 1520"). */
export const yearSchema = z.union([
  z.number().int().min(1).max(2100),
  z.string().regex(/^c\. \d{1,4}$/, { message: 'must be a year or a string like "c. 1520"' }),
]);
export type Year = z.infer<typeof yearSchema>;

/** The numeric value of a year, for sorting and range checks ("c. 1520" → 1520). */
export function yearValue(year: Year): number {
  return typeof year === 'number' ? year : Number(year.slice(3));
}

/** Markdown or plain text of `min`–`max` words (FORMAT.md: runs of letters/digits). */
const words = (min: number, max: number) =>
  z.string().superRefine((text, ctx) => {
    const n = countWords(text);
    if (n < min || n > max)
      ctx.addIssue({
        code: 'custom',
        message: `must be ${min.toLocaleString('en')}–${max.toLocaleString('en')} words (has ${n})`,
      });
  });

/** The number of `## ` headings in a Markdown body. */
export const countHeadings = (body: string) => (body.match(/^## \S/gm) ?? []).length;

/** A Markdown body of `min`–`max` words with at least `headings` `##` headings. */
const markdown = (min: number, max: number, headings: number) =>
  words(min, max).refine((body) => countHeadings(body) >= headings, {
    message: `must have at least ${headings} "##" headings`,
  });

/** A short line of text: a title, a name, "one or two sentences". */
const line = (min: number, max: number) => z.string().trim().min(min).max(max);

const question = line(10, 400);

const unique = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min)
    .max(max)
    .refine((list) => new Set(list).size === list.length, { message: 'must not repeat items' });

const topics = unique(z.enum(TOPICS), 1, 3);

// ---------------------------------------------------------------------------------------------
// Sermon studies: content/library/sermons/

/** One entry of sermons/series.<lang>.yaml. */
export const seriesEntrySchema = z
  .object({
    id: slugSchema,
    title: line(3, 120),
    description: line(20, 400),
  })
  .strict();
export type SeriesEntry = z.infer<typeof seriesEntrySchema>;
export const seriesFileSchema = z.array(seriesEntrySchema).min(1);

export const outlinePointSchema = z
  .object({
    point: line(3, 160),
    references: z.array(referenceSchema).min(1).max(3),
  })
  .strict();
export type OutlinePoint = z.infer<typeof outlinePointSchema>;

/** The front matter and body of sermons/<id>.<lang>.md. */
export const sermonFileSchema = z
  .object({
    id: slugSchema,
    series: slugSchema,
    order: z.number().int().min(1).max(50),
    title: line(3, 120),
    mainText: referenceSchema,
    bigIdea: line(20, 400),
    summary: line(20, 400),
    topics,
    outline: z.array(outlinePointSchema).min(3).max(5),
    illustration: words(60, 200),
    applicationQuestions: z.array(question).min(3).max(5),
    body: markdown(800, 1500, 2),
  })
  .strict()
  .refine((s) => countHeadings(s.body) >= s.outline.length, {
    message: 'must have a "##" heading for each outline point',
    path: ['body'],
  });
export type SermonFile = z.infer<typeof sermonFileSchema>;

// ---------------------------------------------------------------------------------------------
// Historic sermons: content/library/historic-sermons.<lang>.yaml

export const historicSermonSchema = z
  .object({
    id: slugSchema,
    title: line(3, 160),
    preacher: line(3, 120),
    year: yearSchema,
    place: line(2, 120),
    /** The sermon's text (a reference). */
    text: referenceSchema,
    era: z.enum(ERAS),
    summary: words(80, 200),
    significance: words(40, 150),
  })
  .strict();
export type HistoricSermonEntry = z.infer<typeof historicSermonSchema>;
export const historicSermonsFileSchema = z.array(historicSermonSchema).min(1);

// ---------------------------------------------------------------------------------------------
// Books: content/library/books.<lang>.yaml

export const bookSchema = z
  .object({
    id: slugSchema,
    title: line(2, 160),
    originalTitle: line(2, 200),
    author: line(3, 120),
    year: yearSchema,
    category: z.enum(BOOK_CATEGORIES),
    level: z.enum(LEVELS),
    publicDomain: z.boolean(),
    spanishEdition: line(2, 200).nullable(),
    summary: words(60, 150),
    audience: words(15, 60),
  })
  .strict();
export type BookEntry = z.infer<typeof bookSchema>;
export const booksFileSchema = z.array(bookSchema).min(1);

// ---------------------------------------------------------------------------------------------
// Heroes of faith: content/library/heroes/

/** One person's dates in an entry on several people ("Jim", 1927, 1956). */
const lifeSchema = z
  .object({ name: line(2, 60), born: yearSchema, died: yearSchema })
  .strict()
  .refine((l) => yearValue(l.born) < yearValue(l.died), {
    message: 'born must be before died',
    path: ['died'],
  });

/** The front matter and body of heroes/<id>.<lang>.md. */
export const heroFileSchema = z
  .object({
    id: slugSchema,
    name: line(2, 120),
    born: yearSchema,
    died: yearSchema,
    /**
     * An entry on several people (a couple) gives each one's dates, shown instead of born–died;
     * `born` and `died` are then the earliest birth and the latest death (for the order and era).
     */
    lives: z.array(lifeSchema).min(2).max(3).optional(),
    era: z.enum(ERAS),
    region: z.enum(REGIONS),
    places: z.array(line(2, 80)).min(1).max(10),
    keyVerse: referenceSchema,
    topics,
    summary: line(20, 400),
    lessons: z.array(line(10, 300)).min(3).max(5),
    reflectionQuestions: z.array(question).min(3).max(5),
    body: markdown(600, 1000, 2),
  })
  .strict()
  .refine((h) => yearValue(h.born) < yearValue(h.died), {
    message: 'born must be before died',
    path: ['died'],
  })
  .refine(
    (h) =>
      !h.lives ||
      (yearValue(h.born) === Math.min(...h.lives.map((l) => yearValue(l.born))) &&
        yearValue(h.died) === Math.max(...h.lives.map((l) => yearValue(l.died)))),
    {
      message: 'born and died must be the earliest birth and the latest death of lives',
      path: ['lives'],
    },
  );
export type HeroFile = z.infer<typeof heroFileSchema>;

// ---------------------------------------------------------------------------------------------
// Resources (practical guides): content/library/resources/

export const toolSchema = z
  .object({
    path: z.enum(APP_PATHS),
    label: line(2, 60),
  })
  .strict();
export type Tool = z.infer<typeof toolSchema>;

/** The front matter and body of resources/<id>.<lang>.md. */
export const resourceFileSchema = z
  .object({
    id: slugSchema,
    order: z.number().int().min(1).max(50),
    title: line(3, 120),
    summary: line(20, 400),
    topics,
    minutes: z.number().int().min(1).max(60),
    scriptures: z.array(referenceSchema).min(1).max(5),
    steps: z.array(line(3, 200)).min(3).max(8),
    tools: z
      .array(toolSchema)
      .min(1)
      .max(4)
      .refine((t) => new Set(t.map((x) => x.path)).size === t.length, {
        message: 'must not link the same path twice',
      }),
    body: markdown(600, 1200, 2),
  })
  .strict();
export type ResourceFile = z.infer<typeof resourceFileSchema>;

// ---------------------------------------------------------------------------------------------
// External links: content/library/links.<lang>.yaml

export const linkSchema = z
  .object({
    id: slugSchema,
    kind: z.enum(LINK_KINDS),
    name: line(2, 120),
    url: z.url({ protocol: /^https$/, hostname: z.regexes.domain }),
    language: z.enum(LINK_LANGUAGES),
    description: words(15, 50),
  })
  .strict();
export type LinkEntry = z.infer<typeof linkSchema>;
export const linksFileSchema = z.array(linkSchema).min(1);

// ---------------------------------------------------------------------------------------------
// The gospel: content/library/gospel.<lang>.md

export const gospelSectionSchema = z
  .object({
    id: z.enum(GOSPEL_SECTIONS),
    heading: line(3, 120),
    scriptures: z.array(referenceSchema).min(1).max(3),
    body: words(80, 250),
  })
  .strict();
export type GospelSection = z.infer<typeof gospelSectionSchema>;

export const nextStepSchema = z
  .object({
    id: z.enum(NEXT_STEPS),
    title: line(3, 80),
    body: line(20, 400),
  })
  .strict();
export type NextStep = z.infer<typeof nextStepSchema>;

const inOrder = <T extends string>(ids: readonly T[]) => ({
  check: (list: { id: string }[]) => list.map((x) => x.id).join() === ids.join(),
  message: `must be exactly ${ids.join(', ')}, in this order`,
});
const sectionOrder = inOrder(GOSPEL_SECTIONS);
const stepOrder = inOrder(NEXT_STEPS);

/** The front matter and body (the introduction) of gospel.<lang>.md. */
export const gospelFileSchema = z
  .object({
    title: line(3, 120),
    description: z.string().trim().min(120).max(160),
    sections: z.array(gospelSectionSchema).refine(sectionOrder.check, sectionOrder.message),
    prayer: words(50, 150),
    nextSteps: z.array(nextStepSchema).refine(stepOrder.check, stepOrder.message),
    body: words(60, 200),
  })
  .strict();
export type GospelFile = z.infer<typeof gospelFileSchema>;
