import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PackError,
  chosenParts,
  downloadParts,
  missingParts,
  packPlace,
  pruneParts,
  readPart,
  sha256,
  type FetchPart,
  type PackIndex,
  type PackProgress,
  type PackStore,
} from '../../src/client/features/offline/index.ts';
import { PACK_FORMAT, type BiblePart, type OfflineManifest } from '#shared/schemas/offline.ts';
import {
  installPackFile,
  packFile,
  packFileName,
  readPackFile,
} from '../../src/client/features/offline/pack-file.ts';

/**
 * The phone's side of the offline pack (issue 40, ADR 0070), against a store in memory and a
 * network that the tests cut off and damage: every part kept is the part named, a cut costs at
 * most the part on its way, and an update fetches only the parts whose names changed.
 */

/** A Bible of `n` parts, each ~25 KB gzipped (random words compress poorly). */
function makeParts(code: string, n: number, seed = 1) {
  let x = seed;
  const word = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x.toString(36);
  };
  return Array.from({ length: n }, (_, i) => {
    const part: BiblePart = {
      format: PACK_FORMAT,
      kind: 'bible',
      translation: code,
      chapters: [
        {
          book: 'Gen',
          chapter: i + 1,
          verses: Array.from({ length: 2000 }, () => `${word()} ${word()} ${word()}`),
        },
      ],
    };
    const bytes = new Uint8Array(gzipSync(JSON.stringify(part)));
    return {
      id: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      from: `Gen.${i + 1}`,
      to: `Gen.${i + 1}`,
    };
  });
}

function manifestOf(bibles: Record<string, ReturnType<typeof makeParts>>): OfflineManifest {
  return {
    format: PACK_FORMAT,
    maxPartBytes: 65536,
    bibles: Object.entries(bibles).map(([code, parts]) => ({
      code,
      name: code,
      language: code === 'RV1909' ? 'es' : 'en',
      bytes: parts.reduce((s, p) => s + p.bytes.length, 0),
      parts: parts.map(({ id, bytes, from, to }) => ({ id, bytes: bytes.length, from, to })),
    })),
    courses: [],
  };
}

function memoryStore(): PackStore & { map: Map<string, Uint8Array> } {
  const map = new Map<string, Uint8Array>();
  return {
    map,
    has: async (id) => map.has(id),
    get: async (id) => map.get(id),
    put: async (id, bytes) => void map.set(id, bytes),
    delete: async (id) => void map.delete(id),
    ids: async () => [...map.keys()],
  };
}

/**
 * A network serving these parts in 4 KB chunks. `cut(id, n)` makes the next fetch of a part stop
 * after n bytes; `damage(id)` flips a byte of its next answer. Counts what it sent.
 */
function network(parts: ReturnType<typeof makeParts>) {
  const byId = new Map(parts.map((p) => [p.id, p.bytes]));
  const cuts = new Map<string, number>();
  const damaged = new Set<string>();
  const fetched: string[] = [];
  const get: FetchPart = async (id, onBytes) => {
    const bytes = byId.get(id);
    if (!bytes) throw new PackError('network', '404');
    fetched.push(id);
    const cutAt = cuts.get(id);
    cuts.delete(id);
    const out = bytes.slice();
    if (damaged.delete(id)) out[100] = out[100]! ^ 0xff;
    for (let at = 0; at < out.length; at += 4096) {
      const n = Math.min(4096, out.length - at);
      if (cutAt !== undefined && at + n > cutAt) {
        onBytes(cutAt - at);
        throw new TypeError('Failed to fetch');
      }
      onBytes(n);
    }
    return out;
  };
  return {
    get,
    fetched,
    cut: (id: string, n: number) => void cuts.set(id, n),
    damage: (id: string) => void damaged.add(id),
  };
}

describe('the offline pack on the phone', () => {
  const kjv = makeParts('KJV', 12, 1);
  const rv = makeParts('RV1909', 12, 2);
  const manifest = manifestOf({ KJV: kjv, RV1909: rv, WEB: makeParts('WEB', 3, 3) });
  const chosen = chosenParts(manifest, { bibles: ['KJV', 'RV1909'], courses: [] });
  const total = chosen.reduce((s, p) => s + p.bytes, 0);

  it('fetches the chosen translations part by part, each kept under its name, with the bytes counted', async () => {
    expect(chosen).toHaveLength(24);
    const store = memoryStore();
    const net = network([...kjv, ...rv]);
    const seen: PackProgress[] = [];
    const done = await downloadParts(chosen, {
      store,
      fetch: net.get,
      onProgress: (p) => seen.push(p),
    });
    expect(done).toMatchObject({ done: total, total, arriving: 0, transferred: total });
    expect([...store.map.keys()]).toEqual(chosen.map((p) => p.id));
    for (const [id, bytes] of store.map) expect(await sha256(bytes)).toBe(id);
    // The bar moves forward only, and what it shows never passes the total.
    const shown = seen.map((p) => p.done + p.arriving);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(Math.max(...shown)).toBe(total);
    const part = await readPart(store.map.get(chosen[0]!.id)!);
    expect(part).toMatchObject({
      kind: 'bible',
      translation: 'KJV',
      chapters: [{ book: 'Gen', chapter: 1 }],
    });
  });

  it('cut off five times, then finished: each cut costs at most the part on its way', async () => {
    const store = memoryStore();
    const net = network([...kjv, ...rv]);
    for (const [i, at] of [2, 7, 8, 15, 22].entries()) {
      net.cut(chosen[at]!.id, Math.floor(chosen[at]!.bytes * (0.1 + 0.2 * i)));
      await expect(downloadParts(chosen, { store, fetch: net.get })).rejects.toMatchObject({
        reason: 'network',
      });
      // What was kept is whole: the cut part is not in the store.
      expect(store.map.has(chosen[at]!.id)).toBe(false);
      expect(store.map.size).toBe(at);
    }
    const last = await downloadParts(chosen, { store, fetch: net.get });
    expect(last.done).toBe(total);
    expect(store.map.size).toBe(24);
    // Fetched twice: only the five cut parts; every other part once.
    const twice = chosen.filter((p) => net.fetched.filter((id) => id === p.id).length === 2);
    expect(twice.map((p) => chosen.indexOf(p))).toEqual([2, 7, 8, 15, 22]);
    expect(net.fetched).toHaveLength(24 + 5);
    const { missing } = await missingParts(chosen, store);
    expect(missing).toEqual([]);
  });

  it('counts the bytes of a cut download: what came twice is under 64 KB a cut', async () => {
    const store = memoryStore();
    const net = network([...kjv, ...rv]);
    let sent = 0;
    const counting: FetchPart = (id, onBytes, signal) =>
      net.get(id, (n) => ((sent += n), onBytes(n)), signal);
    for (const at of [1, 5, 9, 13, 20]) {
      net.cut(chosen[at]!.id, chosen[at]!.bytes - 10);
      await downloadParts(chosen, { store, fetch: counting }).catch(() => undefined);
    }
    await downloadParts(chosen, { store, fetch: counting });
    expect(sent - total).toBeGreaterThan(0);
    expect(sent - total).toBeLessThanOrEqual(5 * 65536);
  });

  it('fetches a damaged part again and never keeps it; gives up after three damaged answers', async () => {
    const store = memoryStore();
    const net = network([...kjv, ...rv]);
    net.damage(chosen[3]!.id);
    const done = await downloadParts(chosen, { store, fetch: net.get });
    expect(done.done).toBe(total);
    expect(done.transferred).toBe(total + chosen[3]!.bytes);
    expect(net.fetched.filter((id) => id === chosen[3]!.id)).toHaveLength(2);
    expect(await sha256(store.map.get(chosen[3]!.id)!)).toBe(chosen[3]!.id);

    const again = memoryStore();
    const broken: FetchPart = async (id, onBytes, signal) => {
      const bytes = await net.get(id, onBytes, signal);
      if (id === chosen[0]!.id) bytes[50] = bytes[50]! ^ 1;
      return bytes;
    };
    await expect(downloadParts(chosen, { store: again, fetch: broken })).rejects.toMatchObject({
      reason: 'damaged',
    });
    expect(again.map.size).toBe(0);
  });

  it('after a correction fetches only the part that changed, and drops the old one', async () => {
    const store = memoryStore();
    const net = network([...kjv, ...rv]);
    await downloadParts(chosen, { store, fetch: net.get });
    const corrected = [...kjv];
    corrected[4] = makeParts('KJV', 5, 99)[4]!;
    const next = chosenParts(manifestOf({ KJV: corrected, RV1909: rv }), {
      bibles: ['KJV', 'RV1909'],
      courses: [],
    });
    const updates = network([...corrected, ...rv]);
    const done = await downloadParts(next, { store, fetch: updates.get });
    expect(updates.fetched).toEqual([corrected[4]!.id]);
    expect(done.transferred).toBe(corrected[4]!.bytes.length);
    expect(
      await pruneParts(
        store,
        next.map((p) => p.id),
      ),
    ).toBe(1);
    expect([...store.map.keys()].sort()).toEqual(next.map((p) => p.id).sort());
  });

  it('stops when asked, keeping the parts it had', async () => {
    const store = memoryStore();
    const net = network([...kjv, ...rv]);
    const stop = new AbortController();
    const progress = downloadParts(chosen, {
      store,
      fetch: net.get,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done >= chosen[0]!.bytes + chosen[1]!.bytes) stop.abort();
      },
    });
    await expect(progress).rejects.toMatchObject({ name: 'AbortError' });
    expect(store.map.size).toBe(2);
  });

  it('refuses a manifest of another format', () => {
    expect(() => chosenParts({ ...manifest, format: 2 }, { bibles: ['KJV'], courses: [] })).toThrow(
      PackError,
    );
  });
});

describe('where the service worker reads a chapter offline (packPlace)', () => {
  const part = (from: string, to: string) => ({ id: `${from}-${to}`, bytes: 1, from, to });
  const index: PackIndex = {
    format: PACK_FORMAT,
    savedAt: '2026-11-29T00:00:00.000Z',
    available: ['KJV', 'WEB', 'RV1909', 'VBL'],
    bibles: [
      {
        code: 'KJV',
        name: 'King James Version',
        language: 'en',
        bytes: 3,
        parts: [part('Gen.1', 'Gen.20'), part('Gen.21', 'Exod.4'), part('Exod.5', 'Rev.22')],
      },
      {
        code: 'RV1909',
        name: 'Reina-Valera 1909',
        language: 'es',
        bytes: 1,
        parts: [part('Gen.1', 'Rev.22')],
      },
    ],
  };

  it('finds the part whose bounds hold the chapter, across a book boundary', () => {
    expect(packPlace(index, 'KJV', 'Gen', 20, 'en')?.part.id).toBe('Gen.1-Gen.20');
    expect(packPlace(index, 'KJV', 'Gen', 50, 'en')?.part.id).toBe('Gen.21-Exod.4');
    expect(packPlace(index, 'KJV', 'Exod', 4, 'en')?.part.id).toBe('Gen.21-Exod.4');
    expect(packPlace(index, 'KJV', 'Exod', 5, 'en')?.part.id).toBe('Exod.5-Rev.22');
    expect(packPlace(index, 'KJV', '1John', 3, 'en')).toMatchObject({
      code: 'KJV',
      fallback: false,
    });
  });

  it('reads a text the server does not have in its fallback, as the server does', () => {
    expect(packPlace(index, 'NKJV', 'John', 3, 'en')).toMatchObject({
      code: 'KJV',
      fallback: true,
    });
    expect(packPlace(index, 'NKJV', 'John', 3, 'es')).toMatchObject({
      code: 'RV1909',
      fallback: true,
    });
    // ESV's fallback (WEB) is not downloaded.
    expect(packPlace(index, 'ESV', 'John', 3, 'en')).toBeNull();
  });

  it('leaves to the network a text the server has but the phone does not, and unknown places', () => {
    expect(packPlace(index, 'WEB', 'John', 3, 'en')).toBeNull();
    expect(packPlace(index, 'VBL', 'John', 3, 'es')).toBeNull();
    expect(packPlace(index, 'KJV', 'Nope', 3, 'en')).toBeNull();
  });
});

describe('the download as one file (pack-file.ts)', () => {
  const kjv = makeParts('KJV', 4);
  const rv = makeParts('RV1909', 3, 7);
  const index: PackIndex = {
    format: PACK_FORMAT,
    savedAt: '2026-11-29T00:00:00.000Z',
    available: ['KJV', 'RV1909', 'WEB'],
    bibles: manifestOf({ KJV: kjv, RV1909: rv }).bibles,
  };
  const fullStore = () => {
    const store = memoryStore();
    for (const p of [...kjv, ...rv]) store.map.set(p.id, p.bytes);
    return store;
  };
  const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

  it('is read back whole on another phone, every part checked, then installed', async () => {
    const file = await bytesOf(await packFile(index, fullStore()));
    expect(packFileName(index)).toBe('camino-bible-KJV-RV1909.caminopack');
    const seen: number[] = [];
    const read = await readPackFile(file, (done) => seen.push(done));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(read.index.bibles.map((b) => b.code)).toEqual(['KJV', 'RV1909']);
    const other = memoryStore();
    const installed = await installPackFile(read, other);
    expect([...other.map.keys()].sort()).toEqual([...kjv, ...rv].map((p) => p.id).sort());
    for (const p of [...kjv, ...rv]) expect(other.map.get(p.id)).toEqual(p.bytes);
    expect(installed.available).toEqual(index.available);
  });

  it('installs nothing from a damaged file, and says which kind of file it is not', async () => {
    const file = await bytesOf(await packFile(index, fullStore()));
    const damaged = file.slice();
    damaged[damaged.length - 500] = damaged[damaged.length - 500]! ^ 0xff;
    await expect(readPackFile(damaged)).rejects.toMatchObject({ reason: 'damaged' });
    await expect(readPackFile(file.slice(0, file.length - 10))).rejects.toMatchObject({
      reason: 'damaged',
    });
    await expect(
      readPackFile(new TextEncoder().encode('PK\u0003\u0004 a zip')),
    ).rejects.toMatchObject({ reason: 'format' });
    const otherFormat = new TextEncoder().encode(
      `CAMINO-PACK ${PACK_FORMAT}\n${JSON.stringify({ ...index, format: 2 })}\n`,
    );
    await expect(readPackFile(otherFormat)).rejects.toMatchObject({ reason: 'format' });
  });

  it('cannot be made without every part on the phone', async () => {
    const store = fullStore();
    store.map.delete(rv[1]!.id);
    await expect(packFile(index, store)).rejects.toBeInstanceOf(PackError);
  });
});
