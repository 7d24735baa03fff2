/**
 * Which chunks of locale strings the client's source uses, read from the source itself (no
 * build), and whether each part of the app has them loaded (docs/decisions/0029). A module uses
 * a chunk when it holds a literal that is a key, or a key's subtree, of the locale files
 * (`t('admin.members.title')`, `i18nKey="nav.home"`, a `labelKey` in a table, a prefix such as
 * `const P = 'admin.figures'`), or a template whose fixed head starts keys (`goals.kind.${k}`).
 * Read by tests/shared/strings-per-page.test.ts.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import en from '#shared/i18n/en.json' with { type: 'json' };
import { chunkOfKey } from '#client/lib/string-chunks.ts';
import { parseSource, resolveImport, stringsDeclaration } from '../../scripts/build/strings.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLIENT = join(ROOT, 'src/client');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [key] : [key, ...flatten(v, key)];
  });
}
/** Every key and every subtree's path in en.json (the files have the same keys). */
const KEYS = new Set(flatten(en as Tree));
const PLURAL = /_(zero|one|two|few|many|other)$/;
for (const key of [...KEYS]) if (PLURAL.test(key)) KEYS.add(key.replace(PLURAL, ''));

/** A chunk, or `null` for a key the browser never gets (SERVER_ONLY). */
type Chunk = string | null;

/** The chunks of the keys a literal names: itself, or every key it is the fixed head of. */
function chunksOf(text: string, head: boolean): Chunk[] {
  // A key has a namespace and a name; a bare word ('admin', 'prayer') is not taken for one.
  if (!/^[a-zA-Z]+\.[\w.-]*$/.test(text)) return [];
  if (!head && !text.endsWith('.')) return KEYS.has(text) ? [chunkOfKey(text)] : [];
  const keys = [...KEYS].filter((k) => k.startsWith(text));
  return [...new Set(keys.map(chunkOfKey))];
}

interface ModuleInfo {
  /** Modules imported statically (types excluded) or lazily with no strings of their own. */
  imports: string[];
  /** Modules imported lazily by a loader that also fetches strings: `withStrings([...], …)`. */
  declared: { module: string; chunks: string[] }[];
  /** Each chunk the module uses, with the literals that use it. */
  uses: Map<Chunk, string[]>;
}

const cache = new Map<string, ModuleInfo>();
function moduleInfo(file: string): ModuleInfo {
  const known = cache.get(file);
  if (known) return known;
  const source = parseSource(file);
  const info: ModuleInfo = { imports: [], declared: [], uses: new Map() };
  const local = (spec: string) => {
    const target = resolveImport(file, spec);
    return target && /\.tsx?$/.test(target) && existsSync(target) ? target : null;
  };
  const use = (chunks: Chunk[], text: string) => {
    for (const chunk of chunks) info.uses.set(chunk, [...(info.uses.get(chunk) ?? []), text]);
  };
  const declaredImports = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const typeOnly = ts.isImportDeclaration(node)
        ? node.importClause?.isTypeOnly
        : node.isTypeOnly;
      const spec = node.moduleSpecifier;
      const target = !typeOnly && spec && ts.isStringLiteral(spec) ? local(spec.text) : null;
      if (target) info.imports.push(target);
      return;
    }
    if (ts.isImportTypeNode(node)) return;
    if (ts.isCallExpression(node)) {
      const declaration = stringsDeclaration(node);
      if (declaration) {
        for (const spec of declaration.imports) {
          const target = local(spec);
          if (target) info.declared.push({ module: target, chunks: declaration.chunks });
        }
        // Its import() calls are the declared ones; the list's literals are chunk names.
        const [, load] = node.arguments;
        const mark = (n: ts.Node) => {
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
            declaredImports.add(n);
          }
          ts.forEachChild(n, mark);
        };
        mark(load!);
        node.arguments.slice(1).forEach(visit);
        return;
      }
      if (
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        !declaredImports.has(node) &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const target = local(node.arguments[0].text);
        if (target) info.imports.push(target);
        return;
      }
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      use(chunksOf(node.text, false), node.text);
    } else if (ts.isTemplateExpression(node)) {
      use(chunksOf(node.head.text, true), `${node.head.text}\${…}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  cache.set(file, info);
  return info;
}

export interface Missing {
  /** The part of the app (the route's module, or the entry) whose strings lack the chunk. */
  scope: string;
  file: string;
  chunk: Chunk;
  keys: string[];
}

export interface Declaration {
  /** Who declares: the file with the loader. */
  from: string;
  module: string;
  chunks: string[];
}

/**
 * Walks the app from its entry: every module a part of the app loads (statically, or lazily
 * with no strings of its own: a dialog, a tab) must use only the chunks that part has loaded,
 * `core` and those declared by the loaders on the way to it (`withStrings`, routes.tsx).
 * `declare` may change what is declared (the test removes one chunk to see it caught).
 */
export function checkStrings(
  entry = join(CLIENT, 'main.tsx'),
  declare: (d: Declaration) => string[] = (d) => d.chunks,
) {
  const missing: Missing[] = [];
  const declarations: Declaration[] = [];
  const seen = new Set<string>();
  const walk = (file: string, loaded: Set<string>, scope: string) => {
    const state = `${scope}|${file}|${[...loaded].sort().join(',')}`;
    if (seen.has(state)) return;
    seen.add(state);
    const info = moduleInfo(file);
    for (const [chunk, keys] of info.uses) {
      if (chunk === null || !loaded.has(chunk)) {
        missing.push({ scope, file: relative(ROOT, file), chunk, keys });
      }
    }
    for (const next of info.imports) walk(next, loaded, scope);
    for (const d of info.declared) {
      const declaration = {
        from: relative(ROOT, file),
        module: relative(CLIENT, d.module),
        chunks: d.chunks,
      };
      declarations.push(declaration);
      const chunks = declare(declaration);
      walk(d.module, new Set([...loaded, ...chunks]), declaration.module);
    }
  };
  walk(entry, new Set(['core']), relative(CLIENT, entry));
  return { missing, declarations };
}
