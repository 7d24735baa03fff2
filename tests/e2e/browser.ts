import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Browser tests must run in CI (or with REQUIRE_E2E=1); elsewhere they may be skipped, loudly. */
export function e2eAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const required = process.env.CI === 'true' || process.env.REQUIRE_E2E === '1';
  const message = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`;
  if (required)
    throw new Error(`${message} Browser tests are required here (CI or REQUIRE_E2E=1).`);
  console.warn(
    `\n\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n${message}\nSKIPPING THE BROWSER (END-TO-END) TESTS.\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n`,
  );
  return false;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: 'reduce',
  });
}

/** axe: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  expect({ page: label, violations: bad }).toEqual({ page: label, violations: [] });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Let the "Loading Page..." overlay finish its 200 ms linger first.
  await page.waitForFunction(
    () =>
      !document.body.innerText.includes('Loading Page...') &&
      !document.body.innerText.includes('Cargando página...'),
  );
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
