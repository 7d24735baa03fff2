import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';

/** The real server process: the PGlite lock, durability after kill -9, graceful shutdown. */
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'camino-'));
  dirs.push(dir);
  return dir;
}

async function signUpAndVerify(base: string, origin: string) {
  const email = `durable-${Date.now()}@example.com`;
  const password = 'durable password 1';
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password, firstName: 'Dura', lastName: 'Ble' }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const verify = await fetch(`${base}/api/user/verify-age`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ ageVerified: true }),
  });
  expect(verify.status).toBe(200);
  return { email, password, cookie };
}

async function expectDurable(env: Record<string, string>) {
  const first = await startServer(env, { waitFor: 'healthz' });
  running.push(first);
  const origin = `http://localhost:${first.port}`;
  const account = await signUpAndVerify(first.url, origin);
  // Acknowledged: now kill without any chance to flush.
  first.proc.kill('SIGKILL');
  await first.exited;

  const second = await startServer({ ...env, PORT: String(first.port) }, { waitFor: 'healthz' });
  running.push(second);
  const me = await fetch(`${second.url}/api/auth/user`, { headers: { cookie: account.cookie } });
  expect(me.status).toBe(200);
  expect((await me.json()).ageVerified).toBe(true);
  const signIn = await fetch(`${second.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(signIn.status).toBe(200);
  expect(await second.stop('SIGTERM')).toBe(0);
}

// Real processes: the first start also loads the Bibles in the background, so allow time.
const PROCESS_TIMEOUT = 150_000;

describe('embedded PGlite', () => {
  it(
    'refuses a second server on the same data directory, with a clear message',
    async () => {
      const dir = tempDir();
      const first = await startServer({ DATA_DIR: dir }, { waitFor: 'healthz' });
      running.push(first);
      const second = await startServer({ DATA_DIR: dir }, { waitReady: false });
      const code = await second.exited;
      expect(code).toBe(2);
      expect(second.output()).toMatch(/already in use by another process/);
      expect(await first.stop('SIGTERM')).toBe(0);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'keeps an acknowledged write after kill -9',
    async () => {
      await expectDurable({ DATA_DIR: tempDir() });
    },
    PROCESS_TIMEOUT,
  );
});

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
        await expectDurable({
          DATABASE_URL: target.toString(),
          BETTER_AUTH_SECRET: 'durability-secret-durability-secret-123',
        });
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    PROCESS_TIMEOUT,
  );
});
