import type { FastifyInstance } from 'fastify';
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

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Not ready while the database is unreachable: a load balancer sends no traffic here until
  // the pool reconnects (the process itself stays up, /healthz says so).
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await within(database.ping(), PING_TIMEOUT_MS);
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
