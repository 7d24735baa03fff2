import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };
import { CORE, SERVER_ONLY, chunkOfKey, splitStrings } from '#client/lib/string-chunks.ts';
import {
  CLIENT,
  DYNAMIC_PREFIXES,
  checkStrings,
  staleDynamicPrefixes,
  unusedKeys,
} from '../helpers/string-usage.ts';

/**
 * Each part of the client loads its strings in chunks (docs/decisions/0029): `core` at boot,
 * then the chunks each route (routes.tsx) or lazily loaded tab or dialog (`withStrings`)
 * declares. A page that shows a key of a chunk it has not loaded would show the raw key.
 */
describe('strings per page', () => {
  const { missing, declarations } = checkStrings();

  it('has every key the client shows in a chunk loaded where it is shown', () => {
    const found = missing.map(({ scope, file, chunk, keys }) => ({
      scope,
      file,
      chunk,
      keys: [...new Set(keys)].slice(0, 3),
    }));
    expect(found).toEqual([]);
  });

  it('reads every route of routes.tsx (each declares its strings)', () => {
    const routes = declarations.filter((d) => d.from === 'src/client/routes.tsx');
    expect(routes.map((d) => d.module)).toEqual(
      expect.arrayContaining([
        'pages/Landing.tsx',
        'pages/SignIn.tsx',
        'features/dashboard/Dashboard.tsx',
        'features/admin/Admin.tsx',
        'features/reading/DailyReading.tsx',
      ]),
    );
    // Every lazy import in routes.tsx is a route's, with its strings: none is read past.
    const source = readFileSync(join(CLIENT, 'routes.tsx'), 'utf8');
    expect(routes).toHaveLength(source.match(/\bimport\(/g)!.length);
    expect(routes.length).toBeGreaterThanOrEqual(40);
  });

  it('declares only chunks that exist, and each one the part that declares it uses', () => {
    const chunks = new Set(splitStrings(en).keys());
    for (const { from, module, chunks: declared } of declarations) {
      for (const chunk of declared) {
        expect({ from, module, chunk, exists: chunks.has(chunk as never) }).toEqual({
          from,
          module,
          chunk,
          exists: true,
        });
        // Without it, some module under the declaration shows a raw key: the check is honest,
        // and no declaration downloads strings its part does not show.
        const without = checkStrings(undefined, (d) =>
          d.from === from && d.module === module ? d.chunks.filter((c) => c !== chunk) : d.chunks,
        );
        expect({ from, module, chunk, caught: without.missing.length > 0 }).toEqual({
          from,
          module,
          chunk,
          caught: true,
        });
      }
    }
  });

  it('catches a page whose key is in no loaded chunk (an undeclared chunk, a core key removed)', () => {
    const dashboard = checkStrings(undefined, (d) =>
      d.module === 'features/dashboard/Dashboard.tsx' ? [] : d.chunks,
    );
    expect(dashboard.missing.map((m) => m.chunk)).toContain('dashboard');
    expect(dashboard.missing.find((m) => m.chunk === 'dashboard')?.scope).toBe(
      'features/dashboard/Dashboard.tsx',
    );
    // A template key (`goals.kind.${kind}`) counts as well as a literal one.
    const goals = checkStrings(undefined, (d) =>
      d.module === 'features/goals/Goals.tsx' ? [] : d.chunks,
    );
    expect(goals.missing.some((m) => m.keys.some((k) => k.endsWith('${…}')))).toBe(true);
    // The entry and the shells may use core only.
    expect(checkStrings(join(CLIENT, 'main.tsx')).missing).toEqual([]);
  });

  it('cuts both languages into the same chunks, and leaves out what only the server shows', () => {
    const enChunks = splitStrings(en);
    const esChunks = splitStrings(es);
    expect([...esChunks.keys()].sort()).toEqual([...enChunks.keys()].sort());
    expect(chunkOfKey('admin.members.title')).toBe('admin');
    expect(chunkOfKey('notify.bell.label')).toBe('core');
    expect(chunkOfKey('notify.email.why')).toBeNull();
    const core = JSON.stringify(enChunks.get('core'));
    for (const path of CORE) expect(core).toContain(`"${path.split('.').at(-1)}":`);
    const all = JSON.stringify([...enChunks.values()]);
    for (const path of SERVER_ONLY) {
      const [top, sub] = path.split('.') as [string, string];
      const text = JSON.stringify((en as Record<string, Record<string, unknown>>)[top]![sub]);
      expect(all).not.toContain(text.slice(1, -1));
    }
  });
});

/**
 * Every key of the locale files is shown somewhere: named by the source (client, server, shared,
 * build) as a literal, or by the shape of a key it builds (`courses.badges.${badge}`), or under
 * one of the few prefixes the scan cannot follow (DYNAMIC_PREFIXES, each with its reason). A
 * string no code shows is text nobody reads, which translators keep up for nothing (issue 22).
 */
describe('keys no code shows', () => {
  it('has none', () => {
    expect(unusedKeys()).toEqual([]);
  });

  it('catches a key no code names, and one only a template of another shape would build', () => {
    const before = new Set(unusedKeys());
    const added = (extra: string[]) => unusedKeys(extra).filter((key) => !before.has(key));
    expect(added(['journal.neverShown', 'courses.badges', 'toast.neverSaid'])).toEqual([
      'journal.neverShown',
      'courses.badges',
      'toast.neverSaid',
    ]);
    // Built by a template (`courses.badges.${b}`), a key of its shape counts as shown.
    expect(added(['courses.badges.someBadge'])).toEqual([]);
  });

  it('lists only dynamic prefixes the source still builds keys from', () => {
    expect(Object.keys(DYNAMIC_PREFIXES).length).toBeLessThanOrEqual(5);
    expect(staleDynamicPrefixes()).toEqual([]);
  });
});
