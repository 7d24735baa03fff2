/**
 * The locale strings cut into chunks per group of keys and language (docs/decisions/0029).
 * en.json and es.json stay the files translators edit; this Vite plugin serves each chunk as a
 * module of its own, `virtual:camino/strings/<lang>/<chunk>`, and `virtual:camino/strings`,
 * the map of their loaders (lib/i18n.ts). How keys are grouped: src/client/lib/string-chunks.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../../src/shared/constants.ts';
import { splitStrings, type StringChunk } from '../../src/client/lib/string-chunks.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(ROOT, 'src/client');
const I18N = join(ROOT, 'src/shared/i18n');
const ID = 'virtual:camino/strings';

type Tree = { [key: string]: string | Tree };
const read = (language: string) =>
  JSON.parse(readFileSync(join(I18N, `${language}.json`), 'utf8')) as Tree;

/** Each language's chunks, as the browser gets them. */
export function stringChunks(): Record<string, Map<StringChunk, Tree>> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, splitStrings(read(l))]));
}

/** A chunk of strings' module id: the end of its key in the build manifest (`chunkFor`). */
export const stringChunkSource = (language: string, chunk: string) => `${ID}/${language}/${chunk}`;

export function stringsModule(): Plugin {
  return {
    name: 'camino-strings',
    resolveId: (id) => (id === ID || id.startsWith(`${ID}/`) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${ID}`)) return undefined;
      for (const language of LANGUAGES) this.addWatchFile(join(I18N, `${language}.json`));
      const all = stringChunks();
      if (id === `\0${ID}`) {
        // Every language has the same chunks (a test keeps the files' keys equal).
        const entries = LANGUAGES.map((language) => {
          const loaders = [...all[language]!.keys()].map(
            (chunk) =>
              `${JSON.stringify(chunk)}: () => import(${JSON.stringify(stringChunkSource(language, chunk))})`,
          );
          return `${language}: {${loaders.join(',')}}`;
        });
        return `export default {${entries.join(',')}};`;
      }
      const [language, chunk] = id.slice(`\0${ID}/`.length).split('/') as [string, StringChunk];
      const tree = all[language]?.get(chunk);
      if (!tree) throw new Error(`no strings chunk ${language}/${chunk}`);
      // JSON.parse of a string literal is parsed faster than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
  };
}

/** A client source file's syntax tree (TypeScript's parser, with JSX for .tsx). */
export function parseSource(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/**
 * The lazily loaded modules that declare the strings they need, read from a source file
 * (routes.tsx): every call `f(['chunk', …], () => import('./module.tsx')…)`, as the module's
 * path relative to src/client (the build manifest's key) and the chunks declared.
 */
export function declaredStrings(file: string): { module: string; chunks: string[] }[] {
  const source = parseSource(file);
  const found: { module: string; chunks: string[] }[] = [];
  const visit = (node: ts.Node) => {
    const declared = ts.isCallExpression(node) ? stringsDeclaration(node) : null;
    if (declared) {
      for (const target of declared.imports) {
        const module = resolveImport(file, target);
        if (module) found.push({ module: relative(CLIENT, module), chunks: declared.chunks });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A call whose first argument is a list of string literals and whose second is a function that
 * imports modules: `withStrings(['admin'], () => import('./Admin.tsx'))`.
 */
export function stringsDeclaration(
  call: ts.CallExpression,
): { chunks: string[]; imports: string[] } | null {
  const [list, load] = call.arguments;
  if (!list || !load || !ts.isArrayLiteralExpression(list)) return null;
  if (!ts.isArrowFunction(load) && !ts.isFunctionExpression(load)) return null;
  if (!list.elements.every((e) => ts.isStringLiteral(e))) return null;
  const imports: string[] = [];
  const find = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      imports.push(node.arguments[0].text);
    }
    ts.forEachChild(node, find);
  };
  find(load);
  if (!imports.length) return null;
  return { chunks: list.elements.map((e) => (e as ts.StringLiteral).text), imports };
}

const ALIASES: Record<string, string> = { '#client/': 'src/client/', '#shared/': 'src/shared/' };
/** A relative or `#client/…` import as an absolute path (null for a package). */
export function resolveImport(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (alias) return resolve(ROOT, ALIASES[alias]! + spec.slice(alias.length));
  return spec.startsWith('.') ? resolve(dirname(from), spec) : null;
}

/** The client's source files. */
function clientFiles(dir = CLIENT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The chunks of strings each lazily loaded module of the app declares where it is loaded (the
 * routes in routes.tsx, a tab or a dialog with `withStrings`), by the module's path relative to
 * src/client (the build manifest's key).
 */
let declaredByModule: Map<string, string[]> | undefined;
export function routeStrings(): Map<string, string[]> {
  if (declaredByModule) return declaredByModule;
  const byModule = new Map<string, string[]>();
  for (const { module, chunks } of clientFiles().flatMap(declaredStrings)) {
    byModule.set(module, [...new Set([...(byModule.get(module) ?? []), ...chunks])]);
  }
  return (declaredByModule = byModule);
}
