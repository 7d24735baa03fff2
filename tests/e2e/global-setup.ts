import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureClientBuilt } from '../../scripts/client-build.mjs';

/** The browser tests run against the built client, rebuilt when its sources changed. */
export default function setup() {
  mkdirSync(join(ROOT, 'test-results/screenshots'), { recursive: true });
  ensureClientBuilt();
}
