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

/** What `listenAcrossInstances` gives back: whether the link is up, and how to end it. */
export interface InstanceChannel {
  /** True while messages published by the other instances reach this one. */
  readonly linked: boolean;
  /** Publishes to every instance (this one too); a failure is dropped (Redis is away). */
  publish(message: string): void;
  disconnect(): void;
}

/**
 * Instances telling each other that something they keep in memory changed (a member's
 * dashboard, a member's sessions). The subscription has a connection of its own (a
 * subscribed connection can do nothing else) that queues its commands until it is connected,
 * and subscribes each time it (re)connects. Nothing here waits for Redis: an instance starts,
 * and serves, while Redis is unreachable. `onUnlinked` runs when the link is lost: from then
 * on other instances' messages go unheard until it is back.
 */
export function listenAcrossInstances(
  redis: Redis,
  channel: string,
  onMessage: (message: string) => void,
  onUnlinked: () => void = () => undefined,
): InstanceChannel {
  const subscriber = redis.duplicate({
    lazyConnect: false,
    enableOfflineQueue: true,
    autoResubscribe: false,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  let subscribed = false;
  let publisher: Redis | null = redis;
  // Connection errors are the main connection's to report (superviseRedis); an ioredis
  // client without a listener would print each one.
  subscriber.on('error', () => undefined);
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel) onMessage(message);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => (subscribed = true),
      () => undefined,
    );
  });
  subscriber.on('close', () => {
    subscribed = false;
    onUnlinked();
  });
  return {
    get linked() {
      return subscribed;
    },
    publish(message) {
      publisher?.publish(channel, message).catch(() => undefined);
    },
    disconnect() {
      subscribed = false;
      publisher = null;
      subscriber.disconnect();
    },
  };
}
