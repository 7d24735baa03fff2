/**
 * A bench measured in Chromium: `npm start`'s production server on a fresh embedded database,
 * with no request limits in the way, a browser, and a signed-in member; all stopped after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort, startServer } from '../tests/helpers/server-process.ts';
import { CHROMIUM } from './lighthouse.ts';
import { signedIn } from './sign-up.ts';

export async function inChromium<T>(
  name: string,
  flags: string[],
  run: (at: { base: string; cookie: string; browser: Browser }) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `camino-${name}-`));
  const port = await freePort();
  const server = await startServer(
    {
      DATA_DIR: dir,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
    },
    { waitFor: 'readyz' },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: flags });
  try {
    const { cookie } = await signedIn(server.url);
    return await run({ base: server.url, cookie, browser });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The member's session cookie for a Playwright context. */
export const cookiesFor = (cookie: string, url: string) =>
  cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url };
  });
