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

  const readyz = async (server: ServerProcess) => {
    const res = await fetch(`${server.url}/readyz`);
    return { http: res.status, ...((await res.json()) as { status: string; redis?: string }) };
  };
  const signIn = (server: ServerProcess, email: string, password: string) =>
    fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
      body: JSON.stringify({ email, password }),
    });

  it('keeps serving while Redis is down, says it is degraded, and picks Redis up again', async () => {
    const server = await start();
    const member = await signUpMember(server);
    expect(await readyz(server)).toMatchObject({ http: 200, status: 'ready', redis: 'ok' });
    await redis.stop();
    try {
      expect(await readyz(server)).toMatchObject({ http: 200, status: 'ready', redis: 'degraded' });
      expect((await member.request('GET', '/api/dashboard')).status).toBe(200);
      const write = await member.request('POST', '/api/journal', { title: 'A', content: 'B' });
      expect(write.status).toBe(201);
      expect((await signIn(server, member.email, member.password)).status).toBe(200);
      // Sign-in limits still hold (in the database meanwhile): wrong passwords end in 429.
      const statuses: number[] = [];
      for (let i = 0; i < 15 && !statuses.includes(429); i++) {
        statuses.push((await signIn(server, member.email, 'wrong password!')).status);
      }
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(statuses.at(-1)).toBe(429);
      expect(server.output()).toMatch(/Redis unreachable/);
    } finally {
      await redis.start();
    }
    await waitFor('Redis again', async () => (await readyz(server)).redis === 'ok', 15_000, 250);
    expect(server.proc.exitCode).toBeNull();
  });

  it('starts while Redis is unreachable and connects once it is there', async () => {
    await redis.stop();
    let server: ServerProcess;
    try {
      server = await start();
      expect(await readyz(server)).toMatchObject({ http: 200, status: 'ready', redis: 'degraded' });
      const member = await signUpMember(server);
      expect((await member.request('GET', '/api/dashboard')).status).toBe(200);
    } finally {
      await redis.start();
    }
    await waitFor('Redis', async () => (await readyz(server)).redis === 'ok', 15_000, 250);
  });

  it('keeps dashboards only briefly while the Redis link is down', async () => {
    const database = await newDatabase();
    const [a, b] = [await start(database), await start(database)];
    const member = await signUpMember(a);
    await redis.stop();
    try {
      expect(await streakOn(b, member.cookie)).toBe(0); // cached on b, for a short while only
      const write = await member.request('POST', '/api/prayer-sessions', { minutes: 5 });
      expect(write.status).toBe(201);
      await waitFor(
        "b to show a's write",
        async () => (await streakOn(b, member.cookie)) === 1,
        10_000,
        250,
      );
    } finally {
      await redis.start();
    }
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
