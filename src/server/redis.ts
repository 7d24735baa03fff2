import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection (REDIS_URL). Redis holds rate-limit counters and carries dashboard
 * invalidations between instances: nothing a request should wait for. So a command sent while
 * Redis is unreachable fails at once (no offline queue, one retry, a 1 s timeout) and its caller
 * carries on without it, and the client reconnects in the background for as long as it takes.
 * It connects when `superviseRedis` starts it, once someone listens to its events.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
  });
}

/**
 * Logs when Redis becomes unreachable (once, not at every reconnection attempt) and when it is
 * back, and starts connecting. An ioredis client without an 'error' listener prints every
 * failed attempt to the console.
 */
export function superviseRedis(redis: Redis, log: FastifyBaseLogger): void {
  let lastError: unknown;
  let down = false;
  redis.on('error', (error: unknown) => {
    lastError = error;
  });
  redis.on('reconnecting', () => {
    if (down) return;
    down = true;
    // What carries on without it (ADR 0015), said once rather than at every attempt.
    log.warn(
      { err: lastError },
      'Redis unreachable, reconnecting in the background; meanwhile the API rate limit is not ' +
        'enforced, sign-in limits are counted in the database and dashboards are kept briefly',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again');
    down = false;
  });
  if (redis.status === 'wait') redis.connect().catch(() => undefined);
}
