import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ALIASES: Record<string, string> = {
  '#client/': 'src/client/',
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every module a file imports (static, re-exported or lazily), as absolute paths. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/g),
    ...source.matchAll(/import\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.flatMap((spec) => {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    const target = alias
      ? resolve(ROOT, ALIASES[alias]! + spec.slice(alias.length))
      : spec.startsWith('.')
        ? resolve(dirname(file), spec)
        : null;
    return target && existsSync(target) ? [target] : [];
  });
}

/** The cycles in the import graph of `dirs`, each as the list of files around it. */
function cycles(dirs: string[]): string[][] {
  const graph = new Map(dirs.flatMap(files).map((f) => [f, importsOf(f)]));
  const found: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') {
        found.push(stack.slice(stack.indexOf(next)).map((f) => relative(ROOT, f)));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import graph', () => {
  it('has no cycle in the client, the server or the shared code', () => {
    expect(cycles(['src/client', 'src/server', 'src/shared'].map((d) => join(ROOT, d)))).toEqual(
      [],
    );
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    expect(cycles([join(ROOT, 'tests/shared/fixtures/cycle')])).toHaveLength(1);
  });
});
