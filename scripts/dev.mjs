// `npm run dev`: the API (restarted on change) and Vite with hot reload, which proxies /api.
import { spawn } from 'node:child_process';
import { ROOT } from './client-build.mjs';

const vitePort = process.env.VITE_PORT ?? '5173';
const apiPort = process.env.PORT ?? '5000';
const children = [
  spawn(
    process.execPath,
    [`${ROOT}/node_modules/tsx/dist/cli.mjs`, 'watch', 'src/server/main.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        APP_URL: `http://localhost:${vitePort}`,
        ...process.env,
        PORT: apiPort,
        NODE_ENV: 'development',
      },
    },
  ),
  spawn(process.execPath, [`${ROOT}/node_modules/vite/bin/vite.js`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, VITE_PORT: vitePort },
  }),
];
const stop = (signal) => {
  for (const c of children) c.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
