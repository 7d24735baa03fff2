import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import es from '#shared/i18n/es.json' with { type: 'json' };
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { ROUTE_ACCESS, type AccessClass } from '#server/routes/registry.ts';
import { useTestApp } from '../helpers/app.ts';

/** The error handler's one mapping from "the database is away" to 503 (ADR 0016). */
const pgError = (message: string, code?: string) =>
  Object.assign(new Error(message), code ? { code } : {});
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection, also inside a Drizzle error', () => {
    for (const error of [
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('connection failure', '08006'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('Connection terminated unexpectedly'),
      pgError('Client has encountered a connection error and is not queryable'),
      pgError('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true);
    }
  });

  it('leaves every other error alone', () => {
    for (const error of [
      pgError('duplicate key value violates unique constraint', '23505'),
      pgError('relation "x" does not exist', '42P01'),
      new Error('something else'),
    ]) {
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(false);
    }
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('a route whose database is away', () => {
  const registry = ROUTE_ACCESS as Record<string, AccessClass>;
  registry['GET /api/__probe/db-away'] = 'public';
  registry['GET /api/__probe/db-broken'] = 'public';
  afterAll(() => {
    delete registry['GET /api/__probe/db-away'];
    delete registry['GET /api/__probe/db-broken'];
  });
  const app = useTestApp({
    deps: {
      plugins: [
        (instance: FastifyInstance) => {
          instance.get('/api/__probe/db-away', async () => {
            throw wrapped(pgError('terminating connection due to administrator command', '57P01'));
          });
          instance.get('/api/__probe/db-broken', async () => {
            throw wrapped(pgError('relation "x" does not exist', '42P01'));
          });
        },
      ],
    },
  });

  it('answers 503 with a translated message and Retry-After; other errors stay 500', async () => {
    const away = await app.t.app.inject({
      method: 'GET',
      url: '/api/__probe/db-away',
      headers: { 'accept-language': 'es' },
    });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({ code: 'UNAVAILABLE', message: es.errors.unavailable });
    const broken = await app.t.app.inject({ method: 'GET', url: '/api/__probe/db-broken' });
    expect(broken.statusCode).toBe(500);
  });
});
