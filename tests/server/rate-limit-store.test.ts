import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { withFallback, type RateLimitStore } from '#server/security/rate-limit-store.ts';

describe('withFallback', () => {
  it('counts in the fallback while the primary store fails, and warns once', async () => {
    let primaryUp = false;
    const primary: RateLimitStore = {
      async consume() {
        if (!primaryUp) throw new Error("Stream isn't writeable");
        return { allowed: true, retryAfter: null };
      },
      async peek() {
        if (!primaryUp) throw new Error("Stream isn't writeable");
        return { count: 0, retryAfter: 0 };
      },
    };
    let fallbackCalls = 0;
    const fallback: RateLimitStore = {
      async consume() {
        fallbackCalls += 1;
        return fallbackCalls > 2
          ? { allowed: false, retryAfter: 30 }
          : { allowed: true, retryAfter: null };
      },
      async peek() {
        return { count: fallbackCalls, retryAfter: 30 };
      },
    };
    const warnings: string[] = [];
    const log = {
      warn: (_o: unknown, m: string) => warnings.push(m),
    } as unknown as FastifyBaseLogger;
    const store = withFallback(primary, fallback, log);
    const rule = { window: 60, max: 2 };
    expect(await store.consume('k', rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await store.consume('k', rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await store.consume('k', rule)).toEqual({ allowed: false, retryAfter: 30 });
    expect(await store.peek('k')).toEqual({ count: 3, retryAfter: 30 });
    expect(warnings).toHaveLength(1);
    primaryUp = true;
    expect(await store.consume('k', rule)).toEqual({ allowed: true, retryAfter: null });
    expect(fallbackCalls).toBe(3);
  });
});
