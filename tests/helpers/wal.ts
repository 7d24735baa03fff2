import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A PGlite dump (`dumpDataDir('gzip')`, a gzipped tar of its data folder) without the WAL
 * segments PostgreSQL will not read. The dump of the loaded test database held ten 16 MB
 * segments (168 of its 285 MB): after a checkpoint only the segment holding it is read at start;
 * the others are old segments kept for reuse, whose content is stale. Every server test file
 * unpacked all of them into memory, and every browser test copied them to disk.
 *
 * Take the dump right after a `CHECKPOINT`: pg_control then names where replay starts (redo) and
 * the checkpoint record, and the segments from redo's to the checkpoint's are kept. PostgreSQL
 * makes new segments as it needs them.
 */
export function withoutUnreadWal(dump: Uint8Array): Buffer {
  const tar = gunzipSync(dump);
  const entries = readTar(tar);
  const control = entries.find((e) => e.name.replace(/^\/+/, '') === 'global/pg_control');
  if (!control) throw new Error('no global/pg_control in the dump');
  const data = tar.subarray(control.dataStart, control.dataStart + 64);
  // ControlFileData (PostgreSQL 17, little-endian wasm): checkPoint at 32, then the
  // CheckPoint copy: redo at 40, ThisTimeLineID at 48.
  const checkPoint = data.readBigUInt64LE(32);
  const redo = data.readBigUInt64LE(40);
  const timeline = data.readUInt32LE(48);
  const segments = entries.filter((e) => isSegment(e.name));
  const size = BigInt(segments[0]?.size ?? 0);
  if (size === 0n || segments.some((s) => BigInt(s.size) !== size)) {
    throw new Error('the dump has no WAL segments of one size');
  }
  const perId = 0x1_0000_0000n / size;
  const name = (segment: bigint) =>
    [BigInt(timeline), segment / perId, segment % perId]
      .map((n) => n.toString(16).toUpperCase().padStart(8, '0'))
      .join('');
  const keep = new Set<string>();
  for (let s = redo / size; s <= checkPoint / size; s++) keep.add(name(s));
  const kept = entries.filter((e) => !isSegment(e.name) || keep.has(baseName(e.name)));
  if (kept.filter((e) => isSegment(e.name)).length !== keep.size) {
    throw new Error(`the dump lacks WAL segment(s) ${[...keep].join(', ')}`);
  }
  const blocks = kept.map((e) => tar.subarray(e.headerStart, e.end));
  // A tar ends with two empty blocks.
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]), { level: 1 });
}

interface TarEntry {
  name: string;
  size: number;
  headerStart: number;
  dataStart: number;
  /** Where the next header starts (the data padded to 512 bytes). */
  end: number;
}

function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const type = field(156, 1);
    if (type === 'L' || type === 'x' || type === 'g') {
      throw new Error(`a tar entry of type ${type}: long names are not expected in a dump`);
    }
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const dataStart = at + 512;
    const end = dataStart + Math.ceil(size / 512) * 512;
    entries.push({ name, size, headerStart: at, dataStart, end });
    at = end;
  }
  return entries;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const isSegment = (path: string) => /(^|\/)pg_wal\/[0-9A-F]{24}$/.test(path);
