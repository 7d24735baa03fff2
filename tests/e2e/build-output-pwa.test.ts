import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/client-build.mjs';
import { chunkFor, readManifest, stringsFor } from '../../scripts/build/budgets.ts';
import { precacheList } from '../../scripts/build/sw.ts';

/** The install manifest, its icons and the service worker in the built client (ADR 0024). */
const CLIENT = join(ROOT, 'dist/client');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number; signature: string } {
  const data = readFileSync(join(CLIENT, file));
  return {
    signature: data.subarray(1, 4).toString('latin1'),
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
  };
}

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  lang: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('the built client is installable and works offline', () => {
  const manifest = JSON.parse(
    readFileSync(join(CLIENT, 'manifest.webmanifest'), 'utf8'),
  ) as WebManifest;

  it('has a web app manifest with the fields an install prompt needs, in the design colours', () => {
    expect(manifest).toMatchObject({
      short_name: 'Camino',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
    });
    expect(manifest.name.length).toBeGreaterThan(0);
    const css = readFileSync(join(ROOT, 'src/client/styles/app.css'), 'utf8');
    const token = (name: string) =>
      new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    expect(manifest.background_color).toBe(token('canvas'));
    expect(manifest.theme_color).toBe(token('brand-800'));
  });

  it('has 192 and 512 PNG icons and a maskable 512, each the size it claims', () => {
    const want = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const { sizes, purpose } of want) {
      const icon = manifest.icons.find(
        (i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose),
      );
      expect(icon, `${purpose} ${sizes}`).toBeDefined();
      expect(icon!.type).toBe('image/png');
      const size = pngSize(icon!.src);
      expect(size.signature).toBe('PNG');
      expect(`${size.width}x${size.height}`).toBe(sizes);
    }
  });

  it('links the manifest and the iOS icon from the app shell and every prerendered page', () => {
    const pages = ['index.html', 'prerendered/en/index.html', 'prerendered/es/sign-in.html'];
    for (const page of pages) {
      const html = readFileSync(join(CLIENT, page), 'utf8');
      expect(html, page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html, page).toContain(
        '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"',
      );
    }
    expect(pngSize('icons/apple-touch-icon.png')).toMatchObject({ width: 180, height: 180 });
  });

  it('builds sw.js with this build’s precache list: the shell and what the offline pages need', () => {
    const sw = readFileSync(join(CLIENT, 'sw.js'), 'utf8');
    const precache = precacheList(CLIENT);
    const built = readManifest(CLIENT);
    const fileOf = (source: string) => `/${built[chunkFor(built, source)]!.file}`;
    const entry = Object.values(built).find((c) => c.isEntry)!;
    expect(precache).toContain(`/${entry.file}`);
    for (const source of [
      'main.tsx',
      'MemberApp.tsx',
      'features/reading/DailyReading.tsx',
      'features/dashboard/Dashboard.tsx',
      'features/memory/MemoryVerses.tsx',
      // Loaded lazily by the memory page (its "remove" confirmation).
      'components/ConfirmDialogContent.tsx',
      // Loaded after the first screen; offline, it says a write was kept for later.
      'components/ui/Toaster.tsx',
      // Loaded after the first screen: the tooltips (ADR 0048).
      'components/TooltipHost.tsx',
    ]) {
      expect(precache, source).toContain(fileOf(source));
    }
    // The strings those pages show, in both languages (docs/decisions/0029).
    const offlinePages = [
      'features/reading/DailyReading.tsx',
      'features/dashboard/Dashboard.tsx',
      'features/memory/MemoryVerses.tsx',
    ];
    for (const language of ['en', 'es']) {
      const strings = stringsFor(built, offlinePages, language);
      expect(strings.length, language).toBeGreaterThan(2);
      for (const key of strings) expect(precache, key).toContain(`/${built[key]!.file}`);
    }
    expect(precache.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of precache) {
      expect(existsSync(join(CLIENT, file)), file).toBe(true);
      expect(sw).toContain(file);
    }
    // A page a member has not opened is not downloaded ahead.
    expect(precache).not.toContain(fileOf('features/admin/Admin.tsx'));
    // A new build is a new cache: the hash is in the worker.
    expect(sw).toMatch(/camino-shell-/);
    expect(sw).toMatch(/[^0-9a-f][0-9a-f]{16}[^0-9a-f]/);
    // A classic script: no module syntax left.
    expect(sw).not.toMatch(/^\s*(import|export)\s/m);
  });
});
