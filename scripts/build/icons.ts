/**
 * `node --import tsx scripts/build/icons.ts`: renders the app's icons (public/icons/*.svg) to the
 * PNGs the web app manifest and iOS ask for, with Chromium. The PNGs are committed: run this
 * again after changing an SVG. `icon.svg` has rounded corners on a transparent ground;
 * `maskable.svg` is full-bleed, its mark inside the safe circle (80% of the size), for launchers
 * that cut their own shape (and for iOS, which rounds the corners itself).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ICONS = fileURLToPath(new URL('../../public/icons', import.meta.url));
const OUTPUTS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'maskable.svg', png: 'maskable-512.png', size: 512 },
  { svg: 'maskable.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const { svg, png, size } of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = readFileSync(join(ICONS, svg), 'utf8').replace(
      '<svg ',
      `<svg width="${size}" height="${size}" `,
    );
    await page.setContent(`<body style="margin:0">${source}</body>`);
    await page.locator('svg').screenshot({ path: join(ICONS, png), omitBackground: true });
    await page.close();
    console.log(`public/icons/${png} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
