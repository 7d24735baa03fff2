import type { CurrentUser } from '#shared/schemas/user.ts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  waitForBibles,
  expectToast,
} from './browser.ts';
import { fakeSpeechScript } from '../helpers/fake-speech.ts';

/** Installable, and today's reading offline (docs/decisions/0024), in Chromium. */
const enabled = e2eAvailable();
const e2e = useE2EServer('offline');

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function activePlan(page: Page) {
  const res = await page.request.get(`${e2e.base}/api/reading-plans`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { active: { currentDay: number; completedDays: number } }).active;
}

/** A new member on a phone, signed in, with the Gospels plan started (today's reading: day 1). */
async function memberReadingTheGospels(
  lang: 'en' | 'es',
  locale: string,
  serviceWorkers: 'allow' | 'block' = 'allow',
) {
  const context = await newContext(e2e.browser, { viewport: PHONE, locale, serviceWorkers });
  const page = await context.newPage();
  await signUpMember(page, e2e.base, lang);
  await waitForBibles(page, e2e.base);
  const started = await page.request.post(`${e2e.base}/api/reading-plans/gospels/start`, {
    data: { duration: 90 },
  });
  expect(started.ok()).toBe(true);
  return { context, page };
}

describe.runIf(enabled)('installable, with today’s reading offline', () => {
  it('installs, reads today offline, queues “mark read” and a journal entry, sends each once when back online', async () => {
    const { context, page } = await memberReadingTheGospels('en', 'en-US');
    // A speech engine that records what it is asked to say (Chromium here has no voices).
    await page.addInitScript({ content: fakeSpeechScript({ msPerChar: 2 }) });

    // The install prompt's manifest: linked, valid, with the icons Chromium asks for.
    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Current streak' }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest', {});
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
    });
    // The member app registers the service worker once idle; it takes the page over.
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      })
      .catch((error: unknown) => {
        throw new Error(`no service worker took the page over (${warnings.join('; ')})`, {
          cause: error,
        });
      });
    // Chromium's own criteria; a Playwright context is a private window, which cannot install.
    const installability = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(installability).toEqual([]);

    // The first visit's answers came before the worker did; taking the page over, it asked for
    // them again through it (lib/service-worker.ts): the start page, with today's verse, opens
    // with no network after this one visit.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('camino-data')).keys()).some(
            (r) => new URL(r.url).pathname === '/api/dashboard',
          ),
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Current streak' }).waitFor();
    await page.getByText("Today's verse").waitFor();
    await context.setOffline(false);

    // Today's reading, opened once online…
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByText('The book of the generation of Jesus Christ').waitFor();

    // The journal, opened once online too (its page is kept when first loaded).
    await page.goto(`${e2e.base}/journal`);
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();

    // The memory-verse review list, all of it and one category (its own answer), online once.
    for (const verse of [
      { reference: 'John 3:16', category: 'faith' },
      { reference: 'Philippians 4:13', category: 'strength' },
    ]) {
      const added = await page.request.post(`${e2e.base}/api/memory-verses`, { data: verse });
      expect(added.status()).toBe(201);
    }
    await page.goto(`${e2e.base}/memory-verses`);
    await page.getByRole('heading', { name: 'John 3:16' }).waitFor();
    await page.getByRole('heading', { name: 'Philippians 4:13' }).waitFor();
    await page.getByRole('radio', { name: 'Strength', exact: true }).click();
    await page.getByRole('heading', { name: 'John 3:16' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Philippians 4:13' }).waitFor();
    // Today's verse, as the dashboard answered it online.
    const dashboard = await page.request.get(`${e2e.base}/api/dashboard`);
    const todaysVerse = (
      (await dashboard.json()) as { verseOfTheDay: { reference: string } | null }
    ).verseOfTheDay;
    expect(todaysVerse).not.toBeNull();
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByText('The book of the generation of Jesus Christ').waitFor();
    // The page came drawn with its answers (docs/decisions/0060); once the app has it, they are
    // asked again through the worker, which keeps them.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await caches.open('camino-data')).keys()).some(
              (r) => new URL(r.url).pathname === '/api/daily-reading',
            ),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    // …opens again with no network at all.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('The book of the generation of Jesus Christ').waitFor();
    await page.getByRole('status').getByText("You're offline.").waitFor();
    // The shell's own images were precached with it.
    await expect
      .poll(() =>
        page
          .locator('header img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await expectAccessible(page, 'daily reading, offline');
    await screenshot(page, 'offline-reading-en-phone');

    // The notice in Spanish (the language's strings were precached); the passages kept are
    // the ones read, in English, rather than an error.
    await page.getByRole('radio', { name: 'Español' }).click();
    await page.getByRole('status').getByText('Sin conexión.').waitFor();
    await page.getByRole('heading', { name: 'Día 1 de 90' }).waitFor();
    await page.getByText('The book of the generation of Jesus Christ').waitFor();
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'offline-notice-es-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'offline-notice-es-desktop');
    await page.getByRole('radio', { name: 'English' }).click();
    // Kept on the device before the page is left: the language waiting in the outbox is English
    // (leaving at once could unload the page before the outbox had stored the second switch).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<string | undefined>((resolve) => {
              const open = indexedDB.open('camino-outbox');
              open.onerror = () => resolve(undefined);
              open.onsuccess = () => {
                const db = open.result;
                try {
                  const get = db
                    .transaction('writes')
                    .objectStore('writes')
                    .get('preferences:language');
                  get.onsuccess = () =>
                    resolve(
                      (get.result as { body?: { language?: string } } | undefined)?.body?.language,
                    );
                  get.onerror = () => resolve(undefined);
                } catch {
                  resolve(undefined);
                } finally {
                  db.close();
                }
              };
            }),
        ),
      )
      .toBe('en');
    await page.setViewportSize(PHONE);

    // The installed app's start page opens offline too, with today's verse, and leads to
    // today's reading.
    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Current streak' }).waitFor();
    await page.getByText("Today's verse").waitFor();
    await page.getByText(todaysVerse!.reference).first().waitFor();

    // The memory-verse review list opens offline: the whole list, and the category opened
    // online shows that category's answer, not the whole list's.
    await page.goto(`${e2e.base}/memory-verses`);
    await page.getByText('2 due for review').waitFor();
    await page.getByRole('heading', { name: 'John 3:16' }).waitFor();
    await page.getByText('For God so loved the world', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Philippians 4:13' }).waitFor();
    await page.getByRole('status').getByText("You're offline.").waitFor();
    await expectAccessible(page, 'memory verses, offline');
    await screenshot(page, 'offline-memory-en-phone');
    await page.getByRole('radio', { name: 'Strength', exact: true }).click();
    await page.getByRole('heading', { name: 'John 3:16' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Philippians 4:13' }).waitFor();
    // Its dialogs were precached with it: asking to remove a verse opens (and is cancelled).
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Philippians 4:13' })
      .getByRole('button', { name: 'Remove' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this verse?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Current streak' }).waitFor();
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByText('The book of the generation of Jesus Christ').waitFor();

    // Listened to offline: the player (fetched on the first press, never before) was kept with
    // the page, and reads today's passages.
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    const player = page.getByRole('region', { name: 'Audio player' });
    await player.waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              window as unknown as { __speech: { log: { event: string; text: string }[] } }
            ).__speech.log.find((e) => e.event === 'start')?.text ?? '',
        ),
      )
      .toContain('Matthew');
    await player.getByRole('button', { name: 'Pause' }).click();

    // Marked while offline: saved on the device, said so, kept across a reload.
    await page.getByRole('button', { name: 'Mark today as read' }).click();
    await expectToast(page, "Saved: it will sync when you're back online");
    await page.getByText('Marked as read on this device', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('Marked as read on this device', { exact: true }).waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'offline-queued-en-desktop');
    await page.setViewportSize(PHONE);
    expect(await activePlan(page)).toMatchObject({ currentDay: 1, completedDays: 0 });

    // A journal entry written offline: kept on the device, the editor ready for the next one.
    await page.goto(`${e2e.base}/journal`);
    await page.getByLabel('What is on your heart?').fill('Written on the train, offline.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Your entry is saved on this device.');
    await expect.poll(() => page.getByLabel('What is on your heart?').inputValue()).toBe('');
    await screenshot(page, 'offline-journal-en-phone');
    await page.goto(`${e2e.base}/daily-reading`);
    await page.getByText('Marked as read on this device', { exact: true }).waitFor();

    // Back online: each sent once (the language chosen offline too: Spanish, then English
    // again), and the page moves on to day 2.
    await context.setOffline(false);
    await expectToast(page, '3 changes made offline are now saved');
    await page.getByRole('status').getByText("You're offline.").waitFor({ state: 'detached' });
    await page.getByText('Day 2 of 90').first().waitFor();
    expect(await activePlan(page)).toMatchObject({ currentDay: 2, completedDays: 1 });
    const journal = async () =>
      (
        (await (await page.request.get(`${e2e.base}/api/journal`)).json()) as {
          items: { content: string; status: string }[];
        }
      ).items;
    expect(await journal()).toMatchObject([
      { content: 'Written on the train, offline.', status: 'published' },
    ]);
    // The last language chosen offline is the account's.
    expect(
      ((await (await page.request.get(`${e2e.base}/api/session`)).json()) as CurrentUser)
        .preferences.language,
    ).toBe('en');
    // A reload (which replays the queue again on start) sends nothing more.
    await page.reload();
    await page.getByText('Day 2 of 90').first().waitFor();
    expect(await activePlan(page)).toMatchObject({ currentDay: 2, completedDays: 1 });
    expect(await journal()).toHaveLength(1);

    // Signing out leaves none of the member's data on the device (the memory list's included).
    const keptMemory = () =>
      page.evaluate(async () =>
        (await caches.has('camino-data'))
          ? (await (await caches.open('camino-data')).keys())
              .map((r) => new URL(r.url).pathname)
              .filter((p) => p === '/api/memory-verses').length
          : 0,
      );
    expect(await keptMemory()).toBeGreaterThan(0);
    expect(await page.evaluate(() => caches.has('camino-data'))).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${e2e.base}/`);
    await page.getByRole('heading', { name: 'Grow in faith, one day at a time' }).waitFor();
    expect(await page.evaluate(() => caches.has('camino-data'))).toBe(false);
    expect(
      await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)),
    ).not.toContain('camino-outbox');
    await context.close();
  });

  it('a member’s first screen comes drawn with its answers: nothing asked before or at the takeover (Spanish phone)', async () => {
    // docs/decisions/0060: the server draws the page with the member's data and sends the
    // answers with it; the app takes the page over without asking for them again. The page's
    // own requests: no service worker (taking the page over, it asks again once for what it
    // keeps offline, lib/service-worker.ts).
    const { context, page } = await memberReadingTheGospels('es', 'es-MX', 'block');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    for (const [path, data, shown, code] of [
      ['/', '/api/dashboard', 'El versículo de hoy', 'Dashboard'],
      ['/daily-reading', '/api/daily-reading', 'Día 1 de 90', 'DailyReading'],
      ['/goals', '/api/goals', 'Define tu primer objetivo', 'Goals'],
    ] as const) {
      const asked: string[] = [];
      const listen = (request: { url: () => string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') || /\/assets\/[^/]*\.js$/.test(url.pathname)) {
          asked.push(url.pathname.replace(/-[\w-]{8}\.js$/, '.js'));
        }
      };
      page.on('request', listen);
      await page.goto(`${e2e.base}${path}`, { waitUntil: 'domcontentloaded' });
      // Drawn: on screen with no answer asked.
      await page.getByText(shown).first().waitFor();
      expect(
        asked.filter((u) => u.startsWith('/api/')),
        path,
      ).toEqual([]);
      // Taken over as soon as its code is there: still nothing asked again.
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
        timeout: 15_000,
      });
      page.off('request', listen);
      expect(
        asked.filter((u) => u === '/api/session' || u === data),
        path,
      ).toEqual([]);
      expect(asked, path).toContain(`/assets/${code}.js`);
      // A member in no group downloads nothing of the dashboard's groups card.
      expect(
        asked.filter((u) => u.startsWith('/assets/GroupsCard')),
        path,
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
