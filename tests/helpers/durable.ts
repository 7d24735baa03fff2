import { expect } from 'vitest';
import { startServer, type ServerProcess } from './server-process.ts';

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

/** An acknowledged sign-up survives kill -9: the restarted server signs the member in. */
export async function expectDurable(env: Record<string, string>, running: ServerProcess[]) {
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
