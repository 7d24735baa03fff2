/**
 * `npm run bench -- --sessions` (issue 28): one member signing out, over and over, and
 * anonymous sign-outs and auth POSTs, cost the other members nothing. The other members'
 * `GET /api/auth/user` throughput is measured before and after, each beside the bare
 * `/healthz` at that moment, and the ratios printed side by side.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client.ts';
import { session } from '../src/server/db/schema.ts';
import { SESSION_COOKIE } from '../src/server/auth/cookies.ts';
import {
  signUpMember,
  type HttpMember,
  type ServerProcess,
} from '../tests/helpers/server-process.ts';
import {
  BENCH_SECRET,
  CONNECTIONS,
  DURATION,
  originOf,
  sendAll,
  startBenchServer,
  thousands,
  throughput,
  type Sent,
  type Throughput,
} from './scale-server.ts';

const SIGN_OUTS = Number(process.env.BENCH_SIGN_OUTS ?? 100_000);
const OTHERS = Number(process.env.BENCH_OTHER_MEMBERS ?? 20);
/** Sign-outs streamed beside a throughput measurement (they must outlast it). */
const DURING = Number(process.env.BENCH_SIGN_OUTS_ALONGSIDE ?? 4_000);

export const SESSIONS_INTRO = `Issue 28: one member's sign-out forgets that member's sessions only (ADR 0008). A production-mode server on PGlite
(bench/scale-sessions.ts) with ${OTHERS} members signed in; their \`GET /api/auth/user\` (each request another member's
cookie, autocannon, ${CONNECTIONS} connections, ${DURATION} s after 1 s of warm-up) is measured before, after ${thousands(SIGN_OUTS)} sign-outs of one
member, and after ${thousands(SIGN_OUTS)} anonymous \`GET /api/logout\` and ${thousands(SIGN_OUTS)} anonymous POSTs through the auth proxy
(\`/api/auth/two-factor/verify-totp\`, which better-auth answers 401), each time beside the bare \`/healthz\` so that the
machine's drift is seen. Method: a sign-in costs one scrypt at N=2^17 in production (ADR 0043, about a quarter of a
second here), so ${thousands(SIGN_OUTS)} sign-ins would take hours; the member's sessions are written into the database while the
server is stopped (the sign-in's row: a random token, 7 days to live), and each is then ended by \`POST /api/logout\` with
its signed cookie, through the whole route (session lookup, better-auth's sign-out, the memo's forget). Every answer is
checked (\`{"signedOut":true}\`; the anonymous GET a 302 to /, the POST a 401), and afterwards no session of the member is
left. Before and after alone cannot tell a memo emptied by each sign-out (it refills at the next request), so the others'
throughput is also measured while ${thousands(DURING)} sign-outs of the member stream in beside it, once as configured and once
on the same data with the memo off (\`SESSION_CACHE_TTL_MS=0\`, what every member's requests would cost if each sign-out
emptied it). On PGlite the database runs on the server's own thread, so while the sign-outs stream in every request
waits behind their queries, memo or not: this pair says little there, and more on PostgreSQL. \`BENCH_SIGN_OUTS\`, \`BENCH_SIGN_OUTS_ALONGSIDE\` and \`BENCH_OTHER_MEMBERS\` change the sizes; \`BENCH_SESSIONS_ENGINES\` (\`pglite,postgres\`) which runs are made (PostgreSQL with Redis below). Goal: the others'
throughput after at 90% or more of before.`;

/** The heading of the second run, on PostgreSQL with Redis (`BENCH_SESSIONS_ENGINES`). */
export const SESSIONS_POSTGRES = `**On PostgreSQL with Redis** (the same bench; the server on a scratch PostgreSQL database, \`camino_bench_sessions\`, created and dropped, with \`REDIS_URL\` set: each sign-out is published on Redis and every instance, this one included, forgets that member's sessions). Here the database is another process, so the pair measured while the member signs out compares the memo with no memo on a database that is not on the server's thread.`;

/** better-auth's signed cookie value for a session token (what session.ts's unsignCookie reads). */
const signedCookie = (token: string) =>
  `${SESSION_COOKIE}=${encodeURIComponent(
    `${token}.${createHmac('sha256', BENCH_SECRET).update(token).digest('base64')}`,
  )}`;

async function memberId(server: ServerProcess, cookie: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/user`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/auth/user: ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** Where the bench's server keeps its data: its environment, and the database opened directly. */
interface Store {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/** PGlite in a scratch folder (the server is stopped whenever the bench opens it). */
function pgliteStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'camino-bench-sessions-'));
  return {
    env: { DATA_DIR: dir },
    open: () => openPglite(join(dir, 'pglite')),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A scratch PostgreSQL database (`camino_bench_sessions`, created and dropped) and Redis: a
 * sign-out is then published to every instance (the server hears its own message too).
 */
async function postgresStore(adminUrl: string, redisUrl: string): Promise<Store> {
  const name = 'camino_bench_sessions';
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'camino-bench-sessions-'));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: target.toString(), REDIS_URL: redisUrl },
    open: () => openPostgres(target.toString(), 2),
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The member's sessions, written as a sign-in writes them (the server is stopped: PGlite). */
async function writeSessions(store: Store, userId: string, count: number): Promise<string[]> {
  const handle = await store.open();
  const tokens: string[] = [];
  try {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000);
    for (let start = 0; start < count; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const token = randomBytes(24).toString('base64url');
        tokens.push(token);
        rows.push({
          id: randomBytes(16).toString('base64url'),
          token,
          userId,
          expiresAt,
          ipAddress: '127.0.0.1',
          userAgent: 'bench',
        });
      }
      await handle.db.insert(session).values(rows);
    }
  } finally {
    await handle.close();
  }
  return tokens;
}

async function sessionsLeft(store: Store, userId: string): Promise<number> {
  const handle = await store.open();
  try {
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(session)
      .where(eq(session.userId, userId));
    return row?.n ?? -1;
  } finally {
    await handle.close();
  }
}

interface Phase {
  name: string;
  bare: Throughput;
  others: Throughput;
}

const checked = (what: string, sent: Sent, expected: number) => {
  if (sent.wrong > 0 || sent.requests !== expected)
    throw new Error(
      `${what}: ${sent.requests} of ${expected} answered, ${sent.wrong} wrong: ${sent.examples.join('; ')}`,
    );
  return `${thousands(sent.requests)} in ${sent.seconds.toFixed(0)} s (${(sent.requests / sent.seconds).toFixed(0)}/s), every answer as expected`;
};

/**
 * The section's lines on one engine: PGlite, or PostgreSQL with Redis (`postgres`: the admin
 * URL of a server where a scratch database is made, and Redis's URL).
 */
export async function sessionsLines(postgres?: {
  adminUrl: string;
  redisUrl: string;
}): Promise<string[]> {
  const store = postgres
    ? await postgresStore(postgres.adminUrl, postgres.redisUrl)
    : pgliteStore();
  const env = store.env;
  try {
    // The members, signed up through the server (one scrypt each).
    let server = await startBenchServer(env);
    const leaving = await signUpMember(server);
    const others: HttpMember[] = [];
    for (let i = 0; i < OTHERS; i++) others.push(await signUpMember(server));
    const leavingId = await memberId(server, leaving.cookie);
    await server.stop();

    // The loop's sessions, then two more sets for the sign-outs measured alongside.
    const tokens = await writeSessions(store, leavingId, SIGN_OUTS + 2 * DURING);
    const duringMemoOn = tokens.slice(SIGN_OUTS, SIGN_OUTS + DURING);
    const duringMemoOff = tokens.slice(SIGN_OUTS + DURING);
    const phases: Phase[] = [];
    const lines: string[] = [];
    const othersRequests = (s: ServerProcess) =>
      throughput(`${s.url}/api/auth/user`, (i) => ({ cookie: others[i % others.length]!.cookie }));
    const measurePhase = async (s: ServerProcess, name: string) => {
      const bare = await throughput(`${s.url}/healthz`, () => ({}));
      const othersNow = await othersRequests(s);
      if (othersNow.errors > 0)
        throw new Error(`${name}: ${othersNow.errors} others' requests failed`);
      phases.push({ name, bare, others: othersNow });
    };
    const signOutAll = (s: ServerProcess, list: string[]) =>
      sendAll(`${s.url}/api/logout`, list.length, {
        method: 'POST',
        path: '/api/logout',
        make: (i) => ({ headers: { origin: originOf(s), cookie: signedCookie(list[i]!) } }),
        expect: (_i, status, body) =>
          status === 200 && body === '{"signedOut":true}' ? null : `${status} ${body.slice(0, 80)}`,
      });
    /** The others' throughput while the member's sign-outs stream in beside it. */
    const duringSignOuts = async (s: ServerProcess, list: string[]) => {
      const stream = signOutAll(s, list);
      const started = performance.now();
      const measured = await othersRequests(s);
      const measuredFor = (performance.now() - started) / 1000;
      const sent = await stream;
      checked('sign-outs alongside', sent, list.length);
      if (sent.seconds < measuredFor)
        throw new Error(
          `the ${list.length} sign-outs ended before the measurement: raise BENCH_SIGN_OUTS_ALONGSIDE`,
        );
      if (measured.errors > 0) throw new Error(`${measured.errors} others' requests failed`);
      return { measured, perSecond: sent.requests / sent.seconds };
    };

    server = await startBenchServer(env);
    try {
      await measurePhase(server, 'before');
      const on = await duringSignOuts(server, duringMemoOn);

      const signOuts = await signOutAll(server, tokens.slice(0, SIGN_OUTS));
      const signOutLine = checked('sign-outs', signOuts, SIGN_OUTS);
      await measurePhase(server, `after ${thousands(SIGN_OUTS)} sign-outs of one member`);

      const origin = originOf(server);
      const anonymousGets = await sendAll(`${server.url}/api/logout`, SIGN_OUTS, {
        method: 'GET',
        path: '/api/logout',
        make: () => ({}),
        expect: (_i, status) => (status === 302 ? null : `${status}`),
      });
      const anonymousPosts = await sendAll(
        `${server.url}/api/auth/two-factor/verify-totp`,
        SIGN_OUTS,
        {
          method: 'POST',
          path: '/api/auth/two-factor/verify-totp',
          make: () => ({
            headers: { origin, 'content-type': 'application/json' },
            body: '{"code":"123456"}',
          }),
          expect: (_i, status, body) => (status === 401 ? null : `${status} ${body.slice(0, 80)}`),
        },
      );
      const getLine = checked('anonymous GET /api/logout', anonymousGets, SIGN_OUTS);
      const postLine = checked('anonymous auth POSTs', anonymousPosts, SIGN_OUTS);
      await measurePhase(
        server,
        `after ${thousands(SIGN_OUTS)} anonymous GET /api/logout and auth POSTs`,
      );
      // The others are still signed in.
      for (const o of others) await memberId(server, o.cookie);
      await server.stop();

      // The same stream beside the same requests with the memo off (every lookup a query): what
      // every member's requests would cost if each sign-out emptied the memo.
      server = await startBenchServer({ ...env, SESSION_CACHE_TTL_MS: '0' });
      const off = await duringSignOuts(server, duringMemoOff);
      // The leaving member's sign-up session ends too; then the member has no session left.
      const last = await fetch(`${server.url}/api/logout`, {
        method: 'POST',
        headers: { origin: originOf(server), cookie: leaving.cookie },
      });
      if (!((await last.json()) as { signedOut?: boolean }).signedOut)
        throw new Error('the sign-up session did not end');
      await server.stop();
      const left = await sessionsLeft(store, leavingId);
      if (left !== 0) throw new Error(`${left} of the member's sessions are left`);

      const [before, ...after] = phases as [Phase, ...Phase[]];
      const ofBare = (p: Phase) => p.others.rps / p.bare.rps;
      lines.push(
        `- Sign-outs of one member (\`POST /api/logout\`): ${signOutLine}; none of the member's sessions left afterwards.`,
        `- Anonymous \`GET /api/logout\`: ${getLine}. Anonymous auth POSTs: ${postLine}.`,
      );
      for (const p of after) {
        lines.push(
          `- Other members' \`GET /api/auth/user\` ${p.name}: **${((p.others.rps / before.others.rps) * 100).toFixed(0)}%** of before (${p.others.rps.toFixed(0)} vs ${before.others.rps.toFixed(0)} req/s); beside the bare route at each moment, ${(ofBare(p) * 100).toFixed(0)}% vs ${(ofBare(before) * 100).toFixed(0)}% = **${((ofBare(p) / ofBare(before)) * 100).toFixed(0)}%**.`,
        );
      }
      lines.push(
        `- While the member signs out (${on.perSecond.toFixed(0)} and ${off.perSecond.toFixed(0)} sign-outs/s alongside), the others' \`GET /api/auth/user\` runs at ${on.measured.rps.toFixed(0)} req/s with the memo, ${off.measured.rps.toFixed(0)} req/s with it off (\`SESSION_CACHE_TTL_MS=0\`, what a memo emptied by every sign-out would come to): **${(on.measured.rps / off.measured.rps).toFixed(2)}×**.`,
        '',
        '| phase | bare GET /healthz req/s | others GET /api/auth/user req/s | p99 ms |',
        '|---|---:|---:|---:|',
        ...phases.map(
          (p) =>
            `| ${p.name} | ${p.bare.rps.toFixed(0)} | ${p.others.rps.toFixed(0)} | ${p.others.p99} |`,
        ),
        `| during sign-outs, memo on | | ${on.measured.rps.toFixed(0)} | ${on.measured.p99} |`,
        `| during sign-outs, memo off | | ${off.measured.rps.toFixed(0)} | ${off.measured.p99} |`,
        '',
        `Measured ${new Date().toISOString().slice(0, 10)}; ${cpus().length} CPU cores, Node ${process.version}.`,
      );
      return lines;
    } finally {
      await server.stop();
    }
  } finally {
    await store.drop();
  }
}
