import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loggerOptions } from '#server/app.ts';
import { createTestApp } from '../helpers/app.ts';

/** A test app whose log lines are collected, with a route that fails. */
async function appWithLog(env: Record<string, string>) {
  const lines: { msg: string; level: number; res?: { statusCode: number } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await createTestApp({
    env,
    deps: {
      logger: { ...(loggerOptions('info') as object), stream },
      plugins: [
        async (app: FastifyInstance) => {
          app.get('/boom', async () => {
            throw new Error('kaput');
          });
        },
      ],
    },
  });
  return { t, lines };
}

describe('request logging', () => {
  it('logs only failed and slow requests when set to errors (the production default)', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'errors', SLOW_REQUEST_MS: '60000' });
    try {
      for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
      await t.app.inject({ method: 'GET', url: '/boom' });
      // One line, from the error handler, with the error.
      expect(lines.filter((l) => /request/.test(l.msg)).map((l) => [l.msg, l.level])).toEqual([
        ['request failed', 50],
      ]);
    } finally {
      await t.close();
    }
  });

  it('names slow requests', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'errors', SLOW_REQUEST_MS: '0' });
    try {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.msg === 'slow request')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('logs every request when set to all (the default outside production)', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'all' });
    try {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
