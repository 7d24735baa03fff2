import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';

export interface ConsumeResult {
  allowed: boolean;
  retryAfter: number | null;
}

/**
 * A fixed-window counter shared by every app instance: in Redis when configured,
 * otherwise in the database. Each call counts and decides in one atomic step.
 */
export interface RateLimitStore {
  consume(key: string, rule: { window: number; max: number }): Promise<ConsumeResult>;
  /** The count of `key` in its current window (0 when none), without counting. */
  peek(key: string): Promise<{ count: number; retryAfter: number }>;
}

/** How often an instance clears counters whose window has ended (their keys hold IP addresses). */
const PURGE_EVERY_MS = 60_000;

export function databaseRateLimitStore(db: Database): RateLimitStore {
  let purgedAt = -Infinity;
  return {
    async consume(key, { window, max }) {
      if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await db.execute(sql`delete from rate_limit where window_ends_at < now()`);
      }
      const result = await db.execute<{ count: number; retry_after: number }>(sql`
        insert into rate_limit (key, count, window_ends_at)
        values (${key}, 1, now() + make_interval(secs => ${window}))
        on conflict (key) do update set
          count = case when rate_limit.window_ends_at <= now() then 1 else rate_limit.count + 1 end,
          window_ends_at = case when rate_limit.window_ends_at <= now()
            then excluded.window_ends_at else rate_limit.window_ends_at end
        returning count, ceil(extract(epoch from (window_ends_at - now())))::int as retry_after`);
      const row = result.rows[0];
      if (!row) return { allowed: true, retryAfter: null };
      const count = Number(row.count);
      return count <= max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Number(row.retry_after)) };
    },
    async peek(key) {
      const result = await db.execute<{ count: number; retry_after: number }>(sql`
        select count, ceil(extract(epoch from (window_ends_at - now())))::int as retry_after
        from rate_limit where key = ${key} and window_ends_at > now()`);
      const row = result.rows[0];
      return row
        ? { count: Number(row.count), retryAfter: Math.max(1, Number(row.retry_after)) }
        : { count: 0, retryAfter: 0 };
    },
  };
}

const CONSUME_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

export function redisRateLimitStore(redis: Redis, prefix = 'rl:'): RateLimitStore {
  return {
    async consume(key, { window, max }) {
      const [count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, prefix + key, window * 1000)) as [
        number,
        number,
      ];
      return count <= max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), retryAfter: Math.max(0, Math.ceil(ttl / 1000)) };
    },
  };
}

/** At most one warning a minute while the primary store keeps failing. */
const WARN_EVERY_MS = 60_000;

/**
 * `primary` (Redis) while it answers, `fallback` (the database) when it fails: sign-in, sign-up
 * and password resets keep working, and keep their limits, while Redis is away. The two count
 * separately, so across an outage a client may get up to twice its allowance, never more.
 */
export function withFallback(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  log: FastifyBaseLogger,
): RateLimitStore {
  let warnedAt = -Infinity;
  return {
    async consume(key, rule) {
      try {
        return await primary.consume(key, rule);
      } catch (error) {
        if (Date.now() - warnedAt >= WARN_EVERY_MS) {
          warnedAt = Date.now();
          log.warn({ err: error }, 'rate-limit store unavailable: counting in the database');
        }
        return fallback.consume(key, rule);
      }
    },
    async peek(key) {
      try {
        return await primary.peek(key);
      } catch {
        return fallback.peek(key);
      }
    },
  };
}
