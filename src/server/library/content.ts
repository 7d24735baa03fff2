import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { splitFrontMatter } from '../content/front-matter.ts';
import type { z } from 'zod';
import { parseReference } from '#server/bible/reference.ts';
import { BOOKS } from '#shared/bible/books.ts';
import type { Language } from '#shared/constants.ts';
import {
  ERA_YEARS,
  booksFileSchema,
  gospelFileSchema,
  heroFileSchema,
  historicSermonsFileSchema,
  linksFileSchema,
  resourceFileSchema,
  seriesFileSchema,
  sermonFileSchema,
  yearValue,
  type AppPath,
  type BookCategory,
  type BookEntry,
  type Era,
  type GospelFile,
  type GospelSectionId,
  type HeroFile,
  type HistoricSermonEntry,
  type Level,
  type LinkEntry,
  type LinkKind,
  type NextStepId,
  type Region,
  type ResourceFile,
  type SeriesEntry,
  type SermonFile,
  type Topic,
  type Year,
} from '#shared/schemas/library.ts';
import { fromRoot } from '../paths.ts';

export const LIBRARY_DIR = fromRoot('content/library');
const LANGS: Language[] = ['en', 'es'];

export class ContentError extends Error {
  constructor(problems: string[]) {
    super(`Library content is invalid:\n- ${problems.join('\n- ')}`);
    this.name = 'ContentError';
  }
}

export interface SermonStudy {
  id: string;
  series: string;
  order: number;
  mainText: string;
  topics: Topic[];
  /** The references of each outline point, in order. */
  outlineReferences: string[][];
  text: Record<Language, SermonFile>;
}

export interface SermonSeries {
  id: string;
  text: Record<Language, SeriesEntry>;
  /** Its sermons by `order`. */
  sermons: SermonStudy[];
}

export interface HistoricSermon {
  id: string;
  year: Year;
  /** The sermon's text (the `text` field of the file): a reference. */
  scripture: string;
  era: Era;
  text: Record<Language, HistoricSermonEntry>;
}

export interface Book {
  id: string;
  originalTitle: string;
  year: Year;
  category: BookCategory;
  level: Level;
  publicDomain: boolean;
  spanishEdition: string | null;
  text: Record<Language, BookEntry>;
}

export interface Hero {
  id: string;
  born: Year;
  died: Year;
  era: Era;
  region: Region;
  keyVerse: string;
  topics: Topic[];
  text: Record<Language, HeroFile>;
}

export interface Resource {
  id: string;
  order: number;
  topics: Topic[];
  scriptures: string[];
  /** The app paths of its tools, in order (the labels are in `text`). */
  tools: AppPath[];
  text: Record<Language, ResourceFile>;
}

export interface ExternalLink {
  id: string;
  kind: LinkKind;
  /** `url` and `language` are in `text`: the Spanish file may point to a Spanish site. */
  text: Record<Language, LinkEntry>;
}

export interface Gospel {
  sections: { id: GospelSectionId; scriptures: string[] }[];
  nextSteps: NextStepId[];
  text: Record<Language, GospelFile>;
}

export interface Library {
  /** The sermon series in the order of series.<lang>.yaml, each with its sermons. */
  series: SermonSeries[];
  /** Every sermon study (the same objects as in `series`), by series and then order. */
  sermons: SermonStudy[];
  historicSermons: HistoricSermon[];
  books: Book[];
  /** By year of birth, then id. */
  heroes: Hero[];
  /** By `order`. */
  resources: Resource[];
  links: ExternalLink[];
  gospel: Gospel;
}

type Pair<T> = { id: string } & Record<Language, T>;

const ROOT_FILES = new Set([
  'FORMAT.md',
  'books.en.yaml',
  'books.es.yaml',
  'historic-sermons.en.yaml',
  'historic-sermons.es.yaml',
  'links.en.yaml',
  'links.es.yaml',
  'gospel.en.md',
  'gospel.es.md',
  'sermons',
  'heroes',
  'resources',
]);
const SERIES_FILES = new Set(['series.en.yaml', 'series.es.yaml']);
const ITEM_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(en|es)\.md$/;

/** Standard English book names ("Psalm 23" as well as "Psalms 119"), to their 1-based index. */
const ENGLISH_BOOKS = new Map<string, number>(BOOKS.map((b, i) => [b.en, i + 1]));
ENGLISH_BOOKS.set('Psalm', ENGLISH_BOOKS.get('Psalms')!);

/** The first line of an error's message (YAML syntax errors add a multi-line excerpt). */
const firstLine = (error: unknown) => String((error as Error).message).split('\n')[0];

/** Zod issues as "path message; …"; in a YAML list the item is named by its id ("3 (luther-…)"). */
const explain = (error: z.ZodError, data?: unknown) =>
  error.issues
    .map((i) => {
      const [first, ...rest] = i.path;
      const item = typeof first === 'number' && Array.isArray(data) ? data[first] : undefined;
      const id = (item as { id?: unknown } | undefined)?.id;
      const path = typeof id === 'string' ? [`${String(first)} (${id})`, ...rest] : i.path;
      return `${path.map(String).join('.') || '(file)'} ${i.message}`;
    })
    .join('; ');

/**
 * Reads and validates the whole library (content/library/FORMAT.md) in both languages. Every
 * problem is collected (not just the first): schema errors, English/Spanish parity, Scripture
 * references that do not resolve, series and orders, duplicate ids and unexpected files.
 */
export function readLibrary(dir = LIBRARY_DIR): Library {
  const problems: string[] = [];

  /** A problem when `a` and `b` differ (compared as JSON). */
  const same = (where: string, label: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      problems.push(`${where}: ${label} differs between en and es`);
  };

  /** One passage, in standard English form, that exists in the bundled (KJV-numbered) Bible. */
  const checkReference = (where: string, label: string, ref: string) => {
    const parsed = parseReference(ref, 'en');
    if (!parsed) {
      problems.push(`${where}: ${label} "${ref}" does not resolve to a Bible passage`);
      return;
    }
    const m = /^(.+?) \d+(?::\d+)?(?:-\d+(?::\d+)?)?$/.exec(ref);
    const book = m ? ENGLISH_BOOKS.get(m[1]!) : undefined;
    if (!book || parsed.ranges.length !== 1 || parsed.ranges[0]!.start.book !== book)
      problems.push(
        `${where}: ${label} "${ref}" must be one passage with an English book name ("Romans 8:38-39")`,
      );
  };

  /**
   * Items sorted by `order` must be numbered 1..n. When some files failed to load, gaps are
   * expected and only repeated orders are reported.
   */
  const checkOrders = (where: string, items: { id: string; order: number }[], all: boolean) => {
    items.forEach((item, i) => {
      if (i > 0 && items[i - 1]!.order === item.order)
        problems.push(
          `${where}: ${items[i - 1]!.id} and ${item.id} have the same order ${item.order}`,
        );
    });
    const orders = items.map((x) => x.order);
    if (!all) return;
    if (!orders.length) problems.push(`${where} is empty`);
    else if (orders.some((o, i) => o !== i + 1))
      problems.push(`${where}: orders are ${orders.join(', ')}, should be 1..${orders.length}`);
  };

  const readText = (file: string): string | undefined => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch (error) {
      problems.push(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? `${file} is missing`
          : `${file}: ${(error as Error).message}`,
      );
      return undefined;
    }
  };

  /** A YAML list in both languages: validated, ids unique and the same, in the same order. */
  const readList = <T extends { id: string }>(base: string, schema: z.ZodType<T[]>): Pair<T>[] => {
    const byLang = {} as Partial<Record<Language, T[]>>;
    for (const lang of LANGS) {
      const file = `${base}.${lang}.yaml`;
      const source = readText(file);
      if (source === undefined) continue;
      try {
        const data: unknown = parseYaml(source);
        const parsed = schema.safeParse(data);
        if (!parsed.success) problems.push(`${file}: ${explain(parsed.error, data)}`);
        else byLang[lang] = parsed.data;
      } catch (error) {
        problems.push(`${file}: ${firstLine(error)}`);
      }
    }
    for (const [lang, list] of Object.entries(byLang)) {
      const seen = new Set<string>();
      for (const { id } of list) {
        if (seen.has(id)) problems.push(`${base}.${lang}.yaml: duplicate id ${id}`);
        seen.add(id);
      }
    }
    const { en, es } = byLang;
    if (!en || !es) return [];
    const ids = (l: T[]) => l.map((x) => x.id);
    if (ids(en).join() !== ids(es).join()) {
      const onlyEn = ids(en).filter((id) => !ids(es).includes(id));
      const onlyEs = ids(es).filter((id) => !ids(en).includes(id));
      problems.push(
        `${base}: ids differ between en and es` +
          (onlyEn.length ? `; only in en: ${onlyEn.join(', ')}` : '') +
          (onlyEs.length ? `; only in es: ${onlyEs.join(', ')}` : '') +
          (!onlyEn.length && !onlyEs.length
            ? '; the same ids in a different order or repeated'
            : ''),
      );
      return [];
    }
    return en.map((item, i) => ({ id: item.id, en: item, es: es[i]! }));
  };

  /** One <id>.<lang>.md per item and language in a folder: validated, ids match file names. */
  const readFolder = <T extends { id: string }>(
    folder: string,
    schema: z.ZodType<T>,
    allowed: Set<string> = new Set(),
  ): Pair<T>[] => {
    let names: string[];
    try {
      names = readdirSync(join(dir, folder));
    } catch {
      problems.push(`${folder}/ is missing`);
      return [];
    }
    const ids = new Set<string>();
    const unexpected: string[] = [];
    for (const name of names) {
      const m = ITEM_FILE.exec(name);
      if (m) ids.add(m[1]!);
      else if (!allowed.has(name)) unexpected.push(name);
    }
    if (unexpected.length) problems.push(`${folder}: unexpected files ${unexpected.join(', ')}`);
    const pairs: Pair<T>[] = [];
    for (const id of [...ids].sort()) {
      const byLang = {} as Partial<Record<Language, T>>;
      for (const lang of LANGS) {
        const file = `${folder}/${id}.${lang}.md`;
        if (!names.includes(`${id}.${lang}.md`)) {
          problems.push(`${file} is missing`);
          continue;
        }
        try {
          const { data, body } = splitFrontMatter(readFileSync(join(dir, file), 'utf8'));
          const parsed = schema.safeParse({ ...(data as object), body });
          if (!parsed.success) problems.push(`${file}: ${explain(parsed.error)}`);
          else if (parsed.data.id !== id)
            problems.push(`${file}: id ${parsed.data.id} does not match the file name`);
          else byLang[lang] = parsed.data;
        } catch (error) {
          problems.push(`${file}: ${firstLine(error)}`);
        }
      }
      if (byLang.en && byLang.es) pairs.push({ id, en: byLang.en, es: byLang.es });
    }
    return pairs;
  };

  // Unexpected files at the top level.
  try {
    const extra = readdirSync(dir).filter((name) => !ROOT_FILES.has(name));
    if (extra.length) problems.push(`unexpected files ${extra.join(', ')}`);
  } catch (error) {
    throw new ContentError([`${dir}: ${(error as Error).message}`]);
  }

  // ---------------------------------------------------------------- sermon studies and series
  const seriesPairs = readList<SeriesEntry>('sermons/series', seriesFileSchema);
  let before = problems.length;
  const sermonPairs = readFolder<SermonFile>('sermons', sermonFileSchema, SERIES_FILES);
  const allSermonsRead = problems.length === before;
  const series: SermonSeries[] = seriesPairs.map(({ id, en, es }) => ({
    id,
    text: { en, es },
    sermons: [],
  }));
  for (const { id, en, es } of sermonPairs) {
    const where = `sermons/${id}`;
    for (const lang of LANGS) {
      const s = lang === 'en' ? en : es;
      const file = `sermons/${id}.${lang}.md`;
      checkReference(file, 'mainText', s.mainText);
      s.outline.forEach((p, i) =>
        p.references.forEach((r) => checkReference(file, `outline.${i}.references`, r)),
      );
    }
    same(where, 'series', en.series, es.series);
    same(where, 'order', en.order, es.order);
    same(where, 'mainText', en.mainText, es.mainText);
    same(where, 'topics', en.topics, es.topics);
    same(
      where,
      'outline references',
      en.outline.map((p) => p.references),
      es.outline.map((p) => p.references),
    );
    same(
      where,
      'number of application questions',
      en.applicationQuestions.length,
      es.applicationQuestions.length,
    );
    const owner = series.find((s) => s.id === en.series);
    if (!owner) {
      if (seriesPairs.length) problems.push(`${where}: series ${en.series} does not exist`);
      continue;
    }
    owner.sermons.push({
      id,
      series: en.series,
      order: en.order,
      mainText: en.mainText,
      topics: en.topics,
      outlineReferences: en.outline.map((p) => p.references),
      text: { en, es },
    });
  }
  for (const s of series) {
    s.sermons.sort((a, b) => a.order - b.order);
    checkOrders(`series ${s.id}`, s.sermons, allSermonsRead);
  }

  // ---------------------------------------------------------------------- historic sermons
  const historicSermons: HistoricSermon[] = [];
  for (const { id, en, es } of readList('historic-sermons', historicSermonsFileSchema)) {
    const where = `historic-sermons/${id}`;
    for (const lang of LANGS)
      checkReference(`historic-sermons.${lang}.yaml ${id}`, 'text', (lang === 'en' ? en : es).text);
    same(where, 'year', en.year, es.year);
    same(where, 'text', en.text, es.text);
    same(where, 'era', en.era, es.era);
    const [from, to] = ERA_YEARS[en.era];
    const year = yearValue(en.year);
    if (year < from || year > to)
      problems.push(`${where}: year ${en.year} is outside the era ${en.era} (${from}–${to})`);
    historicSermons.push({
      id,
      year: en.year,
      scripture: en.text,
      era: en.era,
      text: { en, es },
    });
  }

  // ---------------------------------------------------------------------------------- books
  const books: Book[] = [];
  for (const { id, en, es } of readList('books', booksFileSchema)) {
    const where = `books/${id}`;
    for (const key of [
      'originalTitle',
      'year',
      'category',
      'level',
      'publicDomain',
      'spanishEdition',
    ] as const) {
      same(where, key, en[key], es[key]);
    }
    books.push({
      id,
      originalTitle: en.originalTitle,
      year: en.year,
      category: en.category,
      level: en.level,
      publicDomain: en.publicDomain,
      spanishEdition: en.spanishEdition,
      text: { en, es },
    });
  }

  // --------------------------------------------------------------------------------- heroes
  const heroes: Hero[] = [];
  for (const { id, en, es } of readFolder<HeroFile>('heroes', heroFileSchema)) {
    const where = `heroes/${id}`;
    for (const lang of LANGS)
      checkReference(`heroes/${id}.${lang}.md`, 'keyVerse', (lang === 'en' ? en : es).keyVerse);
    for (const key of ['born', 'died', 'era', 'region', 'keyVerse', 'topics'] as const)
      same(where, key, en[key], es[key]);
    same(
      where,
      'lives (years)',
      en.lives?.map((l) => [l.born, l.died]),
      es.lives?.map((l) => [l.born, l.died]),
    );
    same(where, 'number of places', en.places.length, es.places.length);
    same(where, 'number of lessons', en.lessons.length, es.lessons.length);
    same(
      where,
      'number of reflection questions',
      en.reflectionQuestions.length,
      es.reflectionQuestions.length,
    );
    const [from, to] = ERA_YEARS[en.era];
    if (yearValue(en.died) < from || yearValue(en.born) > to)
      problems.push(`${where}: lifetime ${en.born}–${en.died} is outside the era ${en.era}`);
    heroes.push({
      id,
      born: en.born,
      died: en.died,
      era: en.era,
      region: en.region,
      keyVerse: en.keyVerse,
      topics: en.topics,
      text: { en, es },
    });
  }
  heroes.sort(
    (a, b) => yearValue(a.born) - yearValue(b.born) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

  // ------------------------------------------------------------------------------ resources
  const resources: Resource[] = [];
  before = problems.length;
  const resourcePairs = readFolder<ResourceFile>('resources', resourceFileSchema);
  const allResourcesRead = problems.length === before;
  for (const { id, en, es } of resourcePairs) {
    const where = `resources/${id}`;
    for (const lang of LANGS)
      for (const r of (lang === 'en' ? en : es).scriptures)
        checkReference(`resources/${id}.${lang}.md`, 'scriptures', r);
    same(where, 'order', en.order, es.order);
    same(where, 'topics', en.topics, es.topics);
    same(where, 'scriptures', en.scriptures, es.scriptures);
    same(where, 'number of steps', en.steps.length, es.steps.length);
    same(
      where,
      'tool paths',
      en.tools.map((t) => t.path),
      es.tools.map((t) => t.path),
    );
    resources.push({
      id,
      order: en.order,
      topics: en.topics,
      scriptures: en.scriptures,
      tools: en.tools.map((t) => t.path),
      text: { en, es },
    });
  }
  resources.sort((a, b) => a.order - b.order);
  checkOrders('resources', resources, allResourcesRead);

  // ---------------------------------------------------------------------------------- links
  const links: ExternalLink[] = [];
  for (const { id, en, es } of readList('links', linksFileSchema)) {
    const where = `links/${id}`;
    same(where, 'kind', en.kind, es.kind);
    if (en.url === es.url) same(where, 'language (of the same url)', en.language, es.language);
    else if (es.language === 'en')
      problems.push(`${where}: the Spanish url differs from the English one but is not in Spanish`);
    links.push({ id, kind: en.kind, text: { en, es } });
  }

  // --------------------------------------------------------------------------------- gospel
  const gospelText = {} as Partial<Record<Language, GospelFile>>;
  for (const lang of LANGS) {
    const file = `gospel.${lang}.md`;
    const source = readText(file);
    if (source === undefined) continue;
    try {
      const { data, body } = splitFrontMatter(source);
      const parsed = gospelFileSchema.safeParse({ ...(data as object), body });
      if (!parsed.success) problems.push(`${file}: ${explain(parsed.error)}`);
      else {
        gospelText[lang] = parsed.data;
        for (const s of parsed.data.sections)
          for (const r of s.scriptures) checkReference(file, `sections.${s.id}.scriptures`, r);
      }
    } catch (error) {
      problems.push(`${file}: ${firstLine(error)}`);
    }
  }
  const { en: gospelEn, es: gospelEs } = gospelText;
  if (gospelEn && gospelEs)
    same(
      'gospel',
      'section scriptures',
      gospelEn.sections.map((s) => s.scriptures),
      gospelEs.sections.map((s) => s.scriptures),
    );

  if (problems.length || !gospelEn || !gospelEs) throw new ContentError(problems);
  return {
    series,
    sermons: series.flatMap((s) => s.sermons),
    historicSermons,
    books,
    heroes,
    resources,
    links,
    gospel: {
      sections: gospelEn.sections.map((s) => ({ id: s.id, scriptures: s.scriptures })),
      nextSteps: gospelEn.nextSteps.map((s) => s.id),
      text: { en: gospelEn, es: gospelEs },
    },
  };
}
