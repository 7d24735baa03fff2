import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';
import pg from 'pg';
import {
  bibleSeedDir,
  haveTools,
  startPostgres,
  waitFor,
  type PgCluster,
} from '../helpers/services.ts';
import { signUpMember, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * The first start on an empty PostgreSQL database: migrations, then the Bibles installed in the
 * background while Bible routes answer 503 "being installed" — through a database outage.
 */
describe.runIf(haveTools({ postgres: true }))('the first-start install on PostgreSQL', () => {
  let cluster: PgCluster;
  const servers: ServerProcess[] = [];
  let databases = 0;

  beforeAll(async () => {
    cluster = await startPostgres({ from: bibleSeedDir()! });
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await cluster?.destroy();
  });

  /** A new, empty database on the private cluster. */
  const emptyDatabase = () => cluster.createDatabase(`empty_${++databases}`);

  // Up, not ready: /readyz says "installing" until the Bibles are in.
  const start = async (url: string, options: { waitFor?: 'healthz' | 'readyz' } = {}) => {
    const server = await startServer(
      {
        DATABASE_URL: url,
        BETTER_AUTH_SECRET: 'reliability-secret-reliability-secret-1',
        API_RATE_LIMIT_MAX: '100000',
      },
      { waitFor: 'healthz', ...options },
    );
    servers.push(server);
    return server;
  };

  /** Every translation is whole: as many verse rows as its catalogue row says. */
  async function expectWholeBibles(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ code: string; expected: number; actual: string }>(
        `select t.code, t.verse_count as expected, count(v.*) as actual
           from bible_translation t left join bible_verse v on v.translation = t.code
          group by t.code, t.verse_count order by t.code`,
      );
      expect(rows.map((r) => r.code)).toEqual([...INSTALLED_TRANSLATIONS].sort());
      for (const r of rows) expect(Number(r.actual), r.code).toBe(r.expected);
    } finally {
      await client.end();
    }
  }

  it('lets three instances start together on an empty database', async () => {
    const url = await emptyDatabase();
    // All three at once: migrations and the install race unless they take turns.
    const three = await Promise.allSettled([start(url), start(url), start(url)]);
    const failed = three.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failed).toEqual([]);
    const member = await signUpMember(servers.at(-1)!);
    for (const server of servers.slice(-3)) {
      await waitFor(
        `the Bibles on port ${server.port}`,
        async () => {
          if (server.proc.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
          const res = await fetch(`${server.url}/api/bible/passage?ref=John%203:16`, {
            headers: { cookie: member.cookie },
          });
          return res.status === 200;
        },
        90_000,
        250,
      );
    }
    // Each one says it is ready only once the Bibles are in, and says so on the console.
    for (const server of servers.slice(-3)) {
      await waitFor(
        `/readyz on port ${server.port}`,
        async () => (await fetch(`${server.url}/readyz`)).ok,
        30_000,
        250,
      );
      expect(server.output()).toMatch(/Camino is ready on /);
    }
    await expectWholeBibles(url);
  });

  it('carries on after the database goes away in the middle of the install', async () => {
    const url = await emptyDatabase();
    const server = await start(url);
    const member = await signUpMember(server);
    await waitFor(
      'the install to start',
      () => /Installing the \w+ Bible \(\d of \d\)/.test(server.output()),
      60_000,
      20,
    );
    await cluster.stop();
    try {
      await waitFor(
        'the server to notice the outage',
        async () => {
          const res = await fetch(`${server.url}/readyz`);
          return (
            res.status === 503 &&
            ((await res.json()) as { status: string }).status === 'unavailable'
          );
        },
        10_000,
      );
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      await cluster.start();
    }

    // Meanwhile and until it is done: 503 "being installed" (or "briefly unavailable"), never 500.
    const seen = new Set<string>();
    await waitFor(
      'the Bibles after the restart',
      async () => {
        if (server.proc.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
        const res = await member.request('GET', '/api/bible/passage?ref=John%203:16');
        const body = (await res.json()) as { code?: string };
        seen.add(res.status === 200 ? '200' : `${res.status} ${body.code}`);
        return res.status === 200;
      },
      60_000,
      250,
    );
    // The outage did interrupt the install, which tried again.
    expect(server.output()).toMatch(/installing the Bibles failed; trying again/);
    expect([...seen].filter((s) => !/^(200|503 BIBLE_LOADING|503 UNAVAILABLE)$/.test(s))).toEqual(
      [],
    );
    expect(server.proc.exitCode).toBeNull();
    await expectWholeBibles(url);
  });
});
