/**
 * What the issue 28 benches of sign-out (bench/scale-sessions.ts) and time zones
 * (bench/scale-zones.ts) share: a production-mode server as a child process, requests sent by
 * autocannon with every answer checked, and the child's resident set read from /proc.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, type ServerProcess } from '../tests/helpers/server-process.ts';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-1';
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * A server as in production (scrypt at full cost, `NODE_ENV=production`), with the request
 * budgets lifted so that the bench's own flood is not what is measured, and logs at `error`
 * (each refused input is a security event at `warn`: 100,000 of them would be the bench's load).
 */
export async function startBenchServer(
  env: Record<string, string>,
  options: { gc?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(
    {
      ...env,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      BETTER_AUTH_SECRET: BENCH_SECRET,
      API_RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
    },
    {
      nodeArgs: [
        ...(options.gc
          ? ['--expose-gc', '--import', fileURLToPath(new URL('./gc-preload.mjs', import.meta.url))]
          : []),
        // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
        ...(process.env.BENCH_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
      ],
    },
  );
}

/** The origin the server's pages have (APP_URL defaults to http://localhost:PORT). */
export const originOf = (server: ServerProcess) => `http://localhost:${server.port}`;

/** The child's resident set (VmRSS), in MB. */
export function rssMb(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.proc.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error('VmRSS not found');
  return kb / 1024;
}

/** A full collection in the child (bench/gc-preload.mjs), waited for on its stdout. */
export async function collectGarbage(server: ServerProcess): Promise<void> {
  const count = () => server.output().split('bench:gc-done').length;
  const before = count();
  server.proc.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (count() === before) {
    if (Date.now() > deadline) throw new Error('the server did not collect garbage');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The V8 heap in use (MB) after the last collection `collectGarbage` asked for. */
export function heapAfterGcMb(server: ServerProcess): number {
  const all = [...server.output().matchAll(/bench:gc-done heap=(\d+)/g)];
  const last = all.at(-1)?.[1];
  if (last === undefined) throw new Error('no collection reported');
  return Number(last) / 1024 / 1024;
}

/**
 * The resident set once it has settled: full collections a second apart (V8 hands freed pages
 * back lazily) until two readings are within 1 MB, at least three, at most fifteen.
 */
export async function settledRssMb(server: ServerProcess): Promise<number> {
  let last = Infinity;
  for (let round = 0; round < 15; round++) {
    await collectGarbage(server);
    await new Promise((r) => setTimeout(r, 1000));
    const now = rssMb(server);
    if (round >= 2 && Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

export interface Sent {
  requests: number;
  seconds: number;
  /** Answers that were not what `expect` wanted, with the first few for the report. */
  wrong: number;
  examples: string[];
}

export interface RequestPlan {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** The i-th request's headers and body. */
  make: (i: number) => { headers?: Record<string, string>; body?: string };
  /** Whether the i-th request's answer is right (a message when it is not). */
  expect: (i: number, status: number, body: string) => string | null;
}

/**
 * Sends `amount` requests (CONNECTIONS at a time) and checks every answer. autocannon sends
 * one request at a time per connection, so each connection's context knows which request an
 * answer belongs to.
 */
export async function sendAll(url: string, amount: number, plan: RequestPlan): Promise<Sent> {
  let next = 0;
  let wrong = 0;
  const examples: string[] = [];
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: plan.method,
        path: plan.path,
        setupRequest: (request, context) => {
          const i = next++;
          (context as { i?: number }).i = i;
          const made = plan.make(i);
          return {
            ...request,
            headers: { ...request.headers, ...made.headers },
            ...(made.body === undefined ? {} : { body: made.body }),
          };
        },
        onResponse: (status, body, context) => {
          const i = (context as { i?: number }).i ?? -1;
          const problem = plan.expect(i, status, body);
          if (problem) {
            wrong += 1;
            if (examples.length < 5) examples.push(`#${i}: ${problem}`);
          }
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  // Errors of the connection itself (resets, timeouts) have no answer to check.
  wrong += result.errors + result.timeouts;
  return { requests: result.requests.total, seconds, wrong, examples };
}

export interface Throughput {
  rps: number;
  p99: number;
  errors: number;
}

/** Requests per second over DURATION s (after 1 s of warm-up), the requests made by `make`. */
export async function throughput(
  url: string,
  make: (i: number) => Record<string, string>,
): Promise<Throughput> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, ...make(next++) },
          }),
        },
      ],
    });
  await run(1);
  const r = await run(DURATION);
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export const thousands = (n: number) => n.toLocaleString('en-US');
