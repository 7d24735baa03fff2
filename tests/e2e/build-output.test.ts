import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/client-build.mjs';
import { readCourses } from '#server/courses/content.ts';
import {
  chunkFor,
  FRAMEWORK_BUDGET,
  frameworkCost,
  memberPageModules,
  pageCost,
  prerenderedPageCost,
  readManifest,
  staticClosure,
} from '../../scripts/build/budgets.ts';

/** Deterministic checks of the built client (built by the e2e global setup): no timing. */
const CLIENT = join(ROOT, 'dist/client');
const manifest = readManifest(CLIENT);
const KB = 1024;

describe('the built client', () => {
  it('is a production build, even when built under the test runner', () => {
    // React's development build (jsx-dev-runtime, dev warnings) is several times larger and slower.
    expect(Object.values(manifest).filter((c) => c.file.includes('jsx-dev-runtime'))).toEqual([]);
  });

  it('sends every public page with ≤ 100 KB of JavaScript before anything is pressed', () => {
    const landing = readFileSync(join(CLIENT, 'prerendered/es/index.html'), 'utf8');
    expect(landing).toContain('data-takeover="interaction"');
    // A page with a form is taken over once its scripts are there (delivery/browser/boot.ts), not at its first paint.
    const signIn = readFileSync(join(CLIENT, 'prerendered/es/sign-in.html'), 'utf8');
    expect(signIn).toContain('data-takeover="ready"');
    for (const language of ['en', 'es']) {
      for (const file of readdirSync(join(CLIENT, 'prerendered', language))) {
        const html = readFileSync(join(CLIENT, 'prerendered', language, file), 'utf8');
        const cost = prerenderedPageCost(CLIENT, manifest, html);
        expect(cost.js, `${language}/${file}`).toBeLessThanOrEqual(100 * KB);
      }
    }
    // What the landing page loads once a button on it is pressed is the visitor app, and what
    // the sign-in page loads once taken over is that app with the form: both stay within a
    // member page's budget.
    for (const module of ['pages/Landing.tsx', 'pages/SignIn.tsx', 'pages/SignUp.tsx']) {
      for (const language of ['en', 'es']) {
        const { js } = pageCost(CLIENT, manifest, [module], language);
        expect(js, `${module} (${language})`).toBeLessThanOrEqual(200 * KB);
      }
    }
  });

  it('keeps the framework a member page waits for within 60 KB gzipped (ADR 0051)', () => {
    const framework = frameworkCost(CLIENT, manifest);
    // It is the app's own chunk, not the entry's nor a page's.
    expect(framework.files.some((f) => /assets\/app-/.test(f))).toBe(true);
    expect(framework.js).toBeGreaterThan(20 * KB); // it is measured, not empty
    expect(framework.js).toBeLessThanOrEqual(FRAMEWORK_BUDGET);
    const mapped = (files: string[]) =>
      files
        .filter((f) => f.endsWith('.js') && existsSync(join(CLIENT, `${f}.map`))) // an empty facade has no map
        .flatMap(
          (f) =>
            (JSON.parse(readFileSync(join(CLIENT, `${f}.map`), 'utf8')) as { sources: string[] })
              .sources,
        );
    const sources = mapped(framework.files);
    // Preact runs the app, not React DOM; the app's router, not React Router (source maps).
    expect(sources.some((s) => s.includes('node_modules/preact/'))).toBe(true);
    expect(sources.filter((s) => /node_modules\/(react-dom|react-router)\//.test(s))).toEqual([]);
    // No HTML parser for translated sentences with links (react-i18next's <Trans>): the app's
    // own RichText (components/RichText.tsx) splits them, in no chunk at all.
    const all = readdirSync(join(CLIENT, 'assets')).map((f) => `assets/${f}`);
    expect(mapped(all).filter((s) => /html-parse-stringify|TransWithoutContext/.test(s))).toEqual(
      [],
    );
  });

  it('keeps the first load of every member page within 200 KB of JavaScript, in each language', () => {
    const pages = memberPageModules(manifest);
    expect(pages).toEqual(
      expect.arrayContaining(['features/dashboard/Dashboard.tsx', 'features/courses/Lesson.tsx']),
    );
    for (const page of pages) {
      for (const language of ['en', 'es']) {
        const { js } = pageCost(CLIENT, manifest, ['MemberApp.tsx', page], language);
        expect(js, `${page} (${language})`).toBeLessThanOrEqual(200 * KB);
      }
    }
  });

  it('leaves the tooltips out of a first screen: they come once it has settled (components/ui/Tip.tsx)', () => {
    // Radix Tooltip names its open event "tooltip.open": in one lazy chunk, in no first load.
    const text = (f: string) => readFileSync(join(CLIENT, f), 'utf8');
    const withTooltips = readdirSync(join(CLIENT, 'assets'))
      .filter((f) => f.endsWith('.js') && text(`assets/${f}`).includes('tooltip.open'))
      .map((f) => `assets/${f}`);
    expect(withTooltips).toHaveLength(1);
    const firstLoads = [
      pageCost(CLIENT, manifest, ['MemberApp.tsx', 'features/dashboard/Dashboard.tsx']),
      pageCost(CLIENT, manifest, ['MemberApp.tsx', 'features/goals/Goals.tsx']),
      pageCost(CLIENT, manifest, ['pages/Landing.tsx']),
      pageCost(CLIENT, manifest, ['pages/SignIn.tsx']),
    ];
    for (const { files } of firstLoads) expect(files).not.toContain(withTooltips[0]);
  });

  it('leaves Zod out of the pages that only show data (forms fetch it on first validation)', () => {
    const zod = Object.keys(manifest).filter((k) => /node_modules\/zod\//.test(k));
    const dashboard = pageCost(CLIENT, manifest, [
      'MemberApp.tsx',
      'features/dashboard/Dashboard.tsx',
    ]);
    const signIn = pageCost(CLIENT, manifest, ['pages/SignIn.tsx']);
    for (const { files } of [dashboard, signIn]) {
      expect(files.filter((f) => zod.some((k) => manifest[k]!.file === f))).toEqual([]);
      const text = files
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(join(CLIENT, f), 'utf8'));
      // Zod's error map names every issue code; a page with Zod in it contains them.
      expect(text.some((t) => t.includes('invalid_union') && t.includes('too_small'))).toBe(false);
    }
  });

  it('keeps the CSS within 20 KB gzipped', () => {
    expect(pageCost(CLIENT, manifest, ['pages/Landing.tsx']).css).toBeLessThanOrEqual(20 * KB);
  });

  it('downloads only the strings a page shows, in the reader’s language, each a chunk loaded on demand', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const upFront = staticClosure(
      manifest,
      chunkFor(manifest, 'main.tsx'),
      staticClosure(manifest, entry),
    );
    // Cut per group of keys and language at build time (docs/decisions/0029).
    const chunks = Object.keys(manifest).filter((k) => k.includes('virtual:camino/strings/'));
    expect(chunks.length).toBeGreaterThan(40);
    for (const chunk of chunks) {
      expect(upFront.has(chunk), chunk).toBe(false);
      expect(manifest[chunk]!.isDynamicEntry, chunk).toBe(true);
    }
    const strings = (files: string[]) =>
      files.flatMap((f) => /\/strings-(\w+)-(\w+)-/.exec(f)?.slice(1, 3).join('/') ?? []);
    const en = pageCost(CLIENT, manifest, ['pages/Landing.tsx'], 'en');
    expect(strings(en.files).sort()).toEqual(['en/core', 'en/landing']);
    const dashboard = pageCost(
      CLIENT,
      manifest,
      ['MemberApp.tsx', 'features/dashboard/Dashboard.tsx'],
      'es',
    ).files;
    expect(strings(dashboard)).toEqual(expect.arrayContaining(['es/core', 'es/dashboard']));
    expect(strings(dashboard).filter((s) => !s.startsWith('es/'))).toEqual([]);
    expect(strings(dashboard)).not.toContain('es/admin');
    // A page's strings are a small part of the language's (22 KB gzipped in Spanish).
    const whole = gzipSync(readFileSync(join(ROOT, 'src/shared/i18n/es.json'))).length;
    const sum = dashboard
      .filter((f) => f.includes('/strings-'))
      .reduce((total, f) => total + gzipSync(readFileSync(join(CLIENT, f))).length, 0);
    expect(sum).toBeLessThan(whole / 2);
  });

  it('sends the browser none of the strings only the server shows (e-mails, the unsubscribe page)', () => {
    const en = JSON.parse(readFileSync(join(ROOT, 'src/shared/i18n/en.json'), 'utf8')) as {
      [key: string]: Record<string, Record<string, string>>;
    };
    // The longest run of plain words of a text: found whatever quoting the minifier chose.
    const words = (text: string) =>
      text.split(/[^A-Za-z ,]+/).reduce((a, b) => (b.length > a.length ? b : a), '');
    const assets = readdirSync(join(CLIENT, 'assets')).filter((f) => f.endsWith('.js'));
    const text = assets.map((f) => readFileSync(join(CLIENT, 'assets', f), 'utf8')).join('\n');
    // The client's strings are there…
    expect(text).toContain(words(en.dashboard!.streakStart as unknown as string));
    // …and the server's are not.
    for (const line of [
      en.notify!.email!.why!,
      en.notify!.unsubscribe!.confirm!,
      en.support!.mail!.ackBody!,
      en.auth!.resetMail!.body!,
    ]) {
      expect(words(line).length).toBeGreaterThan(15);
      expect(text).not.toContain(words(line));
    }
  });

  it('loads a member page in few requests: the app, the member app and the page, not dozens of 1 KB chunks', () => {
    // docs/decisions/0032: over HTTP/1.1 on a phone every script is a round trip. Before the
    // chunk groups, the dashboard's first load was 66 scripts.
    const scripts = (modules: string[]) =>
      pageCost(CLIENT, manifest, modules, 'es').files.filter((f) => f.endsWith('.js'));
    // How many each page loads is reported (npm run bench's byte budgets), not a rule: a
    // refactor that moves code between modules must not break the build (issue 37).
    expect(scripts(['MemberApp.tsx', 'features/dashboard/Dashboard.tsx']).length).toBeGreaterThan(
      0,
    );
    // What main.tsx loads statically is one chunk, and what the member app loads, two.
    const named = (keys: string[] = []) =>
      keys.map((k) => /^assets\/([a-z]+)-/.exec(manifest[k]!.file)?.[1]).sort();
    const main = manifest[chunkFor(manifest, 'main.tsx')]!;
    expect(named(main.imports)).toEqual(['app']);
    const app = staticClosure(manifest, chunkFor(manifest, 'main.tsx'));
    const memberApp = [...staticClosure(manifest, chunkFor(manifest, 'MemberApp.tsx'))]
      .filter((k) => !app.has(k))
      .map((k) => manifest[k]!.file);
    expect(memberApp).toEqual(expect.arrayContaining([expect.stringMatching(/^assets\/member-/)]));
    // The icon library's index (~1,600 icons) pulled no unused icon in: the app holds the few
    // its shells draw, and all the icons of the build together are a few dozen.
    const icons = (file: string) =>
      readFileSync(join(CLIENT, file), 'utf8').match(/name:`[a-z0-9-]+`,size:24/g)?.length ?? 0;
    const appFile = manifest[main.imports![0]!]!.file;
    expect(icons(appFile)).toBeLessThanOrEqual(10);
    const all = readdirSync(join(CLIENT, 'assets')).filter((f) => f.endsWith('.js'));
    expect(all.reduce((sum, f) => sum + icons(`assets/${f}`), 0)).toBeLessThan(150);
  });

  it("lists, for the server, every script a member route's first visit needs, none twice and none the HTML loads itself", () => {
    // docs/decisions/0059: the server names these in the head of a member's page.
    const { routes } = JSON.parse(readFileSync(join(CLIENT, 'member-preloads.json'), 'utf8')) as {
      routes: { path: string; files: Record<string, string[]> }[];
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const htmlLoads = new Set(
      [...staticClosure(manifest, entry)].map((k) => `/${manifest[k]!.file}`),
    );
    const file = (source: string) => `/${manifest[chunkFor(manifest, source)]!.file}`;
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/', '/journal', '/lesson/:id', '/groups/:id', '/account-settings']),
    );
    for (const { path, files } of routes) {
      for (const language of ['en', 'es']) {
        const list = files[language]!;
        expect(new Set(list).size, path).toBe(list.length);
        expect(
          list.filter((f) => htmlLoads.has(f)),
          path,
        ).toEqual([]);
        // The app, the member app and the strings everyone loads, in this language only.
        expect(list[0], path).toBe(file('main.tsx'));
        expect(list, path).toContain(file('MemberApp.tsx'));
        expect(list, path).toContain(file(`virtual:camino/strings/${language}/core`));
        const other = language === 'en' ? 'es' : 'en';
        expect(
          list.filter((f) => f.includes(`strings-${other}-`)),
          path,
        ).toEqual([]);
      }
    }
    // A page's own chunk and its strings: the dashboard's and a lesson's.
    const dashboard = routes.find((r) => r.path === '/')!.files.es!;
    expect(dashboard).toContain(file('features/dashboard/Dashboard.tsx'));
    expect(dashboard).toContain(file('virtual:camino/strings/es/dashboard'));
    const lesson = routes.find((r) => r.path === '/lesson/:id')!.files.en!;
    expect(lesson).toContain(file('features/courses/Lesson.tsx'));
  });

  it('paints the app’s loading screen from the HTML alone: stylesheet inline, the spinner as markup', () => {
    const shell = readFileSync(join(CLIENT, 'index.html'), 'utf8');
    expect(shell).toContain('<style nonce="__CSP_NONCE__">');
    expect(shell).not.toContain('rel="stylesheet"');
    expect(shell).toMatch(/<div id="root">[\s\S]*<svg aria-hidden="true"[\s\S]*animate-spin/);
    // The scripts wait for that first paint (boot.ts): none is preloaded ahead of it.
    expect(shell).not.toMatch(/rel="modulepreload"[^>]*\/assets\/app-/);
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
        expect(html).toMatch(
          /data-prerendered="visitor" data-takeover="(interaction|ready)" data-preload="[^"]*"></,
        );
        // The CSP allows no inline script; a pending Suspense boundary would need one.
        expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<template|<!--\$[?!]-->/);
        expect(html).toMatch(/<style nonce="__CSP_NONCE__">/);
      }
    }
    const es = readFileSync(join(CLIENT, 'prerendered/es/index.html'), 'utf8');
    expect(es).toContain('Saltar al contenido');
  });

  it('prerenders /course-overview and the landing page with the courses content/courses holds', () => {
    const courses = readCourses();
    const total = courses.reduce((n, c) => n + c.lessons.length, 0);
    const words = { en: 'lessons', es: 'lecciones' } as const;
    // React escapes text: compare with the page's text, tags and entities aside.
    const text = (html: string) =>
      html
        .replace(/<[^>]*>/g, ' ')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ');
    for (const lang of ['en', 'es'] as const) {
      const overview = text(
        readFileSync(join(CLIENT, 'prerendered', lang, 'course-overview.html'), 'utf8'),
      );
      expect(overview).toContain(`${total} ${words[lang]}`);
      for (const course of courses) {
        expect(overview).toContain(course.text[lang].title);
        expect(overview).toContain(course.text[lang].description);
        expect(overview).toContain(`${course.lessons.length} ${words[lang]}`);
      }
      const landing = text(readFileSync(join(CLIENT, 'prerendered', lang, 'index.html'), 'utf8'));
      expect(landing).toContain(`${total} ${words[lang]}`);
    }
  });
});
