// `npm start`: builds the client if needed, then runs the server (embedded PGlite unless
// DATABASE_URL is set). Works right after `npm ci` on a fresh clone.
import { spawn } from 'node:child_process';
import { ROOT, ensureClientBuilt } from './client-build.mjs';

ensureClientBuilt();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
