/**
 * The offline pack on the phone (issue 40; docs/decisions/0070): fetches the parts the manifest
 * names, keeps each only if its bytes hash to its name, and picks up where it stopped. The parts
 * live in Cache Storage under their own address, where the service worker finds them.
 *
 * Nothing personal goes in: Bible text and course lessons, the same for every member.
 */
// Values without Zod: the service worker will import this file too.
import type { OfflineManifest } from '#shared/schemas/offline.ts';
import { bookIndex } from '#shared/bible/books.ts';
import { fallbackTranslation } from '#shared/bible/chapter-answer.ts';
import {
  PACK_FORMAT,
  PACK_PART_ID,
  type BiblePart,
  type CoursePart,
} from '#shared/values/offline.ts';

/** The Cache Storage cache that holds the pack's parts (the service worker reads it too). */
export const PACK_CACHE = 'camino-pack-v1';

export const partUrl = (id: string) => `/api/offline/parts/${id}`;

/** Where the parts are kept: Cache Storage in the app, a Map in the unit tests. */
export interface PackStore {
  has(id: string): Promise<boolean>;
  get(id: string): Promise<Uint8Array | undefined>;
  put(id: string, bytes: Uint8Array): Promise<void>;
  delete(id: string): Promise<void>;
  ids(): Promise<string[]>;
}

/** The pack's parts in Cache Storage, each at its own address. */
export function cacheStore(name = PACK_CACHE): PackStore {
  const open = () => caches.open(name);
  return {
    async has(id) {
      return (await (await open()).match(partUrl(id))) !== undefined;
    },
    async get(id) {
      const res = await (await open()).match(partUrl(id));
      return res ? new Uint8Array(await res.arrayBuffer()) : undefined;
    },
    async put(id, bytes) {
      await (
        await open()
      ).put(
        partUrl(id),
        new Response(bytes.slice().buffer, {
          headers: { 'content-type': 'application/gzip', 'content-length': String(bytes.length) },
        }),
      );
    },
    async delete(id) {
      await (await open()).delete(partUrl(id));
    },
    async ids() {
      const keys = await (await open()).keys();
      return keys
        .map((request) => new URL(request.url).pathname.split('/').pop() ?? '')
        .filter((id) => PACK_PART_ID.test(id));
    },
  };
}

/** A part's bytes, reported as they arrive (`onBytes` with each chunk's length). */
export type FetchPart = (
  id: string,
  onBytes: (n: number) => void,
  signal?: AbortSignal,
) => Promise<Uint8Array>;

/** The network's FetchPart: the part as the server stores it, read chunk by chunk. */
export const fetchPart: FetchPart = async (id, onBytes, signal) => {
  const res = await fetch(partUrl(id), { signal, credentials: 'same-origin' });
  if (!res.ok || !res.body) throw new PackError('network', `part ${id}: ${res.status}`);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
    onBytes(value.length);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
};

export class PackError extends Error {
  constructor(
    readonly reason: 'network' | 'damaged' | 'format',
    message: string,
  ) {
    super(message);
    this.name = 'PackError';
  }
}

/** The SHA-256 of some bytes, in lower-case hex (a part's name). */
export async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type ManifestPart = OfflineManifest['bibles'][number]['parts'][number];
export type ManifestCourse = OfflineManifest['courses'][number];

/** What a member chose to have on the phone: translations by code, courses by id. */
export interface PackChoice {
  bibles: readonly string[];
  courses: readonly string[];
}

/** The parts of the chosen translations and courses, in order. */
export function chosenParts(manifest: OfflineManifest, choice: PackChoice): ManifestPart[] {
  if (manifest.format !== PACK_FORMAT) {
    throw new PackError('format', `pack format ${manifest.format}, not ${PACK_FORMAT}`);
  }
  return [
    ...manifest.bibles.filter((b) => choice.bibles.includes(b.code)).flatMap((b) => b.parts),
    ...(manifest.courses ?? [])
      .filter((c) => choice.courses.includes(c.id))
      .flatMap((c) => c.parts),
  ];
}

/** What a download holds, as a choice (an index of before the courses holds none). */
export const indexChoice = (index: PackIndex): PackChoice => ({
  bibles: index.bibles.map((b) => b.code),
  courses: (index.courses ?? []).map((c) => c.id),
});

/** Every part a download names: its translations' and its courses'. */
export const indexParts = (index: PackIndex): ManifestPart[] => [
  ...index.bibles.flatMap((b) => b.parts),
  ...(index.courses ?? []).flatMap((c) => c.parts),
];

export interface PackProgress {
  /** Bytes of the chosen parts the phone has (kept before, or fetched and checked now). */
  done: number;
  /** Bytes of all the chosen parts. */
  total: number;
  /** Bytes of the part on its way (not checked yet): done + arriving is what the bar shows. */
  arriving: number;
  /** Bytes that came over the network in this run, a damaged or cut part's included. */
  transferred: number;
}

/** What is left to fetch: the chosen parts the store does not have yet, and their bytes. */
export async function missingParts(
  parts: readonly ManifestPart[],
  store: PackStore,
): Promise<{ missing: ManifestPart[]; bytes: number }> {
  const missing: ManifestPart[] = [];
  for (const part of parts) if (!(await store.has(part.id))) missing.push(part);
  return { missing, bytes: missing.reduce((sum, p) => sum + p.bytes, 0) };
}

/**
 * Fetches every chosen part the store lacks, in order, and keeps each whose bytes hash to its
 * name. A part that arrives damaged is fetched again (up to `tries` times in all), never kept.
 * A cut connection or `signal` stops it with the parts so far kept: called again, it fetches only
 * what is still missing, so a cut costs at most the part that was on its way.
 */
export async function downloadParts(
  parts: readonly ManifestPart[],
  options: {
    store: PackStore;
    fetch?: FetchPart;
    onProgress?: (progress: PackProgress) => void;
    signal?: AbortSignal;
    tries?: number;
  },
): Promise<PackProgress> {
  const { store, signal } = options;
  const get = options.fetch ?? fetchPart;
  const tries = options.tries ?? 3;
  const total = parts.reduce((sum, p) => sum + p.bytes, 0);
  const { missing, bytes } = await missingParts(parts, store);
  const progress: PackProgress = { done: total - bytes, total, arriving: 0, transferred: 0 };
  const report = () => options.onProgress?.({ ...progress });
  report();
  for (const part of missing) {
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let arrived = 0;
      const received = await get(
        part.id,
        (n) => {
          arrived += n;
          progress.transferred += n;
          progress.arriving = Math.min(arrived, part.bytes);
          report();
        },
        signal,
      ).catch((error: unknown) => {
        progress.arriving = 0;
        if (error instanceof PackError || (error as Error)?.name === 'AbortError') throw error;
        throw new PackError('network', String(error));
      });
      progress.arriving = 0;
      if (arrived === 0) progress.transferred += received.length;
      if (received.length === part.bytes && (await sha256(received)) === part.id) {
        signal?.throwIfAborted();
        await store.put(part.id, received);
        progress.done += part.bytes;
        report();
        break;
      }
      if (attempt >= tries) {
        throw new PackError('damaged', `part ${part.id} arrived damaged ${tries} times`);
      }
    }
  }
  return { ...progress };
}

/** Drops the stored parts no longer named (a text corrected, a translation taken off). */
export async function pruneParts(store: PackStore, keep: readonly string[]): Promise<number> {
  const wanted = new Set(keep);
  let dropped = 0;
  for (const id of await store.ids()) {
    if (!wanted.has(id)) {
      await store.delete(id);
      dropped++;
    }
  }
  return dropped;
}

/**
 * A stored part, read: gunzipped and parsed (DecompressionStream, in the page or the worker), and
 * of the kind expected (a Bible's chapters unless told otherwise).
 */
export async function readPart(bytes: Uint8Array): Promise<BiblePart>;
export async function readPart(bytes: Uint8Array, kind: 'course'): Promise<CoursePart>;
export async function readPart(
  bytes: Uint8Array,
  kind: 'bible' | 'course' = 'bible',
): Promise<BiblePart | CoursePart> {
  const body = new Response(bytes as Uint8Array<ArrayBuffer>).body;
  if (!body) throw new PackError('format', 'an empty part');
  const text = await new Response(body.pipeThrough(new DecompressionStream('gzip'))).text();
  const part = JSON.parse(text) as BiblePart | CoursePart;
  if (part.format !== PACK_FORMAT || part.kind !== kind) {
    throw new PackError('format', `a part of format ${part.format}, kind ${part.kind}`);
  }
  return part;
}

/**
 * What the phone has downloaded: the translations and courses chosen, each with its parts,
 * and every translation the server had (a text it does not have is read in its fallback's words,
 * as the server does). Kept in the pack's cache at an address no route answers; written once a
 * download is complete, so the service worker reads only translations whose parts are all there.
 */
export const PACK_INDEX_URL = '/api/offline/index';

export interface PackIndex {
  format: typeof PACK_FORMAT;
  /** When the download was completed (ISO 8601). */
  savedAt: string;
  /** Every translation the server offered (the manifest's codes). */
  available: string[];
  /** The translations downloaded, as the manifest listed them. */
  bibles: OfflineManifest['bibles'];
  /** The courses downloaded, as the manifest listed them (none in a download of before them). */
  courses?: ManifestCourse[];
}

export async function writeIndex(index: PackIndex, name = PACK_CACHE): Promise<void> {
  await (
    await caches.open(name)
  ).put(
    PACK_INDEX_URL,
    new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }),
  );
}

/** The phone's download, or null when there is none (or one of another format). */
export async function readIndex(name = PACK_CACHE): Promise<PackIndex | null> {
  if (typeof caches === 'undefined' || !(await caches.has(name))) return null;
  const kept = await (await caches.open(name)).match(PACK_INDEX_URL);
  const index = kept ? ((await kept.json().catch(() => null)) as PackIndex | null) : null;
  return index?.format === PACK_FORMAT ? index : null;
}

/** Everything downloaded, gone: "Remove offline data". */
export async function removePack(name = PACK_CACHE): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(name);
}

/** A chapter's place in canonical order ("Gen.1" → 1001), for comparing parts' bounds. */
function chapterOrder(osis: string): number {
  const dot = osis.lastIndexOf('.');
  const book = bookIndex(osis.slice(0, dot)) + 1;
  return book * 1000 + Number(osis.slice(dot + 1));
}

/**
 * Where a chapter is read offline: the translation (the requested one, or its fallback when the
 * server has no such text) and the part that holds the chapter. Null when it is not downloaded.
 */
export function packPlace(
  index: PackIndex,
  requested: string,
  osis: string,
  chapter: number,
  lang: 'en' | 'es',
): { code: string; fallback: boolean; part: ManifestPart } | null {
  const found = packBible(index, requested, lang);
  const part = found && partHolding(found.bible, osis, chapter);
  return part ? { code: found.code, fallback: found.fallback, part } : null;
}

/** The part of a downloaded translation that holds a chapter (its own numbering), if any. */
export function partHolding(
  bible: PackIndex['bibles'][number],
  osis: string,
  chapter: number,
): ManifestPart | undefined {
  const at = chapterOrder(`${osis}.${chapter}`);
  if (at < 1001) return undefined;
  return bible.parts.find((p) => chapterOrder(p.from) <= at && at <= chapterOrder(p.to));
}

/**
 * The downloaded translation read for `requested`: itself, or its fallback when the server has no
 * such text (as the server reads it). Null when that one is not downloaded.
 */
export function packBible(
  index: PackIndex,
  requested: string,
  lang: 'en' | 'es',
): { code: string; fallback: boolean; bible: PackIndex['bibles'][number] } | null {
  const fallback = !index.available.includes(requested);
  const code = fallback ? fallbackTranslation(requested, lang) : requested;
  const bible = index.bibles.find((b) => b.code === code);
  return bible ? { code, fallback, bible } : null;
}
