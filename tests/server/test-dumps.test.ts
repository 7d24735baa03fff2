import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dumpPath, fixtureKey } from '#tests/helpers/fixture.ts';
import { withoutUnreadWal } from '#tests/helpers/wal.ts';

const SEGMENT = 16 * 1024 * 1024;

/** A tar entry's bytes (enough of ustar for readTar: name, size, type). */
function entry(name: string, data: Uint8Array): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write(data.length.toString(8).padStart(11, '0'), 124, 'ascii');
  header.write('0', 156, 'ascii');
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  padded.set(data);
  return Buffer.concat([header, padded]);
}

/** pg_control with its checkpoint and redo at those WAL positions, timeline 1. */
function control(checkPoint: bigint, redo: bigint): Buffer {
  const data = Buffer.alloc(8192);
  data.writeBigUInt64LE(checkPoint, 32);
  data.writeBigUInt64LE(redo, 40);
  data.writeUInt32LE(1, 48);
  return data;
}

function dump(checkPoint: bigint, redo: bigint, segments: string[]): Buffer {
  return gzipSync(
    Buffer.concat([
      entry('/global/pg_control', control(checkPoint, redo)),
      entry('/base/5/1259', Buffer.from('a table')),
      ...segments.map((s) => entry(`/pg_wal/${s}`, Buffer.alloc(SEGMENT))),
      Buffer.alloc(1024),
    ]),
  );
}

/** The names in a gzipped tar. */
function names(gz: Uint8Array): string[] {
  const tar = gunzipSync(gz);
  const list: string[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    list.push(header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, ''));
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    at += 512 + Math.ceil((size || 0) / 512) * 512;
  }
  return list;
}

const seg = (n: number) => `00000001000000000000000${n.toString(16).toUpperCase()}`;

describe('the test databases’ dumps (tests/helpers/wal.ts)', () => {
  it('keep the WAL segments from redo to the checkpoint, and every other file', () => {
    const at = (segment: number, offset: number) => BigInt(segment * SEGMENT + offset);
    const trimmed = withoutUnreadWal(
      dump(at(0xb, 40), at(0xa, 9000), [1, 0xa, 0xb, 0xc, 0xd].map(seg)),
    );
    expect(names(trimmed)).toEqual([
      '/global/pg_control',
      '/base/5/1259',
      `/pg_wal/${seg(0xa)}`,
      `/pg_wal/${seg(0xb)}`,
    ]);
    const one = withoutUnreadWal(dump(at(0xa, 80), at(0xa, 40), [0xa, 0xb].map(seg)));
    expect(names(one).filter((n) => n.includes('pg_wal'))).toEqual([`/pg_wal/${seg(0xa)}`]);
  });

  it('refuse a dump that lacks a segment its checkpoint needs', () => {
    const at = BigInt(0xa * SEGMENT + 40);
    expect(() => withoutUnreadWal(dump(at, at, [0xb, 0xc].map(seg)))).toThrow(
      /lacks WAL segment\(s\) 00000001000000000000000A/,
    );
  });

  it('the Bibles’ dump of this run holds the segment of its checkpoint alone (two if it straddles)', () => {
    const file = dumpPath(fixtureKey());
    expect(existsSync(file)).toBe(true);
    const segments = names(readFileSync(file)).filter((n) => /pg_wal\/[0-9A-F]{24}$/.test(n));
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments.length).toBeLessThanOrEqual(2);
  });
});
