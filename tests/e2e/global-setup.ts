import type { TestProject } from 'vitest/node';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureClientBuilt } from '../../scripts/client-build.mjs';
import { ensurePgliteDataDir } from '../helpers/global-setup-server.ts';

/**
 * The browser tests run against the built client, rebuilt when its sources changed, and their
 * servers start from a copy of a data folder with the Bibles already in (`inject('e2eDataDir')`).
 */
export default async function setup(project: TestProject) {
  mkdirSync(join(ROOT, 'test-results/screenshots'), { recursive: true });
  ensureClientBuilt();
  project.provide('e2eDataDir', await ensurePgliteDataDir());
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataDir: string;
  }
}
