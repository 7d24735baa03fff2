import { once } from 'node:events';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { coalesce } from '../db/batches.ts';

/** MS-DOS time and date, the format of ZIP's file times (local fields, 2-second steps). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A file of the archive: its name and its content, made piece by piece as it is written. */
export interface ZipFile {
  name: string;
  data: AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

const UTF8_NAMES = 0x0800;
/** CRC and sizes follow the data (a data descriptor), as they are known only once it is written. */
const DATA_DESCRIPTOR = 0x0008;
const FLAGS = UTF8_NAMES | DATA_DESCRIPTOR;
/** Without ZIP64, sizes and offsets are 32-bit: a larger archive fails rather than lies. */
const ZIP32_LIMIT = 0xffffffff;
/** Text pieces are about 16 K characters (`coalesce`): up to 48 KB in UTF-8. */
const SCRATCH_BYTES = 64 * 1024;

/** One file's data deflated as it comes: the compressed pieces, then its CRC and sizes. */
async function* deflated(
  data: ZipFile['data'],
  sizes: { crc: number; raw: number; packed: number },
): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => out.push(piece));
  const failed = new Promise<never>((_, reject) => deflate.once('error', reject));
  failed.catch(() => undefined);
  const take = function* () {
    while (out.length) {
      const piece = out.shift()!;
      sizes.packed += piece.length;
      yield piece;
    }
  };
  // Text is encoded into one buffer, reused once zlib has taken each piece: a new buffer per
  // piece would be memory outside V8's heap that only its collections give back (ADR 0046).
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  try {
    for await (const chunk of coalesce(data)) {
      const raw =
        typeof chunk !== 'string'
          ? chunk
          : Buffer.byteLength(chunk, 'utf8') <= scratch.length
            ? scratch.subarray(0, scratch.write(chunk, 'utf8'))
            : Buffer.from(chunk, 'utf8');
      if (!raw.length) continue;
      sizes.crc = crc32(raw, sizes.crc);
      sizes.raw += raw.length;
      // Wait until zlib has consumed the piece: the scratch buffer is then free again.
      await Promise.race([
        new Promise<void>((resolve) => deflate.write(raw, () => resolve())),
        failed,
      ]);
      yield* take();
    }
    deflate.end();
    await Promise.race([once(deflate, 'end'), failed]);
    yield* take();
  } finally {
    deflate.destroy();
  }
}

/**
 * A ZIP archive (PKWARE APPNOTE 6.3: deflated entries, UTF-8 names, no ZIP64, so under 4 GB),
 * which every system opens without a tool: the personal data export's one download. Written as
 * it is read: each file's local header, its deflated data as its content comes, then a data
 * descriptor with its CRC and sizes; the central directory (a few dozen bytes a file) at the end.
 * Memory holds a piece of content and zlib's window, not the archive (ADR 0046).
 */
export async function* zipStream(
  files: AsyncIterable<ZipFile> | Iterable<ZipFile>,
  when = new Date(),
): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(when);
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate, data descriptor)
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14–25) stay 0: they are in the data descriptor.
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    yield Buffer.concat([local, name]);
    const sizes = { crc: 0, raw: 0, packed: 0 };
    yield* deflated(file.data, sizes);
    if (sizes.raw > ZIP32_LIMIT || sizes.packed > ZIP32_LIMIT) {
      throw new Error(`${file.name} is larger than a ZIP without ZIP64 holds`);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(sizes.crc, 4);
    descriptor.writeUInt32LE(sizes.packed, 8);
    descriptor.writeUInt32LE(sizes.raw, 12);
    yield descriptor;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(sizes.crc, 16);
    central.writeUInt32LE(sizes.packed, 20);
    central.writeUInt32LE(sizes.raw, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + sizes.packed + descriptor.length;
    count += 1;
    if (offset > ZIP32_LIMIT || count > 0xffff) {
      throw new Error('the archive is larger than a ZIP without ZIP64 holds');
    }
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
