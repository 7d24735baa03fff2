import { and, asc, between, eq, sql, type SQL } from 'drizzle-orm';
import { defaultTranslation } from '#shared/bible/translation.ts';
import { BOOKS } from '#shared/bible/books.ts';
import { fallbackTranslation } from '#shared/bible/chapter-answer.ts';
import { verseOfTheDayOsis } from '#shared/bible/verse-of-the-day.ts';
import type { Language } from '#shared/constants.ts';
import { translationLanguage } from '#shared/values/bible.ts';
import {
  VERSIFICATION_IDS,
  versificationOf,
  type VersificationId,
} from '#shared/bible/versification.ts';
import {
  INSTALLED_TRANSLATIONS,
  MAX_PASSAGE_VERSES,
  SEARCH_PAGE_SIZE,
  type SearchHit,
  type Verse,
} from '#shared/schemas/bible.ts';
import { BIBLE_TRANSLATION_PREFERENCES } from '#shared/schemas/user.ts';
import { localDate } from '#shared/values/time.ts';
import type { Database } from '../db/client.ts';
import { bibleTranslation, bibleVerse } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { KeptJson } from '../routes/kept-json.ts';
import { crossReferencesInstalled } from './cross-references.ts';
import { wordStudyInstalled } from './words.ts';
import { INSTALLING_PREFIX } from './loader.ts';
import {
  bookName,
  formatReference,
  parseReference,
  rangesFromOsis,
  type VerseRange,
} from './reference.ts';

const NAMES: Record<string, string> = {
  NKJV: 'New King James Version',
  ESV: 'English Standard Version',
  NASB: 'New American Standard Bible',
  KJV: 'King James Version',
  WEB: 'World English Bible',
  RV1909: 'Reina-Valera 1909',
  VBL: 'Versión Biblia Libre',
};

export { translationLanguage };

/** Which translations are loaded; filled after the start-up load (DESIGN §3). */
export class BibleCatalog {
  private installed = new Map<string, string>();
  /** Every bundled translation is installed (DESIGN §3); until then Bible routes answer 503. */
  ready = false;
  /** The start-up install is running (main.ts): /readyz answers 503 meanwhile. */
  installing = false;
  /** The cross references are installed and whole (until then their route answers 503). */
  crossReferences = false;
  /** The word study is installed and whole (until then its routes answer 503). */
  wordStudy = false;
  /**
   * Scripture text only changes when a translation is (re)loaded or imported, so passages are
   * kept in memory (bounded) and dropped whenever the installed set changes.
   */
  readonly passages = new Map<string, Verse[]>();
  /**
   * Chapters and parallel chapters as sent (JSON), by route, translations, place and reader
   * language: the same Scripture for every member, so built and serialised once, and compressed
   * once per encoding a browser asks for (bounded).
   */
  readonly answers = new Map<string, KeptJson>();

  async refresh(db: Database): Promise<void> {
    const rows = await db
      .select({
        code: bibleTranslation.code,
        checksum: bibleTranslation.checksum,
        versification: bibleTranslation.versification,
      })
      .from(bibleTranslation);
    this.schemes = new Map(
      rows.flatMap((r) =>
        r.versification && (VERSIFICATION_IDS as readonly string[]).includes(r.versification)
          ? [[r.code, r.versification as VersificationId] as const]
          : [],
      ),
    );
    // A translation still being written (on PGlite, batch by batch) is not served yet.
    const next = new Map(
      rows
        .filter((r) => !r.checksum.startsWith(INSTALLING_PREFIX))
        .map((r) => [r.code, r.checksum]),
    );
    const links = await crossReferencesInstalled(db);
    const words = await wordStudyInstalled(db);
    const changed =
      next.size !== this.installed.size ||
      [...next].some(([code, sum]) => this.installed.get(code) !== sum) ||
      links !== this.crossReferences ||
      words !== this.wordStudy;
    this.crossReferences = links;
    this.wordStudy = words;
    if (changed) {
      this.passages.clear();
      this.answers.clear();
    }
    this.installed = next;
    this.ready = INSTALLED_TRANSLATIONS.every((c) => this.installed.has(c));
  }

  /** How each imported text numbers its verses, where its import said (ADR 0053). */
  private schemes = new Map<string, VersificationId>();

  /** The verse numbering of an installed translation: as imported, else the code's usual one. */
  versificationOf(code: string): VersificationId {
    return this.schemes.get(code) ?? versificationOf(code);
  }

  has(code: string): boolean {
    return this.installed.has(code);
  }

  list() {
    return BIBLE_TRANSLATION_PREFERENCES.map((code) => ({
      code,
      name: NAMES[code] ?? code,
      language: translationLanguage(code),
      available: this.installed.has(code),
    }));
  }

  /**
   * The translation to read: the requested one when installed, otherwise the fallback of
   * DESIGN §3 (NKJV→KJV, ESV/NASB→WEB, Spanish readers→RV1909).
   */
  resolve(
    requested: string | undefined,
    lang: Language,
  ): { code: string; requested: string; fallback: boolean } {
    const wanted = requested ?? (lang === 'es' ? 'RV1909' : 'KJV');
    if (this.installed.has(wanted)) return { code: wanted, requested: wanted, fallback: false };
    if (!this.ready) throw new HttpError(503, 'bible.errors.loading', {}, 'BIBLE_LOADING');
    return { code: fallbackTranslation(wanted, lang), requested: wanted, fallback: true };
  }
}

function rangeCondition(range: VerseRange): SQL {
  const { start, end } = range;
  return sql`(${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse}) between (${start.book}, ${start.chapter}, ${start.verse}) and (${end.book}, ${end.chapter}, ${end.verse})`;
}

const verseColumns = {
  book: bibleVerse.book,
  chapter: bibleVerse.chapter,
  verse: bibleVerse.verse,
  text: bibleVerse.text,
  heading: bibleVerse.heading,
  notes: bibleVerse.notes,
};

function toVerse(
  row: {
    book: number;
    chapter: number;
    verse: number;
    text: string;
    heading: string | null;
    notes?: string[] | null;
  },
  lang: Language,
): Verse {
  return {
    book: BOOKS[row.book - 1]?.osis ?? '',
    bookName: bookName(row.book, lang),
    chapter: row.chapter,
    verse: row.verse,
    text: row.text,
    heading: row.heading,
    // Only where there are some: most verses of most texts have none.
    ...(row.notes?.length ? { notes: row.notes } : {}),
  };
}

/** A passage a member keeps (a memory verse, a favorite): its text is stored with it. */
export interface KeptPassage {
  /** The reference in the member's language ("Juan 3:16"). */
  reference: string;
  osis: string;
  translation: string;
  text: string;
}

/**
 * Resolves a typed reference into the passage a member keeps: in the translation asked for, or
 * the reader's default (`defaultTranslation`), at most `max` verses. Bad input is a translated
 * 400: `VERSE_NOT_FOUND`, or `TOO_LONG` with the feature's own message (`tooLongKey`).
 */
export async function passageToKeep(
  db: Database,
  catalog: BibleCatalog,
  input: { reference: string; translation?: string | undefined },
  reader: { lang: Language; preferred: string; spanish?: string },
  limit: { max: number; tooLongKey: string },
): Promise<KeptPassage> {
  const { lang } = reader;
  const parsed = parseReference(input.reference, lang);
  if (!parsed) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
  const { code } = catalog.resolve(
    input.translation ?? defaultTranslation(reader.preferred, lang, reader.spanish),
    lang,
  );
  const verses = await readPassage(db, catalog, code, parsed.ranges, lang);
  if (verses.length === 0) {
    throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
  }
  if (verses.length > limit.max) {
    throw new HttpError(400, limit.tooLongKey, { max: limit.max }, 'TOO_LONG');
  }
  return {
    reference: formatReference(parsed.ranges, lang),
    osis: parsed.osis,
    translation: code,
    text: verses.map((v) => v.text).join(' '),
  };
}

const PASSAGE_CACHE_MAX = 5000;
/**
 * Answers kept as sent, the oldest kept first to go when full: a chapter is ~3–10 KB, a
 * parallel one ~5–20 KB (Psalm 119: ~110 KB), each with its compressed forms (a quarter to a
 * third of that), so a few MB at most.
 */
const ANSWER_CACHE_MAX = 600;

/**
 * An answer of Scripture alone (the same for every member) as JSON: built, checked against its
 * schema and serialised once, and kept as its UTF-8 bytes and, as browsers ask for them, its
 * brotli and gzip forms (`KeptJson`), so each request sends bytes as they are: no serialising,
 * no encoding of a long string with accents and no compressing on every request.
 */
export async function keptAnswer<T>(
  catalog: BibleCatalog,
  key: string,
  schema: { parse: (value: unknown) => T },
  build: () => Promise<T>,
): Promise<KeptJson> {
  const kept = catalog.answers.get(key);
  if (kept !== undefined) return kept;
  const json = new KeptJson(JSON.stringify(schema.parse(await build())));
  if (catalog.answers.size >= ANSWER_CACHE_MAX)
    catalog.answers.delete(catalog.answers.keys().next().value!);
  catalog.answers.set(key, json);
  return json;
}

/** readRanges through the catalog's passage cache. */
export async function readPassage(
  db: Database,
  catalog: BibleCatalog,
  code: string,
  ranges: VerseRange[],
  lang: Language,
): Promise<Verse[]> {
  const key = passageKey(code, lang, ranges);
  const hit = catalog.passages.get(key);
  if (hit) return hit;
  const verses = await readRanges(db, code, ranges, lang);
  cachePassage(catalog, key, verses);
  return verses;
}

const passageKey = (code: string, lang: Language, ranges: VerseRange[]) =>
  `${code}|${lang}|${ranges
    .map(
      (r) =>
        `${r.start.book}.${r.start.chapter}.${r.start.verse}-${r.end.book}.${r.end.chapter}.${r.end.verse}`,
    )
    .join(',')}`;

function cachePassage(catalog: BibleCatalog, key: string, verses: Verse[]) {
  if (catalog.passages.size >= PASSAGE_CACHE_MAX)
    catalog.passages.delete(catalog.passages.keys().next().value!);
  catalog.passages.set(key, verses);
}

export async function readRanges(
  db: Database,
  code: string,
  ranges: VerseRange[],
  lang: Language,
): Promise<Verse[]> {
  const verses: Verse[] = [];
  for (const range of ranges) {
    const rows = await db
      .select(verseColumns)
      .from(bibleVerse)
      .where(and(eq(bibleVerse.translation, code), rangeCondition(range)))
      .orderBy(asc(bibleVerse.book), asc(bibleVerse.chapter), asc(bibleVerse.verse))
      .limit(MAX_PASSAGE_VERSES + 1 - verses.length);
    verses.push(...rows.map((r) => toVerse(r, lang)));
    if (verses.length > MAX_PASSAGE_VERSES) {
      throw new HttpError(
        400,
        'bible.errors.tooLong',
        { max: MAX_PASSAGE_VERSES },
        'PASSAGE_TOO_LONG',
      );
    }
  }
  return verses;
}

/** Passages read together in one query (each adds a few parameters to it). */
const KEPT_PASSAGES_PER_QUERY = 200;

/**
 * Kept passages (favorites) as a reader reads them today: the place in the reader's language,
 * and the text in a translation of that language: the one it was saved in when it is (the
 * reader chose it), otherwise the reader's (their preference with its fallbacks, as the reader
 * does). A passage keeps its saved text and translation while the Bibles are being installed or
 * when the translation lacks it. The passages not in the cache are read in one query.
 */
export async function keptPassagesAsRead<T extends KeptPassage>(
  db: Database,
  catalog: BibleCatalog,
  kept: T[],
  reader: { lang: Language; preferred: string; spanish?: string },
): Promise<T[]> {
  const { lang } = reader;
  const places = kept.map((k) => rangesFromOsis(k.osis));
  const localised = kept.map((k, i) => ({
    ...k,
    reference: places[i]!.length > 0 ? formatReference(places[i]!, lang) : k.reference,
  }));
  let code: string;
  try {
    code = catalog.resolve(defaultTranslation(reader.preferred, lang, reader.spanish), lang).code;
  } catch {
    return localised; // the Bibles are being installed
  }
  const keyOf = (ranges: VerseRange[]) => passageKey(code, lang, ranges);
  const keep = kept.map((k) => translationLanguage(k.translation) === lang);
  const uncached = places.filter(
    (r, i) => !keep[i] && r.length > 0 && !catalog.passages.has(keyOf(r)),
  );
  for (let from = 0; from < uncached.length; from += KEPT_PASSAGES_PER_QUERY) {
    const missing = uncached.slice(from, from + KEPT_PASSAGES_PER_QUERY);
    const rows = await db
      .select(verseColumns)
      .from(bibleVerse)
      .where(
        and(
          eq(bibleVerse.translation, code),
          // In parentheses: `and` does not put its conditions in any, and "t = x and a or b"
          // would read b's verses of every translation.
          sql`(${sql.join(
            missing.flat().map((r) => sql`(${rangeCondition(r)})`),
            sql` or `,
          )})`,
        ),
      )
      .orderBy(asc(bibleVerse.book), asc(bibleVerse.chapter), asc(bibleVerse.verse));
    const at = (r: (typeof rows)[number]) => r.book * 1_000_000 + r.chapter * 1000 + r.verse;
    const position = (p: VerseRange['start']) => p.book * 1_000_000 + p.chapter * 1000 + p.verse;
    for (const ranges of missing) {
      const verses = ranges.flatMap((range) =>
        rows
          .filter((r) => at(r) >= position(range.start) && at(r) <= position(range.end))
          .map((r) => toVerse(r, lang)),
      );
      cachePassage(catalog, keyOf(ranges), verses);
    }
  }
  return localised.map((k, i) => {
    if (keep[i]) return k;
    const verses = places[i]!.length > 0 ? catalog.passages.get(keyOf(places[i]!)) : undefined;
    if (!verses || verses.length === 0) return k;
    return { ...k, translation: code, text: verses.map((v) => v.text).join(' ') };
  });
}

export { neighbours } from '#shared/bible/chapter-answer.ts';

const START = '\u27e6';
const STOP = '\u27e7';

/** Splits ts_headline output into plain and matched segments (rendered without HTML). */
export function segmentsOf(headline: string): { text: string; match: boolean }[] {
  const out: { text: string; match: boolean }[] = [];
  for (const [i, part] of headline.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (part) out.push({ text: part, match: i % 2 === 1 });
  }
  return out;
}

export async function searchVerses(
  db: Database,
  opts: {
    code: string;
    language: 'en' | 'es';
    q: string;
    page: number;
    book?: number;
    testament?: 'OT' | 'NT';
    lang: Language;
  },
): Promise<{ total: number; results: SearchHit[] }> {
  const config =
    opts.language === 'es'
      ? sql.raw(`'es_unaccent'::regconfig`)
      : sql.raw(`'en_unaccent'::regconfig`);
  // Parse the query first and pass it back as a value: the planner then sees the words
  // (it estimates how many verses match and skips the translation bitmap for common words),
  // and a query of stop words only ends here.
  const parsed = await db.execute<{ query: string }>(
    sql`select websearch_to_tsquery(${config}, ${opts.q})::text as query`,
  );
  const tsquery = parsed.rows[0]?.query ?? '';
  if (!tsquery) return { total: 0, results: [] };
  const query = sql`${tsquery}::tsquery`;
  const filters: SQL[] = [
    eq(bibleVerse.translation, opts.code),
    sql`${bibleVerse.search} @@ ${query}`,
  ];
  if (opts.book) filters.push(eq(bibleVerse.book, opts.book));
  if (opts.testament === 'OT') filters.push(between(bibleVerse.book, 1, 39));
  if (opts.testament === 'NT') filters.push(between(bibleVerse.book, 40, 66));
  // Rank the hits on their keys only (no text, no window over wide rows), count them from the
  // same materialized set, then fetch the text and build the highlighted snippet only for the
  // page shown (ADR 0028).
  const result = await db.execute<{
    book: number;
    chapter: number;
    verse: number;
    headline: string;
    total: string | number;
  }>(sql`
    with hits as materialized (
      select ${bibleVerse.book} as book, ${bibleVerse.chapter} as chapter, ${bibleVerse.verse} as verse,
        ts_rank(${bibleVerse.search}, ${query}) as rank
      from ${bibleVerse}
      where ${and(...filters)}
    ),
    page as (
      select book, chapter, verse, rank from hits
      order by rank desc, book, chapter, verse
      limit ${SEARCH_PAGE_SIZE} offset ${(opts.page - 1) * SEARCH_PAGE_SIZE}
    )
    select page.book, page.chapter, page.verse, (select count(*) from hits) as total,
      ts_headline(${config}, v.text, ${query}, ${`StartSel=${START}, StopSel=${STOP}, HighlightAll=true`}) as headline
    from page
    join ${bibleVerse} v on v.translation = ${opts.code} and v.book = page.book
      and v.chapter = page.chapter and v.verse = page.verse
    order by page.rank desc, page.book, page.chapter, page.verse`);
  const rows = result.rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    results: rows.map((r) => {
      const book = Number(r.book);
      const point = { book, chapter: Number(r.chapter), verse: Number(r.verse) };
      const osisBook = BOOKS[book - 1]?.osis ?? '';
      return {
        osis: `${osisBook}.${point.chapter}.${point.verse}`,
        reference: formatReference([{ start: point, end: point }], opts.lang),
        book: osisBook,
        chapter: point.chapter,
        verse: point.verse,
        segments: segmentsOf(r.headline),
      };
    }),
  };
}

/** The same verse for everyone on a given local date: the list entry of that day number. */
export function verseOfTheDayFor(date: string): { osis: string; ranges: VerseRange[] } {
  const osis = verseOfTheDayOsis(date);
  return { osis, ranges: rangesFromOsis(osis) };
}

/** Today's verse for a member (their date, language and translation), with its text. */
export async function verseOfTheDay(
  db: Database,
  catalog: BibleCatalog,
  member: { preferences: { timeZone: string; bibleTranslation: string; spanishBible?: string } },
  lang: Language,
) {
  const date = localDate(new Date(), member.preferences.timeZone);
  const { osis, ranges } = verseOfTheDayFor(date);
  const { code, requested, fallback } = catalog.resolve(
    defaultTranslation(member.preferences.bibleTranslation, lang, member.preferences.spanishBible),
    lang,
  );
  const verses = await readPassage(db, catalog, code, ranges, lang);
  return {
    date,
    reference: formatReference(ranges, lang),
    osis,
    translation: code,
    requestedTranslation: requested,
    fallback,
    verses,
  };
}
