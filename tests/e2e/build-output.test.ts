import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/client-build.mjs';
import { pageCost, readManifest, staticClosure, chunkFor } from '../../scripts/build/budgets.ts';

/** Deterministic checks of the built client (built by the e2e global setup): no timing. */
const CLIENT = join(ROOT, 'dist/client');
const manifest = readManifest(CLIENT);
const KB = 1024;

describe('the built client', () => {
  it('is a production build, even when built under the test runner', () => {
    // React's development build (jsx-dev-runtime, dev warnings) is several times larger and slower.
    expect(Object.values(manifest).filter((c) => c.file.includes('jsx-dev-runtime'))).toEqual([]);
  });

  it('keeps the CSS within 20 KB gzipped', () => {
    expect(pageCost(CLIENT, manifest, ['pages/Landing.tsx']).css).toBeLessThanOrEqual(20 * KB);
  });

  it('downloads only the reader’s language: each language is a chunk of its own, loaded on demand', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const upFront = staticClosure(
      manifest,
      chunkFor(manifest, 'main.tsx'),
      staticClosure(manifest, entry),
    );
    for (const language of ['en', 'es']) {
      const chunk = chunkFor(manifest, `shared/i18n/${language}.json`);
      expect(upFront.has(chunk)).toBe(false);
      expect(manifest[chunk]!.isDynamicEntry).toBe(true);
    }
    const en = pageCost(CLIENT, manifest, ['pages/Landing.tsx'], 'en');
    expect(en.files.some((f) => f.includes('/es-'))).toBe(false);
  });

  it('keeps member pages out of what a visitor loads', () => {
    const landing = pageCost(CLIENT, manifest, ['pages/Landing.tsx']).files;
    const memberApp = manifest[chunkFor(manifest, 'MemberApp.tsx')]!.file;
    expect(landing).not.toContain(memberApp);
    expect(landing.some((f) => /Dashboard|Journal|BibleReader/.test(f))).toBe(false);
  });

  it('prerenders the public pages in both languages, complete, with no inline script', () => {
    const { paths } = JSON.parse(readFileSync(join(CLIENT, 'prerendered/pages.json'), 'utf8')) as {
      paths: string[];
    };
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/about-us', '/course-overview', '/sign-in']),
    );
    for (const language of ['en', 'es']) {
      const files = readdirSync(join(CLIENT, 'prerendered', language));
      expect(files).toHaveLength(paths.length);
      for (const file of files) {
        const html = readFileSync(join(CLIENT, 'prerendered', language, file), 'utf8');
        expect(html).toContain(`<html lang="${language}">`);
        expect(html).toMatch(/data-prerendered="visitor" data-preload="[^"]*"></);
        // The CSP allows no inline script; a pending Suspense boundary would need one.
        expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<template|<!--\$[?!]-->/);
        expect(html).toMatch(/<style nonce="__CSP_NONCE__">/);
      }
    }
    const es = readFileSync(join(CLIENT, 'prerendered/es/index.html'), 'utf8');
    expect(es).toContain('Saltar al contenido');
  });
});
