// `npm start`: builds the client if needed and the server's bundle, then runs the server (embedded PGlite unless
// DATABASE_URL is set). Works right after `npm ci` on a fresh clone.
import { spawn } from 'node:child_process';
import { ROOT, ensureClientBuilt } from './client-build.mjs';
import { SERVER_NODE_OPTIONS, buildServer } from './server-build.mjs';

ensureClientBuilt();
// The server runs from its bundle (dist/server, ADR 0071), built again at every start.
const entry = buildServer();
const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, entry], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
