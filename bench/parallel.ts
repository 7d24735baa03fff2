/**
 * `npm run bench -- --parallel`: the parallel chapter answer (two translations aligned by the
 * verse map, ADR 0053) beside the bare route and the one-translation chapter, on a
 * production-mode server on PostgreSQL, side by side in one run. The database starts from the
 * test fixture's template (the three Bibles already loaded). Goal (issue 26): the parallel
 * answer at 40 % or more of the bare route's requests per second.
 */
import pg from 'pg';
import setup from '../tests/helpers/global-setup-server.ts';
import { fixtureKey, templateName } from '../tests/helpers/fixture.ts';
import { startBenchServer, throughput, type Throughput } from './scale-server.ts';
import { signedIn } from './sign-up.ts';

export const PARALLEL_INTRO = `A production-mode server on PostgreSQL (bench/parallel.ts; autocannon, \`BENCH_CONNECTIONS\` connections,
\`BENCH_SECONDS\` s each after 1 s of warm-up), signed in: the bare route, the one-translation chapter, and the parallel
chapter of RV1909 beside the KJV (John 3, and Psalm 119: 176 rows), the chapter and Psalm 119 again compressed as a
browser asks for them (\`accept-encoding: gzip, deflate, br\`), then the bare route again; requests per second as a
share of the bare route's mean. Goal (issue 26): the parallel answer at 40 % or more. \`npm run bench -- --parallel\`
measures this section alone and writes it here.`;

const ADMIN_URL = () =>
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'camino_bench_parallel';

async function admin(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export async function parallelLines(): Promise<string[]> {
  const saved = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = ADMIN_URL();
  try {
    await setup(); // the template database with the three Bibles
    await admin(`drop database if exists ${NAME} with (force)`);
    await admin(`create database ${NAME} template ${templateName(fixtureKey())}`);
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  const url = new URL(ADMIN_URL());
  url.pathname = `/${NAME}`;
  const server = await startBenchServer({ DATABASE_URL: url.toString() });
  try {
    const base = server.url;
    const { cookie } = await signedIn(base);
    // As a browser asks: compressed (the answers keep their brotli form, ADR 0057).
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
    const get = (path: string, extra: Record<string, string> = {}) =>
      throughput(`${base}${path}`, () => ({ cookie, ...extra }));
    const routes: [string, string, Record<string, string>?][] = [
      ['bare GET /healthz', '/healthz'],
      ['GET /api/bible/chapter/KJV/John/3', '/api/bible/chapter/KJV/John/3'],
      ['GET /api/bible/parallel/RV1909/KJV/John/3', '/api/bible/parallel/RV1909/KJV/John/3'],
      ['GET /api/bible/parallel/RV1909/KJV/Ps/119', '/api/bible/parallel/RV1909/KJV/Ps/119'],
      [
        'GET /api/bible/chapter/KJV/John/3, brotli as a browser asks',
        '/api/bible/chapter/KJV/John/3',
        BROWSER,
      ],
      [
        'GET /api/bible/parallel/RV1909/KJV/Ps/119, brotli as a browser asks',
        '/api/bible/parallel/RV1909/KJV/Ps/119',
        BROWSER,
      ],
      ['bare GET /healthz (again)', '/healthz'],
    ];
    for (const [, path, extra] of routes) {
      const res = await fetch(`${base}${path}`, { headers: { cookie, ...extra } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    }
    const measured: Throughput[] = [];
    for (const [, path, extra] of routes) measured.push(await get(path, extra));
    const bare = (measured[0]!.rps + measured.at(-1)!.rps) / 2;
    return routes.map(([name], i) => {
      const m = measured[i]!;
      const share = ((m.rps / bare) * 100).toFixed(0);
      return `- PostgreSQL: ${name}: ${m.rps.toFixed(0)} req/s (p99 ${m.p99} ms, ${m.errors} errors) = **${share}%** of the bare route`;
    });
  } finally {
    await server.stop();
    await admin(`drop database if exists ${NAME} with (force)`);
  }
}
