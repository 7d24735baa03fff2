/**
 * Which chunks of locale strings the client's source uses, read from the source itself (no
 * build), and whether each part of the app has them loaded (docs/decisions/0029). A module uses
 * a chunk when it holds a literal that is a key, or a key's subtree, of the locale files
 * (`t('admin.members.title')`, `i18nKey="nav.home"`, a `labelKey` in a table, a prefix such as
 * `const P = 'admin.figures'`), or a template whose fixed head starts keys (`goals.kind.${k}`).
 * Read by tests/shared/strings-per-page.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
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

// ── Keys no code shows ──

/** The source files that may name a key: the client, the server, the shared code, the build. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What `${…}` stands for in a key: a part of one segment (`goals.kind.${kind}`, `d${days}`). */
const PART = '[\\w.-]+';

/**
 * How the source names keys: literals (`'journal.title'`, `i18nKey="nav.home"`, a `labelKey`
 * of a table, `'validation.max:400'`) and the shapes of the keys it builds (`courses.badges.${b}`
 * is /^courses\.badges\.[\w-]+$/). A template whose first part is a constant of the same file
 * (`const P = 'admin.figures'; t(`${P}.title`)`) is read with that constant in place.
 */
function keyNames(files: string[]) {
  const literals = new Set<string>();
  const shapes: { pattern: RegExp; text: string; file: string }[] = [];
  for (const file of files) {
    const source = parseSource(file);
    const constants = new Map<string, string>();
    const collect = (node: ts.Node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isStringLiteral(node.initializer) ||
          ts.isNoSubstitutionTemplateLiteral(node.initializer))
      ) {
        constants.set(node.name.text, node.initializer.text);
      }
      ts.forEachChild(node, collect);
    };
    collect(source);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        literals.add(node.text);
      } else if (ts.isTemplateExpression(node)) {
        let pattern = escapeRegExp(node.head.text);
        let text = node.head.text;
        for (const span of node.templateSpans) {
          const known = ts.isIdentifier(span.expression)
            ? constants.get(span.expression.text)
            : undefined;
          pattern += known === undefined ? PART : escapeRegExp(known);
          text += known ?? '${…}';
          pattern += escapeRegExp(span.literal.text);
          text += span.literal.text;
        }
        // Only what starts like a key (a namespace, a dot): not every template of the app.
        if (/^[a-zA-Z]+\.[\w.-]*/.test(text)) {
          shapes.push({ pattern: new RegExp(`^${pattern}$`), text, file: relative(ROOT, file) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, shapes };
}

/**
 * Where a key is built from parts the source does not show together, the prefixes of the keys so
 * built, each with where and how (the scan cannot tell which keys under it are shown: keep the
 * list short; a key built by a template whose first part is a key's start needs no entry).
 */
export const DYNAMIC_PREFIXES: Record<string, string> = {
  'settings.preferences.':
    'PreferencesTab passes prefix="settings.preferences" and the toggles\' names to ToggleList, which shows `${prefix}.${key}` and `${prefix}.${key}Hint`',
  'settings.privacy.':
    'PrivacyTab passes prefix="settings.privacy" and the toggles\' names to ToggleList, which shows `${prefix}.${key}` and `${prefix}.${key}Hint`',
};

let names: ReturnType<typeof keyNames> | undefined;
/** The names of keys in the source, read once. */
const sourceNames = () =>
  (names ??= keyNames(['src', 'scripts'].flatMap((dir) => sourceFiles(join(ROOT, dir)))));

/**
 * The keys of the locale files that no source names, as a literal or by the shape of a key it
 * builds, and that no dynamic prefix covers: text no one sees, which translators would keep up
 * for nothing. `extra` adds keys (the test checks a key no code names is caught).
 */
export function unusedKeys(extra: string[] = []): string[] {
  const { literals, shapes } = sourceNames();
  // `validation.max:400`: a validation key with its count, read by the server's translator.
  const counted = new Set([...literals].map((l) => l.split(':')[0]));
  const leaves = [...flattenLeaves(en as Tree), ...extra];
  return leaves.filter((key) => {
    const base = key.replace(PLURAL, '');
    if (literals.has(key) || literals.has(base) || counted.has(base)) return false;
    if (shapes.some((s) => s.pattern.test(base) || s.pattern.test(`${base}:0`))) return false;
    return !Object.keys(DYNAMIC_PREFIXES).some((prefix) => base.startsWith(prefix));
  });
}

/** The dynamic prefixes the source no longer names (as the literal the prefix is built from). */
export function staleDynamicPrefixes(): string[] {
  const { literals } = sourceNames();
  return Object.keys(DYNAMIC_PREFIXES).filter(
    (prefix) =>
      !literals.has(prefix.replace(/\.$/, '')) ||
      !flattenLeaves(en as Tree).some((key) => key.startsWith(prefix)),
  );
}

function flattenLeaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [key] : flattenLeaves(v, key);
  });
}
