import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/client.ts';

/** A database that does not answer a ping within this is as good as away. */
const PING_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  redis: Redis | null,
) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Not ready while the database is unreachable: a load balancer sends no traffic here until
  // the pool reconnects (the process itself stays up, /healthz says so). Redis is reported but
  // does not decide: without it the app still serves (ADR 0015), so taking every instance out
  // of the load balancer because Redis is away would turn a degradation into an outage.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [databaseUp, redisUp] = await Promise.all([
      within(database.ping(), PING_TIMEOUT_MS).then(
        () => true,
        () => false,
      ),
      redis &&
        within(redis.ping(), PING_TIMEOUT_MS).then(
          () => true,
          () => false,
        ),
    ]);
    // Not ready either while the bundled Bibles install on a first start (main.ts): the process
    // answers, but a member would meet "being installed" on every Bible page.
    const installing = app.bibleCatalog.installing;
    const ready = databaseUp && !installing;
    const body = {
      status: ready ? 'ready' : databaseUp ? 'installing' : 'unavailable',
      database: database.kind,
      ...(redis ? { redis: redisUp ? 'ok' : 'degraded' } : {}),
    };
    return reply.status(ready ? 200 : 503).send(body);
  });
}
