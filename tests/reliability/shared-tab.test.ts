import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureClientBuilt } from '../../scripts/client-build.mjs';
import { PHONE, e2eAvailable, launch, newContext, signUpMember } from '../e2e/browser.ts';
import {
  BIBLE_TEMPLATE,
  bibleSeedDir,
  haveTools,
  startPostgres,
  waitFor,
  type PgCluster,
} from '../helpers/services.ts';
import { freePort, startServer, type ServerProcess } from '../helpers/server-process.ts';

const PASSWORD = 'a good long password';

/**
 * A tab shared by two members through a database outage (docs/decisions/0049): Ana types while
 * PostgreSQL is down, so her text cannot be saved and waits in the tab; her session ends; the
 * database comes back and Ben signs in on that tab. Ben sees none of her text and none of it
 * is saved into his account; Ana keeps what was saved before the outage.
 */
describe.runIf(haveTools({ postgres: true }) && e2eAvailable())(
  'a shared tab through a database outage',
  () => {
    let cluster: PgCluster;
    let server: ServerProcess;
    let browser: Browser;
    let base: string;

    beforeAll(async () => {
      ensureClientBuilt();
      cluster = await startPostgres({ from: bibleSeedDir()! });
      const url = await cluster.createDatabase('camino', BIBLE_TEMPLATE);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      [server, browser] = await Promise.all([
        startServer({
          DATABASE_URL: url,
          BETTER_AUTH_SECRET: 'reliability-secret-reliability-secret-1',
          PORT: String(port),
          APP_URL: base,
          AUTH_RATE_LIMIT_MAX: '1000',
        }),
        launch(),
      ]);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop('SIGKILL');
      await cluster?.destroy();
    });

    const signInHere = async (page: Page, email: string) => {
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/lesson\/101-1$/);
    };
    const tabHolds = (page: Page) =>
      page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    const savedResponse = async (page: Page) =>
      ((await (await page.request.get(`${base}/api/lessons/101-1`)).json()) as { response: string })
        .response;

    it('Ben signs in where Ana’s unsaved text waited out the outage: he sees and saves none of it', async () => {
      const accounts = await newContext(browser);
      const scratch = await accounts.newPage();
      const ana = await signUpMember(scratch, base, 'en');
      await accounts.clearCookies();
      const ben = await signUpMember(scratch, base, 'en');
      await accounts.close();

      const context = await newContext(browser, { viewport: PHONE });
      const page = await context.newPage();
      await page.goto(`${base}/lesson/101-1`);
      await page.waitForURL(/\/sign-in\?next=/);
      await signInHere(page, ana);
      const response = page.getByLabel('Your response');
      await response.fill('Lord, teach me to forgive.');
      await page.getByText('Response saved').waitFor();

      // PostgreSQL goes away while she goes on typing: the autosave cannot reach it.
      await cluster.stop();
      try {
        await response.fill('Lord, teach me to forgive. I still resent my father.');
        await page.waitForFunction(() =>
          Object.values(sessionStorage).some((v) => v.includes('resent my father')),
        );
        // Her session ends meanwhile (it expired, or she was signed out elsewhere).
        await context.clearCookies();
      } finally {
        await cluster.start();
      }
      await waitFor(
        'the server to be ready again',
        async () => {
          const ready = await fetch(`${base}/readyz`).catch(() => null);
          return ready?.ok ?? false;
        },
        60_000,
      );

      // The next person at the tablet finds the sign-in page, where she was.
      await page.reload();
      await page.waitForURL(/\/sign-in\?next=%2Flesson%2F101-1/);
      expect(await tabHolds(page)).toContain('resent my father');
      await signInHere(page, ben);
      await response.waitFor();
      expect(await response.inputValue()).toBe('');
      // Past the autosave's delay: nothing of hers was sent as his.
      await page.waitForTimeout(1500);
      expect(await savedResponse(page)).toBe('');
      expect(await tabHolds(page)).not.toContain('resent');
      expect(await tabHolds(page)).not.toContain('forgive');

      // Ana, back at the tablet later, has what was saved before the outage.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(`${base}/`);
      await page.goto(`${base}/lesson/101-1`);
      await signInHere(page, ana);
      await expect.poll(() => response.inputValue()).toBe('Lord, teach me to forgive.');
      expect(await savedResponse(page)).toBe('Lord, teach me to forgive.');
      await context.close();
    });
  },
);
