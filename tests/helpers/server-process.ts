import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS, buildServer } from '../../scripts/server-build.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

let built: string | undefined;

/**
 * What a test server runs: the server's bundle, as `npm start` does (ADR 0071), built once by
 * each process that starts servers (so a change to the sources is in the next run); another
 * checkout (`root`, the bench's build before a change) from its sources through tsx, as it
 * may predate the bundle.
 */
function serverCommand(root: string | undefined): string[] {
  if (root && root !== ROOT) return ['--import', 'tsx', 'src/server/main.ts'];
  built ??= buildServer();
  return [...SERVER_NODE_OPTIONS, built];
}

export interface ServerProcess {
  port: number;
  url: string;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server (src/server/main.ts, from its bundle) and waits until /readyz answers 200 — or, with
 * `waitFor: 'healthz'`, only until it answers at all (/readyz stays 503 while a first start
 * installs the Bibles).
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    waitReady?: boolean;
    waitFor?: 'readyz' | 'healthz';
    nodeArgs?: string[];
    /** Another checkout to run (the bench compares a build before a change with this one). */
    root?: string;
  } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  let out = '';
  const proc = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), ...serverCommand(options.root)],
    {
      cwd: options.root ?? ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        // Fast password hashing for test servers; a server started in another mode (the
        // bench runs production) hashes as in production.
        TEST_PASSWORD_HASHING: !env.NODE_ENV || env.NODE_ENV === 'test' ? 'fast' : '',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    port,
    url,
    proc,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
  if (options.waitReady === false) return server;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/${options.waitFor ?? 'readyz'}`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${out}`);
}

export interface HttpMember {
  email: string;
  password: string;
  cookie: string;
  /** A JSON request to the server as this member (same origin, in `lang`). */
  request(method: string, path: string, body?: object, lang?: string): Promise<Response>;
}

/** Signs up a member on a running server and passes the age gate. */
export async function signUpMember(server: ServerProcess): Promise<HttpMember> {
  const origin = `http://localhost:${server.port}`;
  const email = `member-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'correct horse battery';
  const send = (method: string, path: string, body?: object, lang = 'en', cookie = '') =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin,
        'accept-language': lang,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
  const res = await send('POST', '/api/auth/sign-up/email', {
    email,
    password,
    firstName: 'Fault',
    lastName: 'Tolerant',
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const verified = await send('POST', '/api/user/verify-age', { ageVerified: true }, 'en', cookie);
  if (verified.status !== 200) throw new Error(`age gate failed: ${verified.status}`);
  return {
    email,
    password,
    cookie,
    request: (method, path, body, lang) => send(method, path, body, lang, cookie),
  };
}
