/**
 * Chapters read from the offline pack (issue 40, docs/decisions/0070): when the member has
 * downloaded a translation, the worker answers `GET /api/bible/chapter/:translation/:book/:chapter`
 * from its parts, with the network or without, built by the same function as the server's answer
 * (src/shared/bible/chapter-answer.ts). A chapter not downloaded goes to the network as before.
 */
import { BOOKS, bookIndex } from '../../shared/bible/books.ts';
import {
  chapterAnswer,
  formatReference,
  packedVerses,
  type VerseRange,
} from '../../shared/bible/chapter-answer.ts';
import { readShownReference } from '../../shared/bible/shown-reference.ts';
import type { Verse } from '../../shared/schemas/bible.ts';
import { parallelChapterAnswer, passageRows } from '../../shared/bible/parallel-answer.ts';
import { versificationOf } from '../../shared/bible/versification.ts';
import { translationLanguage } from '../../shared/values/bible.ts';
import type { BiblePart } from '../../shared/values/offline.ts';
import {
  PACK_CACHE,
  packBible,
  packPlace,
  partHolding,
  partUrl,
  readIndex,
  readPart,
  type PackIndex,
} from '../features/offline/pack.ts';

/** The chapter route's path: translation, OSIS book, chapter. */
export const CHAPTER_PATH =
  /^\/api\/bible\/chapter\/([A-Z0-9]{2,8})\/([1-3]?[A-Za-z]{2,6})\/(\d{1,3})$/;

/** Says an answer came from the download (the reader can tell the member so). */
export const PACK_SOURCE_HEADER = 'x-camino-source';

/**
 * An answer made on the phone from a download, as the server's JSON would come, marked as the
 * download's (`PACK_SOURCE_HEADER`); `date` when it stands for an answer the server dated.
 */
export function packAnswer(body: unknown, date?: string | null): Response {
  return new Response(JSON.stringify(body), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      [PACK_SOURCE_HEADER]: 'offline-pack',
      ...(date ? { date } : {}),
    },
  });
}

/**
 * Parts read lately, newest last: turning pages reads the same part again and again. Named by
 * their bytes' hash, so a part kept here is never stale.
 */
const decoded = new Map<string, BiblePart>();
const DECODED_KEEP = 4;

export async function part(id: string): Promise<BiblePart | null> {
  const kept = decoded.get(id);
  if (kept) {
    decoded.delete(id);
    decoded.set(id, kept);
    return kept;
  }
  const stored = await caches.match(partUrl(id), { cacheName: PACK_CACHE });
  if (!stored) return null;
  const read = await readPart(new Uint8Array(await stored.arrayBuffer()));
  decoded.set(id, read);
  if (decoded.size > DECODED_KEEP) decoded.delete(decoded.keys().next().value!);
  return read;
}

/**
 * The chapter's answer from the download, or null (not a chapter path, not downloaded, or a
 * part missing or unreadable: the network answers instead).
 */
export async function packChapter(pathname: string, lang: 'en' | 'es'): Promise<Response | null> {
  const match = CHAPTER_PATH.exec(pathname);
  if (!match) return null;
  const [, requested, osis, number] = match as unknown as [string, string, string, string];
  const chapter = Number(number);
  const index = await readIndex();
  const place = index && packPlace(index, requested, osis, chapter, lang);
  if (!place) return null;
  const read = await part(place.part.id).catch(() => null);
  const packed =
    read?.translation === place.code
      ? read.chapters.find((c) => c.book === osis && c.chapter === chapter)
      : undefined;
  if (!packed) return null;
  const answer = chapterAnswer({
    translation: place.code,
    requested,
    fallback: place.fallback,
    book: bookIndex(osis) + 1,
    chapter,
    lang,
    verses: packedVerses(packed, lang),
  });
  return packAnswer(answer);
}

/**
 * The verses of some ranges (canonical book numbers) in a downloaded translation, as the routes
 * give them, or null when a chapter they need is not on the phone.
 */
export async function packRanges(
  bible: PackIndex['bibles'][number],
  ranges: readonly VerseRange[],
  lang: 'en' | 'es',
): Promise<Verse[] | null> {
  const verses: Verse[] = [];
  for (const { start, end } of ranges) {
    for (let book = start.book; book <= end.book; book++) {
      const info = BOOKS[book - 1];
      if (!info) continue;
      const first = book === start.book ? start.chapter : 1;
      const last = book === end.book ? end.chapter : info.chapters;
      for (let chapter = first; chapter <= last; chapter++) {
        const holding = partHolding(bible, info.osis, chapter);
        const read = holding && (await part(holding.id));
        const packed =
          read && read.translation === bible.code
            ? read.chapters.find((c) => c.book === info.osis && c.chapter === chapter)
            : undefined;
        if (!packed) return null;
        const from = book === start.book && chapter === start.chapter ? start.verse : 1;
        const to = book === end.book && chapter === end.chapter ? end.verse : Infinity;
        verses.push(...packedVerses(packed, lang).filter((v) => v.verse >= from && v.verse <= to));
      }
    }
  }
  return verses;
}

/** The parallel route's path: two translations, OSIS book, chapter. */
export const PARALLEL_PATH =
  /^\/api\/bible\/parallel\/([A-Z0-9]{2,8})\/([A-Z0-9]{2,8})\/([1-3]?[A-Za-z]{2,6})\/(\d{1,3})$/;

/**
 * A chapter in two translations from the download, aligned through the verse map by the
 * server's own builder (src/shared/bible/parallel-answer.ts), or null when either text, or a part
 * it needs, is not on the phone.
 */
export async function packParallel(pathname: string, lang: 'en' | 'es'): Promise<Response | null> {
  const match = PARALLEL_PATH.exec(pathname);
  if (!match) return null;
  const [, first, second, osis, number] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const chapter = Number(number);
  const book = bookIndex(osis) + 1;
  if (!book || chapter > BOOKS[book - 1]!.chapters) return null;
  const index = await readIndex();
  if (!index) return null;
  const sides = new Map(
    [first, second].map((wanted) => [
      wanted,
      packBible(index, wanted, translationLanguage(wanted)),
    ]),
  );
  if ([...sides.values()].some((side) => !side)) return null;
  const bibles = new Map([...sides.values()].map((side) => [side!.code, side!.bible]));
  const read = async (code: string, c: number) => {
    const holding = partHolding(bibles.get(code)!, osis, c);
    const packed =
      holding && (await part(holding.id))?.chapters.find((x) => x.book === osis && x.chapter === c);
    if (!packed) throw new Error(`${code} ${osis} ${c} is not downloaded`);
    return packedVerses(packed, lang);
  };
  const answer = await parallelChapterAnswer(
    { first, second, book, chapter, lang },
    (wanted) => {
      const side = sides.get(wanted)!;
      return { code: side.code, requested: wanted, fallback: side.fallback };
    },
    read,
    versificationOf,
  ).catch(() => null);
  if (!answer) return null;
  return packAnswer(answer);
}

/** Ranges as OSIS, as the reference parser writes them ("John.3.16", "John.3.16-John.3.17"). */
function osisOf(ranges: readonly VerseRange[]): string {
  const at = (p: VerseRange['start']) => `${BOOKS[p.book - 1]!.osis}.${p.chapter}.${p.verse}`;
  return ranges
    .map(({ start, end }) => {
      const same =
        start.book === end.book && start.chapter === end.chapter && start.verse === end.verse;
      return same ? at(start) : `${at(start)}-${at(end)}`;
    })
    .join(',');
}

/** The passage route's path: `?ref=…&translation=…&parallel=…`. */
export const PASSAGE_PATH = '/api/bible/passage';

/**
 * A passage (and, with `parallel`, its counterpart verse beside verse, "show in both") from the
 * download, for `GET /api/bible/passage` with no network and no copy kept: a lesson opened from
 * the download, a later day of the plan or today's verse shown in both languages. The reference
 * is read back as the app wrote it (`readShownReference`: no parser on the phone); the rows come
 * from the server's own builder. Null when a text or a chapter it needs is not on the phone.
 */
export async function packPassage(url: URL, lang: 'en' | 'es'): Promise<Response | null> {
  const ref = url.searchParams.get('ref') ?? '';
  const wanted = url.searchParams.get('translation');
  const second = url.searchParams.get('parallel');
  const ranges =
    readShownReference(ref, lang) ?? readShownReference(ref, lang === 'en' ? 'es' : 'en');
  const index = ranges && wanted ? await readIndex() : null;
  if (!ranges || !wanted || !index) return null;
  const first = packBible(index, wanted, translationLanguage(wanted));
  const verses = first && (await packRanges(first.bible, ranges, lang));
  if (!first || !verses?.length) return null;
  const passage = {
    reference: formatReference(ranges, lang),
    osis: osisOf(ranges),
    translation: first.code,
    requestedTranslation: wanted,
    fallback: first.fallback,
    verses,
  };
  let body: unknown = passage;
  if (second) {
    const other = packBible(index, second, translationLanguage(second));
    if (!other) return null;
    const bibles = new Map([
      [first.code, first.bible],
      [other.code, other.bible],
    ]);
    const rows = await passageRows(
      { first: first.code, second: other.code },
      verses,
      async (code, book, chapter) => {
        const read = await packRanges(
          bibles.get(code)!,
          [{ start: { book, chapter, verse: 1 }, end: { book, chapter, verse: 999 } }],
          lang,
        );
        if (!read) throw new Error(`${code} ${book} ${chapter} is not downloaded`);
        return read;
      },
      versificationOf,
    ).catch(() => null);
    if (!rows) return null;
    body = {
      ...passage,
      parallel: { translation: other.code, language: translationLanguage(other.code), rows },
    };
  }
  return packAnswer(body);
}
