import { afterAll, describe, it } from 'vitest';
import pg from 'pg';
import { expectDurable } from '../helpers/durable.ts';
import type { ServerProcess } from '../helpers/server-process.ts';

/**
 * The real server process on PostgreSQL (TEST_DATABASE_URL): durability after kill -9, graceful
 * shutdown (embedded PGlite's: process.test.ts).
 */
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.stop('SIGKILL');
});

const PROCESS_TIMEOUT = 150_000;

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  it(
    'keeps an acknowledged write after kill -9',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `durable_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const target = new URL(url);
        target.pathname = `/${name}`;
        await expectDurable(
          {
            DATABASE_URL: target.toString(),
            BETTER_AUTH_SECRET: 'durability-secret-durability-secret-123',
          },
          running,
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    PROCESS_TIMEOUT,
  );
});
