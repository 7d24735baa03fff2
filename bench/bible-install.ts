/**
 * `npm run bench -- --bible-install`: what the fourth bundled Bible (the VBL, issue 39) costs a
 * first start: the background install of the three texts before it against the four, in fresh
 * databases, interleaved (PGlite, as `npm start` uses, and PostgreSQL when it answers), with the
 * room the verses take in the database and the files' size in the repository.
 */
import { mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { BIBLE_DIR, bundledBibles } from '#server/bible/data.ts';
import { loadBundledBibles } from '#server/bible/loader.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '#server/db/client.ts';

export const BIBLE_INSTALL_INTRO = `What the fourth bundled Bible, the Versión Biblia Libre (issue 39), costs. A first start installs the bundled Bibles in
the background (ADR 0025); here the same install (\`loadBundledBibles\`, the cross references left out) runs into a fresh,
migrated database, once with the three texts before the VBL (KJV, RV1909, WEB) and once with all four, the two
interleaved, on PGlite (as \`npm start\` uses it, in memory here) and on PostgreSQL. "Database" is
\`pg_total_relation_size('bible_verse')\` (the verses, their search vectors and indexes). Goal: four texts take at most
1.4× the time of three (issue 39). \`npm run bench -- --bible-install\` measures this section alone and writes it here.`;

const kb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A folder holding links to the bundled files whose names pass `keep`. */
function subset(keep: (name: string) => boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'camino-bibles-'));
  for (const { file } of bundledBibles()) {
    if (keep(basename(file))) symlinkSync(file, join(dir, basename(file)));
  }
  return dir;
}

async function installOnce(
  open: () => Promise<DatabaseHandle & { drop?: () => Promise<void> }>,
  dir: string,
): Promise<{ ms: number; bytes: number }> {
  const handle = await open();
  try {
    await handle.migrate();
    const started = performance.now();
    await loadBundledBibles(handle.db, { kind: handle.kind, crossReferences: false, dir });
    const ms = performance.now() - started;
    const size = await handle.db.execute<{ bytes: string | number }>(
      sql`select pg_total_relation_size('bible_verse') as bytes`,
    );
    return { ms, bytes: Number(size.rows[0]!.bytes) };
  } finally {
    await handle.close();
    await handle.drop?.();
  }
}

export async function bibleInstallLines(
  rounds = Number(process.env.BENCH_INSTALL_ROUNDS ?? 3),
): Promise<string[]> {
  const three = subset((name) => name !== 'vbl.json.gz');
  const four = subset(() => true);
  const lines: string[] = [];
  const files = bundledBibles()
    .map(({ file }) => `${basename(file)} ${kb(statSync(file).size)}`)
    .join(', ');
  lines.push(`- In the repository (\`${basename(BIBLE_DIR)}/\`, gzip): ${files}.`);
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const targets: {
    label: string;
    open: () => Promise<DatabaseHandle & { drop?: () => Promise<void> }>;
  }[] = [{ label: 'PGlite', open: () => openPglite(undefined) }];
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    targets.push({
      label: 'PostgreSQL',
      open: async () => {
        const name = `bench_install_${Date.now().toString(36)}`;
        await probe.query(`create database ${name}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        const handle = await openPostgres(target.toString(), 2);
        return {
          ...handle,
          drop: async () => {
            await probe.query(`drop database if exists ${name} with (force)`);
          },
        };
      },
    });
  } catch (error) {
    console.warn(`PostgreSQL not reachable (${String(error)}): PGlite only.`);
  }
  try {
    for (const { label, open } of targets) {
      const times = { three: [] as number[], four: [] as number[] };
      const sizes = { three: 0, four: 0 };
      // A first install warms the process (the files' parsing code, the database's): not counted.
      await installOnce(open, three);
      for (let round = 0; round < rounds; round++) {
        // Interleaved, the order swapped each round: a machine growing busier weighs on both.
        const order = round % 2 === 0 ? (['three', 'four'] as const) : (['four', 'three'] as const);
        for (const which of order) {
          const r = await installOnce(open, which === 'three' ? three : four);
          times[which].push(r.ms);
          sizes[which] = r.bytes;
          console.log(`${label} ${which}: ${(r.ms / 1000).toFixed(1)} s, ${kb(r.bytes)}`);
        }
      }
      const t3 = median(times.three);
      const t4 = median(times.four);
      const ratios = times.four.map((t, i) => t / times.three[i]!);
      lines.push(
        `- ${label}: three texts ${(t3 / 1000).toFixed(1)} s, four ${(t4 / 1000).toFixed(1)} s ` +
          `(median of ${rounds}, after one install not counted, interleaved): ` +
          `**${median(ratios).toFixed(2)}×** (the median of each round's ratio; every round: ` +
          `${ratios.map((r) => r.toFixed(2)).join(', ')}; goal ≤ 1.4×). ` +
          `Database: ${kb(sizes.three)} → ${kb(sizes.four)} (the VBL ${kb(sizes.four - sizes.three)}).`,
      );
    }
  } finally {
    await probe.end().catch(() => undefined);
    rmSync(three, { recursive: true, force: true });
    rmSync(four, { recursive: true, force: true });
  }
  return lines;
}
