import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from '#server/db/client.ts';
import es from '#shared/i18n/es.json' with { type: 'json' };
import {
  BIBLE_TEMPLATE,
  bibleSeedDir,
  haveTools,
  startPostgres,
  waitFor,
  type PgCluster,
} from '../helpers/services.ts';
import {
  signUpMember,
  startServer,
  type HttpMember,
  type ServerProcess,
} from '../helpers/server-process.ts';

/**
 * PostgreSQL goes away under a running server (a fast restart, a longer stop): the process
 * stays up, answers 503 with a translated message meanwhile, says it is not ready, and carries
 * on by itself when the database is back.
 */
describe.runIf(haveTools({ postgres: true }))('the server when PostgreSQL goes away', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  let member: HttpMember;
  let goalId: string;

  beforeAll(async () => {
    cluster = await startPostgres({ from: bibleSeedDir()! });
    const url = await cluster.createDatabase('camino', BIBLE_TEMPLATE);
    server = await startServer({
      DATABASE_URL: url,
      BETTER_AUTH_SECRET: 'reliability-secret-reliability-secret-1',
      DATABASE_POOL_MAX: '4',
      API_RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    member = await signUpMember(server);
    const goal = await member.request('POST', '/api/goals', {
      title: 'Pray daily',
      unit: 'minutes',
      target: 1000,
      period: 'daily',
    });
    expect(goal.status).toBe(201);
    goalId = ((await goal.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await cluster?.destroy();
  });

  const alive = () => server.proc.exitCode === null && server.proc.signalCode === null;
  /** Fails at once, with the server's output, when the process has died. */
  const stillAlive = (check: () => boolean) => () => {
    if (!alive()) throw new Error(`the server exited:\n${server.output()}`);
    return check();
  };
  const writeJournal = (lang = 'en') =>
    member.request('POST', '/api/journal', { title: 'Still waters', content: 'Psalm 23' }, lang);
  const writeProgress = () =>
    member.request('POST', `/api/goals/${goalId}/progress`, { amount: 1 });

  it('gives a connection back to the pool when a transaction cannot even begin', async () => {
    // A restart can cut an idle pooled connection just before `begin` is sent on it; an
    // invalid `begin` fails the same way, every time. With one connection in the pool, a leak
    // would leave the next transaction waiting for a client that never comes back.
    const handle = await openPostgres(cluster.url('camino'), 1);
    try {
      for (let i = 0; i < 3; i++) {
        await expect(
          handle.db.transaction(async () => undefined, {
            isolationLevel: 'no such level' as 'serializable',
          }),
        ).rejects.toThrow();
      }
      const one = await handle.db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
      expect(one.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  }, 30_000);

  it('survives `pg_ctl restart -m fast` while members write, and writes work again after', async () => {
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let stop = false;
    const deadline = Date.now() + 60_000;
    // Four members' worth of writes in flight, bounded in time and number.
    const worker = async () => {
      for (let i = 0; i < 2_000 && !stop && Date.now() < deadline; i++) {
        const res = await (i % 2 === 0 ? writeJournal() : writeProgress()).catch(() => null);
        count(res?.status ?? 0);
        await res?.arrayBuffer();
      }
    };
    const workers = Promise.all([worker(), worker(), worker(), worker()]);
    // Several restarts: each may catch clients idle in the pool, mid-transaction or connecting.
    for (let restart = 1; restart <= 3; restart++) {
      const before = statuses.get(201) ?? 0;
      await waitFor(
        `writes before restart ${restart}`,
        stillAlive(() => (statuses.get(201) ?? 0) >= before + 10),
        30_000,
      );
      await cluster.restart();
    }
    const afterRestarts = statuses.get(201) ?? 0;
    await waitFor(
      'writes after the restarts',
      stillAlive(() => (statuses.get(201) ?? 0) >= afterRestarts + 10),
      30_000,
    );
    stop = true;
    await workers;

    expect(alive(), server.output()).toBe(true);
    expect(server.output()).not.toMatch(/Emitted 'error' event/);
    // Only successes and "come back in a moment": no 500, no dropped connection (0).
    expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
  });

  it('is not ready and answers 503 (translated) while stopped, then recovers by itself', async () => {
    await cluster.stop();
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      const write = await writeJournal('es');
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('5');
      expect(await write.json()).toEqual({ code: 'UNAVAILABLE', message: es.errors.unavailable });
      expect((await member.request('GET', '/api/dashboard')).status).toBe(503);
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
        body: JSON.stringify({ email: member.email, password: member.password }),
      });
      expect(signIn.status).toBe(503);
      expect(alive()).toBe(true);
    } finally {
      await cluster.start();
    }
    await waitFor(
      '/readyz after the database is back',
      async () => (await fetch(`${server.url}/readyz`)).status === 200,
      30_000,
    );
    expect((await writeJournal()).status).toBe(201);
    expect(alive()).toBe(true);
  });
});
