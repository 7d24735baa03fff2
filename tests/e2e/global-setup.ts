import type { TestProject } from 'vitest/node';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureClientBuilt } from '../../scripts/client-build.mjs';
import { ensurePgliteDataDir } from '../helpers/global-setup-server.ts';

/**
 * The browser tests run against the built client, rebuilt when its sources changed, and their
 * servers start from a copy of a data folder with the Bibles already in (`inject('e2eDataDir')`).
 * The servers the workers share (tests/e2e/browser.ts, `useE2EServer`) note themselves in a
 * register (`inject('e2eSharedServers')`), and are stopped here once every file has run.
 */
export default async function setup(project: TestProject) {
  mkdirSync(join(ROOT, 'test-results/screenshots'), { recursive: true });
  ensureClientBuilt();
  project.provide('e2eDataDir', await ensurePgliteDataDir());
  const register = mkdtempSync(join(tmpdir(), 'camino-e2e-shared-'));
  project.provide('e2eSharedServers', register);
  return async () => {
    const servers = readdirSync(register).map(
      (file) =>
        JSON.parse(readFileSync(join(register, file), 'utf8')) as { pid: number; dataDir: string },
    );
    await Promise.all(servers.map(({ pid }) => stopProcess(pid)));
    for (const { dataDir } of servers) rmSync(dataDir, { recursive: true, force: true });
    rmSync(register, { recursive: true, force: true });
  };
}

/** Asks a process to stop, and kills it if it has not within five seconds. */
async function stopProcess(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 5000 && alive(); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (alive()) process.kill(pid, 'SIGKILL');
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataDir: string;
    e2eSharedServers: string;
  }
}
