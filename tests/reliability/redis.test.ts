import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIBLE_TEMPLATE,
  bibleSeedDir,
  haveTools,
  startPostgres,
  startRedis,
  waitFor,
  type PgCluster,
  type RedisServer,
} from '../helpers/services.ts';
import { signUpMember, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * The real process with REDIS_URL, against a private Redis that the tests stop and start.
 * Redis only holds rate-limit counters and carries dashboard invalidations: the app must keep
 * serving without it and pick it up again by itself.
 */
describe.runIf(haveTools({ postgres: true, redis: true }))('the server with Redis', () => {
  let cluster: PgCluster;
  let redis: RedisServer;
  const servers: ServerProcess[] = [];
  let databases = 0;

  beforeAll(async () => {
    cluster = await startPostgres({ from: bibleSeedDir()! });
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await redis?.destroy();
    await cluster?.destroy();
  });

  const newDatabase = () => cluster.createDatabase(`redis_${++databases}`, BIBLE_TEMPLATE);
  const start = async (database?: string, options: { waitReady?: boolean } = {}) => {
    const server = await startServer(
      {
        DATABASE_URL: database ?? (await newDatabase()),
        BETTER_AUTH_SECRET: 'reliability-secret-reliability-secret-1',
        REDIS_URL: redis.url,
      },
      options,
    );
    servers.push(server);
    return server;
  };
  const streakOn = async (server: ServerProcess, cookie: string) => {
    const res = await fetch(`${server.url}/api/dashboard`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { streak: { current: number } }).streak.current;
  };

  it('starts with REDIS_URL and serves members', async () => {
    const server = await start();
    const member = await signUpMember(server);
    expect((await member.request('GET', '/api/dashboard')).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
  });

  it("drops a member's dashboard on every instance when they write on one", async () => {
    const database = await newDatabase();
    const [a, b] = [await start(database), await start(database)];
    const member = await signUpMember(a);
    expect(await streakOn(b, member.cookie)).toBe(0); // now cached on b (for a minute)
    expect((await member.request('POST', '/api/prayer-sessions', { minutes: 5 })).status).toBe(201);
    await waitFor(
      'b to drop its entry',
      async () => (await streakOn(b, member.cookie)) === 1,
      2_000,
    );
  });
});
