/**
 * `npm run bench -- --export` (issue 28, ADR 0046): the journal's Markdown export and the
 * personal data archive of a member with 50,000 journal entries, from a server started as in
 * production (a child process), on PGlite and, when reachable, on PostgreSQL (a scratch
 * database, created and dropped). For each: the server's peak resident memory above what it
 * held before the request (VmHWM after resetting it, /proc/PID/clear_refs, or VmRSS sampled
 * every 5 ms where that is not allowed), the time to the answer's headers and to its first
 * bytes, and the whole download. Beside it, the way the export was made before (every entry
 * read by one query into one string) measured in a child process of its own on the same data.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../src/server/db/client.ts';
import { startServer, ROOT } from '../tests/helpers/server-process.ts';
import { signedIn } from './sign-up.ts';

export const EXPORT_ENTRIES = Number(process.env.BENCH_EXPORT_ENTRIES ?? 50_000);
/** Large exports of each kind after the first (PostgreSQL's peak varied between runs). */
const EXPORT_AGAIN = Number(process.env.BENCH_EXPORT_AGAIN ?? 3);
/** `postgres` measures PostgreSQL only (`pglite` the embedded database only). */
const EXPORT_ENGINES = process.env.BENCH_EXPORT_ENGINES ?? 'pglite,postgres';
const GOAL_MB = 50;
const GOAL_TTFB_MS = 1000;

export const EXPORT_INTRO = `A member with ${EXPORT_ENTRIES.toLocaleString('en')} journal entries (about 1 KB of text each, a tenth with a verse, tags on a
third) exports their journal as Markdown and downloads the personal data archive (ZIP), one request at a time, from a
server started as in production (\`NODE_ENV=production\`, a child process; bench/export.ts). Peak memory is the server
process's peak resident set size during the request above its size just before (after warming up on a small member's
exports), measured on the first large export and again after it. "Headers" is the time until the answer's status and headers arrive, "first bytes" until its first body
bytes. The line "before" does what the export did until issue 28, in a process of its own on the same database: one
query for every entry, then one string. Goals (issue 28): peak memory increase at most ${GOAL_MB} MB and first byte
within ${GOAL_TTFB_MS / 1000} s. \`npm run bench -- --export\` measures this section alone and writes it here.`;

const MB = 1024 * 1024;

/** One member's journal of `n` entries, and some prayers, straight in the database. */
export async function seedJournal(
  run: (text: string) => Promise<unknown>,
  userId: string,
  n: number,
) {
  await run(`
    insert into journal_entry (id, user_id, title, content, status, tags, scripture_reference,
      scripture_osis, scripture_text, scripture_translation, created_at, updated_at)
    select
      'bench-' || '${userId}' || '-' || i, '${userId}',
      'Entry ' || i,
      repeat('Today I read and prayed; the Lord was near, and I wrote it down. ', 14) || i,
      case when i % 5 = 0 then 'draft' else 'published' end,
      case when i % 3 = 0 then '["faith","prayer"]'::jsonb else '[]'::jsonb end,
      case when i % 10 = 0 then 'John 3:16' end,
      case when i % 10 = 0 then 'John.3.16' end,
      case when i % 10 = 0 then 'For God so loved the world, that he gave his only begotten Son' end,
      case when i % 10 = 0 then 'KJV' end,
      now() - i * interval '37 minutes',
      now() - i * interval '37 minutes'
    from generate_series(1, ${n}) as i`);
  await run(`
    insert into prayer_request (id, user_id, title, description, category, status, created_at, updated_at)
    select 'bench-p-' || '${userId}' || '-' || i, '${userId}', 'Prayer ' || i,
      'For the family and the church', 'family', 'active', now() - i * interval '1 day', now()
    from generate_series(1, ${Math.ceil(n / 25)}) as i`);
}

interface ExportFigures {
  peakMb: number;
  headersMs: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  return Number(match![1]) * 1024;
};

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where Linux refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** One export, downloaded whole, with the server's peak memory above its size before. */
async function measureExport(pid: number, url: string, cookie: string): Promise<ExportFigures> {
  const before = status(pid, 'VmRSS');
  const hwm = resetPeak(pid);
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, status(pid, 'VmRSS'));
  }, 5);
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  const headersMs = performance.now() - started;
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let firstByteMs = 0;
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += value.length;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const peak = Math.max(sampled, hwm ? status(pid, 'VmHWM') : 0);
  return { peakMb: (peak - before) / MB, headersMs, firstByteMs, totalMs, bytes };
}

/**
 * The export as it was made before issue 28, in a process of its own (bench/export-before.ts):
 * its peak memory above its size before the query, and the time until the file was ready.
 */
function before(env: Record<string, string>, userId: string): { peakMb: number; readyMs: number } {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/export-before.ts', userId],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as { peakMb: number; readyMs: number };
}

const row = (label: string, what: string, f: ExportFigures) =>
  `| ${label} | ${what} | **${f.peakMb.toFixed(1)}** | ${f.headersMs.toFixed(0)} | **${f.firstByteMs.toFixed(0)}** | ${(f.totalMs / 1000).toFixed(1)} | ${(f.bytes / MB).toFixed(1)} |`;

/** The measurements of one engine: a table's rows. */
async function measureOn(
  label: string,
  serverEnv: Record<string, string>,
  seed: (userId: string, n: number) => Promise<void>,
  restartAfterSeed: boolean,
): Promise<string[]> {
  const env = {
    ...serverEnv,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT_MAX: '100000000',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-1',
  };
  let server = await startServer(env);
  let big: { cookie: string; id: string };
  let small: { cookie: string; id: string };
  try {
    big = await signedIn(server.url);
    small = await signedIn(server.url);
  } finally {
    if (restartAfterSeed) await server.stop();
  }
  try {
    await seed(big.id, EXPORT_ENTRIES);
    await seed(small.id, 20);
    if (restartAfterSeed) server = await startServer(env);
    const pid = server.proc.pid!;
    const journal = `${server.url}/api/journal/export`;
    const archive = `${server.url}/api/user/export`;
    // Warm-up: the code paths loaded and compiled on a small member's exports.
    for (let i = 0; i < 3; i++) {
      await measureExport(pid, journal, small.cookie);
      await measureExport(pid, archive, small.cookie);
    }
    // Twice each: the first large export also grows the heap to what such work needs (V8
    // keeps it for the next), the second shows what each further export adds.
    const rows: string[] = [];
    const rounds = ['first', ...Array.from({ length: EXPORT_AGAIN }, (_, i) => `again, ${i + 1}`)];
    for (const round of rounds) {
      const md = await measureExport(pid, journal, big.cookie);
      const zip = await measureExport(pid, archive, big.cookie);
      rows.push(
        row(label, `journal Markdown, streamed (${round})`, md),
        row(label, `data archive (ZIP), streamed (${round})`, zip),
      );
    }
    if (restartAfterSeed) await server.stop(); // PGlite: one process at a time.
    const old = before(serverEnv, big.id);
    rows.push(
      `| ${label} | journal Markdown, before (one query, one string) | **${old.peakMb.toFixed(1)}** | ${old.readyMs.toFixed(0)} | **${old.readyMs.toFixed(0)}** | ${(old.readyMs / 1000).toFixed(1)} | |`,
    );
    return rows;
  } finally {
    await server.stop();
  }
}

async function scratchPostgres(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('drop database if exists camino_bench_export with (force)');
    await client.query('create database camino_bench_export');
    const target = new URL(url);
    target.pathname = '/camino_bench_export';
    return target.toString();
  } catch (error) {
    console.warn(`PostgreSQL not reachable (${String(error)}): measuring PGlite only.`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropScratch(url: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query('drop database if exists camino_bench_export with (force)');
  await client.end();
}

/** The section's lines: the table of both engines. */
export async function exportLines(): Promise<string[]> {
  const rows: string[] = [];
  if (EXPORT_ENGINES.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'camino-bench-export-'));
    try {
      rows.push(
        ...(await measureOn(
          'PGlite',
          { DATA_DIR: dir },
          async (userId, n) => {
            const handle = await openPglite(join(dir, 'pglite'));
            try {
              await seedJournal(
                (text) => (handle.db as Database).execute(sql.raw(text)),
                userId,
                n,
              );
            } finally {
              await handle.close();
            }
          },
          true,
        )),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pgUrl = EXPORT_ENGINES.includes('postgres') ? await scratchPostgres() : undefined;
  if (pgUrl) {
    try {
      rows.push(
        ...(await measureOn(
          'PostgreSQL',
          { DATABASE_URL: pgUrl },
          async (userId, n) => {
            const client = new pg.Client({ connectionString: pgUrl });
            await client.connect();
            try {
              await seedJournal((text) => client.query(text), userId, n);
            } finally {
              await client.end();
            }
          },
          false,
        )),
      );
    } finally {
      await dropScratch(pgUrl);
    }
  }
  return [
    '| engine | export | peak memory increase, MB | headers, ms | first bytes, ms | whole download, s | size, MB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
  ];
}
