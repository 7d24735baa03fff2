/**
 * The Bibles of the offline pack (issue 40; docs/decisions/0070): each bundled translation cut
 * into small parts, each part a gzipped JSON of whole chapters in order, named by the SHA-256 of
 * its bytes. A phone fetches the parts one by one and checks each against its name before it
 * keeps it, so a download cut off anywhere loses at most one part (≤ PACK_PART_MAX_BYTES), a
 * damaged part is fetched again, and a corrected text changes only the parts that hold it.
 *
 * Built from the bundled files (the same text the install put in the database), once per
 * process, the first time a member asks: a turn of the event loop between parts, so the server
 * keeps answering meanwhile.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  PACK_FORMAT,
  PACK_PART_MAX_BYTES,
  type BiblePart,
  type PackChapter,
} from '#shared/values/offline.ts';
import type { OfflineManifest } from '#shared/schemas/offline.ts';
import { bundledBibles, type BibleFile } from './data.ts';

export interface BuiltPart {
  id: string;
  bytes: Buffer;
  /** The first and last chapter it holds: "Gen.1", "Gen.31". */
  from: string;
  to: string;
}

export interface OfflinePack {
  /** The Bibles' side of the manifest (the courses' is src/server/courses/offline-pack.ts's). */
  manifest: Omit<OfflineManifest, 'courses'>;
  /** Every part of every translation by id. */
  parts: ReadonlyMap<string, Buffer>;
}

/** A part's bytes: the same value always gives the same bytes, so the same name. */
export const gzip = (value: unknown) =>
  // Level 9, and zlib writes no name and mtime 0: the same text gives the same bytes (and id).
  gzipSync(Buffer.from(JSON.stringify(value), 'utf8'), { level: 9 });

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One chapter of a Bible file as a part holds it (with its headings and the VBL's notes). */
export function packChapter(bible: BibleFile, book: number, chapter: number): PackChapter {
  const osis = bible.books[book]!.osis;
  const verses = bible.books[book]!.chapters[chapter - 1]!;
  const out: PackChapter = { book: osis, chapter, verses };
  const headings: Record<string, string> = {};
  const notes: Record<string, string[]> = {};
  verses.forEach((_, v) => {
    const ref = `${osis}.${chapter}.${v + 1}`;
    const heading = bible.titles[ref];
    if (heading) headings[String(v + 1)] = heading;
    const list = bible.notes?.[ref];
    if (list) notes[String(v + 1)] = list;
  });
  if (Object.keys(headings).length > 0) out.headings = headings;
  if (Object.keys(notes).length > 0) out.notes = notes;
  return out;
}

/**
 * A translation's parts: chapters in order, as many to a part as fit in PACK_PART_MAX_BYTES
 * once gzipped. Gzip is tried when the raw JSON reaches what should fit at the ratio the last
 * try measured, so a part is compressed a few times, not once per chapter.
 */
export async function bibleParts(bible: BibleFile): Promise<BuiltPart[]> {
  const chapters: PackChapter[] = [];
  bible.books.forEach((book, b) =>
    book.chapters.forEach((_, c) => chapters.push(packChapter(bible, b, c + 1))),
  );
  const part = (list: PackChapter[]): BiblePart => ({
    format: PACK_FORMAT,
    kind: 'bible',
    translation: bible.code,
    chapters: list,
  });
  const built: BuiltPart[] = [];
  // Bible text gzips to about a third: the first try comes below that.
  const firstTry = PACK_PART_MAX_BYTES * 2.4;
  let current: PackChapter[] = [];
  let raw = 0;
  let nextTry = firstTry;
  /** The part's bytes, if the last try was of `current` as it is. */
  let fits: Buffer | null = null;

  /** Ends the part (fewer chapters if it does not fit); returns those left for the next. */
  const close = (): PackChapter[] => {
    const list = [...current];
    const left: PackChapter[] = [];
    let bytes = fits ?? gzip(part(list));
    while (bytes.length > PACK_PART_MAX_BYTES && list.length > 1) {
      left.unshift(list.pop()!);
      bytes = gzip(part(list));
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    if (bytes.length > PACK_PART_MAX_BYTES) {
      throw new Error(`${bible.code} ${first.book}.${first.chapter} alone is over a part`);
    }
    built.push({
      id: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      from: `${first.book}.${first.chapter}`,
      to: `${last.book}.${last.chapter}`,
    });
    return left;
  };

  for (const chapter of chapters) {
    const size = JSON.stringify(chapter).length;
    if (raw + size < nextTry) {
      current.push(chapter);
      raw += size;
      fits = null;
      continue;
    }
    const bytes = gzip(part([...current, chapter]));
    if (bytes.length <= PACK_PART_MAX_BYTES) {
      current.push(chapter);
      raw += size;
      fits = bytes;
      // Try again when nine tenths of the room left should be used, at this ratio.
      nextTry = raw + ((PACK_PART_MAX_BYTES - bytes.length) * 0.9 * raw) / bytes.length;
      continue;
    }
    if (current.length === 0) {
      throw new Error(`${bible.code} ${chapter.book}.${chapter.chapter} alone is over a part`);
    }
    current = [...close(), chapter];
    raw = current.reduce((sum, c) => sum + JSON.stringify(c).length, 0);
    nextTry = firstTry;
    fits = null;
    await turn();
  }
  while (current.length > 0) {
    current = close();
    fits = null;
  }
  return built;
}

let building: Promise<OfflinePack> | null = null;

/** The pack of every bundled translation, built once per process (see the file's comment). */
export function offlinePack(dir?: string): Promise<OfflinePack> {
  if (dir !== undefined) return buildPack(dir);
  building ??= buildPack().catch((error: unknown) => {
    building = null;
    throw error;
  });
  return building;
}

async function buildPack(dir?: string): Promise<OfflinePack> {
  const parts = new Map<string, Buffer>();
  const bibles: OfflineManifest['bibles'] = [];
  for (const bundled of bundledBibles(dir)) {
    const bible = bundled.read();
    await turn();
    const built = await bibleParts(bible);
    for (const p of built) parts.set(p.id, p.bytes);
    bibles.push({
      code: bible.code,
      name: bible.name,
      language: bible.language,
      bytes: built.reduce((sum, p) => sum + p.bytes.length, 0),
      parts: built.map(({ id, bytes, from, to }) => ({ id, bytes: bytes.length, from, to })),
    });
  }
  return { manifest: { format: PACK_FORMAT, maxPartBytes: PACK_PART_MAX_BYTES, bibles }, parts };
}
