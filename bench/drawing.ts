/**
 * `npm run bench -- --drawing[=<checkout>]`: how many member pages one server process draws
 * (docs/decisions/0060, src/delivery/server/drawing.ts), beside the bare route, on PostgreSQL.
 * Members with something on their pages (a plan, a lesson done, a goal, a prayer, a verse, a
 * journal entry) open their dashboard, journal and prayer pages in turn, each request with
 * another member's cookie, as a browser asks (Accept-Encoding: br, gzip); 8 and then 16 at
 * once. A page that could not be drawn in time goes as the shell: counted apart (a drawn page
 * is `private, no-store`, the shell `no-cache`; each member's pages are checked once to contain
 * `data-prerendered="member"` first). With `=<checkout>` (a worktree of the code before a
 * change, `npm ci` done there; it is built if it has no build), that checkout's server runs
 * beside this one, on its own database, and every measure alternates between the two, so load
 * and drift weigh on both alike.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ROOT,
  freePort,
  startServer,
  type ServerProcess,
} from '../tests/helpers/server-process.ts';
import { seedMember } from './lighthouse.ts';
import { signedIn } from './sign-up.ts';

export const DRAWING_INTRO = `A member's page drawn by the server (ADR 0060) against the bare route (\`GET /healthz\`), on PostgreSQL, one
server process as in production (\`NODE_ENV=production\`), autocannon on the same 2-core machine. Members (8,
\`DRAWING_BENCH_MEMBERS\`), each with a reading plan, a lesson done, a goal, a prayer, a memory verse and a journal
entry (bench/lighthouse.ts \`seedMember\`), open \`/\`, \`/journal\` and \`/prayer\` in turn, each request another
member's (their session cookie, \`Accept-Encoding: br, gzip\` as a browser sends): one at a time, then 8 and 16
connections at once, each for \`BENCH_SECONDS\` (5) after a 1 s warm-up. "Shell" is the share of answers that were the
app's shell instead of the drawn page (a drawing too slow, too many at once, failed); "drawn pages/s" leaves them
out, and "drawn / bare" compares it with the bare route's requests per second. "Server CPU" is the server process's
CPU time (all its threads, from /proc) per answer while it was measured: what a page costs the server, whatever else
the machine ran meanwhile. Before and after a change are two checkouts' servers running at once, each measure
alternating between them (\`npm run bench -- --drawing=<checkout before the change>\`); absolute numbers mean little
on this machine, the ratios measured side by side do. \`npm run bench -- --drawing\` measures this section alone
and writes it here.`;

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const MEMBERS = Math.max(1, Number(process.env.DRAWING_BENCH_MEMBERS ?? 8));
const PATHS = ['/', '/journal', '/prayer'] as const;
const LEVELS = [8, 16] as const;
/**
 * Pages asked one at a time first: none waits for another, none falls back to the shell, and
 * the server's CPU time per answer is what drawing one page costs.
 */
const ALONE = 1;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

interface Target {
  label: string;
  root: string;
  database: string;
  server?: ServerProcess;
  cookies: string[];
}

interface Measure {
  rps: number;
  /** The server process's CPU time (all its threads) per answer, in ms. */
  cpu: number;
  p50: number;
  p99: number;
  /** Non-2xx answers and connection errors. */
  errors: number;
  /** Answers that were the shell, not a drawn page (pages only). */
  shell: number;
  total: number;
}

/**
 * The server process's CPU time so far (user and system, every thread: its compression and
 * collection too), in ms, from /proc: on a machine shared with the load generator and others,
 * what a page costs the server, whatever else ran meanwhile.
 */
function cpuMs(server: ServerProcess): number {
  const fields = readFileSync(`/proc/${server.proc.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** Throughput of the bare route, `connections` at once. */
async function bare(server: ServerProcess, connections: number): Promise<Measure> {
  const url = `${server.url}/healthz`;
  await autocannon({ url, connections, duration: 1 });
  const cpu = cpuMs(server);
  const r = await autocannon({ url, connections, duration: DURATION });
  return {
    cpu: (cpuMs(server) - cpu) / Math.max(1, r.requests.total),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    shell: 0,
    total: r.requests.total,
  };
}

/** The members' pages, round-robin over members and paths, `connections` at once. */
async function pages(target: Target, connections: number): Promise<Measure> {
  let next = 0;
  let shell = 0;
  let answered = 0;
  const run = (duration: number) =>
    autocannon({
      url: target.server!.url,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const i = next++;
            return {
              ...request,
              path: PATHS[Math.floor(i / MEMBERS) % PATHS.length],
              headers: {
                ...request.headers,
                cookie: target.cookies[i % MEMBERS]!,
                'accept-encoding': 'br, gzip',
                'accept-language': i % 2 ? 'es-MX,es;q=0.9' : 'en-US,en;q=0.9',
              },
            };
          },
          onResponse: (status, _body, _context, headers) => {
            answered += 1;
            const cache = (headers as Record<string, string | undefined> | undefined)?.[
              'cache-control'
            ];
            if (status === 200 && cache !== 'private, no-store') shell += 1;
          },
        },
      ],
    });
  await run(1);
  shell = 0;
  answered = 0;
  const cpu = cpuMs(target.server!);
  const r = await run(DURATION);
  return {
    cpu: (cpuMs(target.server!) - cpu) / Math.max(1, answered),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    shell,
    total: answered,
  };
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** The other checkout's build (its own scripts/client-build.mjs builds it when missing). */
async function ensureBuilt(root: string) {
  const { ensureClientBuilt } = (await import(
    pathToFileURL(join(root, 'scripts/client-build.mjs')).href
  )) as { ensureClientBuilt: () => boolean };
  ensureClientBuilt();
  if (!existsSync(join(root, 'dist/ssr/drawing.js'))) {
    throw new Error(`${root} has no drawing bundle (dist/ssr/drawing.js)`);
  }
}

async function waitReady(server: ServerProcess) {
  // A new database installs the Bibles first (minutes on a busy machine): the dashboard shows a
  // verse, and the install would compete for the CPU.
  const deadline = Date.now() + 600_000;
  while (!(await fetch(`${server.url}/readyz`)).ok) {
    if (Date.now() > deadline) throw new Error('the Bibles did not install in 10 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Each member's pages, drawn: the bench measures drawings, not shells. */
async function checkDrawn(target: Target) {
  for (const cookie of target.cookies) {
    for (const path of PATHS) {
      const res = await fetch(`${target.server!.url}${path}`, { headers: { cookie } });
      const html = await res.text();
      if (!res.ok || !html.includes('data-prerendered="member"')) {
        throw new Error(`${target.label}: ${path} was not drawn (${res.status})`);
      }
    }
  }
}

const fixed = (n: number) => n.toFixed(0);
const shellShare = (m: Measure) => m.shell / Math.max(1, m.total);
const share = (m: Measure) => `${(shellShare(m) * 100).toFixed(1)}%`;
/** Pages per second that were drawn (the shell's answers aside). */
const drawnRps = (m: Measure) => m.rps * (1 - shellShare(m));

export async function drawingLines(adminUrl: string, beforeRoot?: string): Promise<string[]> {
  const stamp = Date.now();
  const targets: Target[] = [
    ...(beforeRoot
      ? [
          {
            label: 'before',
            root: resolve(beforeRoot),
            database: `bench_drawing_before_${stamp}`,
            cookies: [],
          },
        ]
      : []),
    {
      label: beforeRoot ? 'after' : 'this',
      root: ROOT,
      database: `bench_drawing_${stamp}`,
      cookies: [],
    },
  ];
  for (const target of targets) await ensureBuilt(target.root);
  try {
    for (const target of targets) {
      target.server = await startServer(
        {
          PORT: String(await freePort()),
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          DATABASE_URL: await createDatabase(adminUrl, target.database),
          BETTER_AUTH_SECRET: SECRET,
          // The bench's own flood is not what is measured.
          API_RATE_LIMIT_MAX: '100000000',
          AUTH_RATE_LIMIT_MAX: '100000000',
        },
        {
          root: target.root,
          waitFor: 'healthz',
          // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
          nodeArgs: process.env.BENCH_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
            : [],
        },
      );
    }
    for (const target of targets) {
      await waitReady(target.server!);
      for (let i = 0; i < MEMBERS; i++) {
        const { cookie } = await signedIn(target.server!.url);
        await seedMember(target.server!.url, cookie);
        target.cookies.push(cookie);
      }
      await checkDrawn(target);
    }
    // Every measure alternates between the checkouts.
    const results = targets.map(() => ({
      bare: [] as Measure[],
      drawn: new Map<number, Measure>(),
    }));
    const each = async (f: (target: Target, n: number) => Promise<void>) => {
      for (const [n, target] of targets.entries()) await f(target, n);
    };
    await each(async (t, n) => void results[n]!.bare.push(await bare(t.server!, LEVELS[0])));
    for (const level of [ALONE, ...LEVELS]) {
      await each(async (t, n) => void results[n]!.drawn.set(level, await pages(t, level)));
    }
    await each(async (t, n) => void results[n]!.bare.push(await bare(t.server!, LEVELS[0])));

    const lines = [
      '| checkout | measure | answers/s | drawn pages/s | p50 ms | p99 ms | shell | errors | server CPU ms per answer | drawn / bare |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    const summary: string[] = [];
    for (const [n, target] of targets.entries()) {
      const r = results[n]!;
      const bareRps = r.bare.reduce((sum, m) => sum + m.rps, 0) / r.bare.length;
      lines.push(
        `| ${target.label} | bare \`GET /healthz\`, 8 connections (mean of 2) | ${fixed(bareRps)} | | ${r.bare[0]!.p50} | ${r.bare[0]!.p99} | | ${r.bare.reduce((s, m) => s + m.errors, 0)} | ${(r.bare.reduce((s, m) => s + m.cpu, 0) / r.bare.length).toFixed(2)} | |`,
      );
      for (const level of [ALONE, ...LEVELS]) {
        const m = r.drawn.get(level)!;
        lines.push(
          `| ${target.label} | members' pages, ${level === ALONE ? 'one at a time' : `${level} connections`} | ${fixed(m.rps)} | ${fixed(drawnRps(m))} | ${m.p50} | ${m.p99} | ${share(m)} | ${m.errors} | ${m.cpu.toFixed(1)} | **${((drawnRps(m) / bareRps) * 100).toFixed(1)}%** |`,
        );
      }
      const at8 = r.drawn.get(8)!;
      const at16 = r.drawn.get(16)!;
      summary.push(
        `- ${target.label}: ${fixed(drawnRps(at8))} drawn pages/s at 8 connections (p50 ${at8.p50} ms, shell ${share(at8)}), **${((drawnRps(at8) / bareRps) * 100).toFixed(1)}%** of the bare route; at 16, ${fixed(drawnRps(at16))}/s (shell ${share(at16)}); one page alone costs the server ${r.drawn.get(ALONE)!.cpu.toFixed(1)} ms of CPU.`,
      );
    }
    if (targets.length === 2) {
      const ratio = (level: number) => {
        const [before, after] = results.map((r) => drawnRps(r.drawn.get(level)!));
        return before! > 0 ? `**${(after! / before!).toFixed(1)}×**` : 'before drew none';
      };
      const cost = (n: number) => results[n]!.drawn.get(ALONE)!.cpu;
      summary.push(
        `- after / before, drawn pages per second: ${ratio(8)} at 8 connections, ${ratio(16)} at 16; the server's CPU per page drawn alone: ${cost(0).toFixed(1)} → ${cost(1).toFixed(1)} ms (**${(cost(0) / cost(1)).toFixed(1)}×** less).`,
      );
    }
    const commit = (root: string) =>
      execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], {
        encoding: 'utf8',
      }).trim();
    summary.push(
      `- Checkouts: ${targets.map((t) => `${t.label} at ${commit(t.root)}`).join(', ')}.`,
      `- Measured on ${new Date().toISOString().slice(0, 10)}, ${DURATION} s each; the machine's load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`,
    );
    return [...lines, '', ...summary];
  } finally {
    for (const target of targets) await target.server?.stop();
    for (const target of targets) await dropDatabase(adminUrl, target.database).catch(() => {});
  }
}
