/**
 * The offline Bible as one file, to pass from phone to phone with no network (issue 40: "a
 * leader can give the Bible and the course to a group at a meeting"; docs/decisions/0070).
 *
 * The file: the line `CAMINO-PACK 1`, one line of JSON (the index: the translations and courses
 * and their parts, each named by the SHA-256 of its bytes), then every part's bytes in the order
 * listed (the translations', then the courses'). A premium course stays on its member's phone: the
 * file carries the courses open to everyone.
 * Opening one checks every part against its name and length before anything is installed: a
 * damaged or altered file installs nothing.
 */
import { PACK_FORMAT, PACK_PART_ID } from '#shared/values/offline.ts';
import { PackError, indexParts, sha256, type PackIndex, type PackStore } from './pack.ts';

const MAGIC = `CAMINO-PACK ${PACK_FORMAT}\n`;

/** The file's name, as saved: `camino-bible-KJV-RV1909.caminopack`. */
export const packFileName = (index: PackIndex) =>
  `camino-bible-${index.bibles.map((b) => b.code).join('-')}.caminopack`;

/** The file holding everything the index names but premium courses, from the store. */
export async function packFile(index: PackIndex, store: PackStore): Promise<Blob> {
  const shared: PackIndex = { ...index, courses: (index.courses ?? []).filter((c) => !c.premium) };
  const pieces: BlobPart[] = [MAGIC, `${JSON.stringify(shared)}\n`];
  for (const part of indexParts(shared)) {
    const bytes = await store.get(part.id);
    if (!bytes) throw new PackError('format', `part ${part.id} is not on this device`);
    pieces.push(bytes as Uint8Array<ArrayBuffer>);
  }
  return new Blob(pieces, { type: 'application/octet-stream' });
}

/**
 * A pack file read and checked: its index, and every part's bytes, each hashing to its name.
 * Throws `PackError('format')` for a file that is not one, `PackError('damaged')` for one whose
 * parts do not match their names. `onProgress(done, total)` after each part checked.
 */
export async function readPackFile(
  file: Uint8Array,
  onProgress?: (done: number, total: number) => void,
): Promise<{ index: PackIndex; parts: Map<string, Uint8Array> }> {
  const magic = new TextEncoder().encode(MAGIC);
  if (file.length < magic.length || magic.some((b, i) => file[i] !== b)) {
    throw new PackError('format', 'not a Camino pack file');
  }
  const end = file.indexOf(0x0a, magic.length);
  if (end < 0) throw new PackError('format', 'no index');
  let index: PackIndex;
  try {
    index = JSON.parse(new TextDecoder().decode(file.subarray(magic.length, end))) as PackIndex;
  } catch {
    throw new PackError('format', 'an unreadable index');
  }
  if (
    index?.format !== PACK_FORMAT ||
    !Array.isArray(index.bibles) ||
    (index.courses !== undefined && !Array.isArray(index.courses))
  ) {
    throw new PackError('format', `index of format ${String(index?.format)}`);
  }
  const listed = [...index.bibles, ...(index.courses ?? [])].flatMap((entry) =>
    Array.isArray(entry.parts) ? entry.parts : [],
  );
  const parts = new Map<string, Uint8Array>();
  let at = end + 1;
  for (const part of listed) {
    if (!PACK_PART_ID.test(part.id) || !Number.isInteger(part.bytes) || part.bytes <= 0) {
      throw new PackError('format', `a part named ${String(part.id)}`);
    }
    const bytes = file.subarray(at, at + part.bytes);
    at += part.bytes;
    if (bytes.length !== part.bytes || (await sha256(bytes)) !== part.id) {
      throw new PackError('damaged', `part ${part.id} does not match its name`);
    }
    parts.set(part.id, bytes);
    onProgress?.(parts.size, listed.length);
  }
  if (at !== file.length) throw new PackError('damaged', 'bytes after the last part');
  return { index, parts };
}

/**
 * Puts a checked pack file's parts into the store and gives its index as installed now: the
 * caller writes that index, then drops the parts it no longer names.
 */
export async function installPackFile(
  read: { index: PackIndex; parts: Map<string, Uint8Array> },
  store: PackStore,
): Promise<PackIndex> {
  for (const [id, bytes] of read.parts) {
    if (!(await store.has(id))) await store.put(id, bytes.slice());
  }
  return { ...read.index, savedAt: new Date().toISOString() };
}
