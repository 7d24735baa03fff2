/**
 * What a member's first visit to each member route needs, written at build time for the server
 * (`dist/client/member-preloads.json`, docs/decisions/0059). The server names these scripts in the
 * head of the app's shell it sends to a request with a session cookie, so the browser fetches
 * them all at once while it reads the HTML, instead of in waves (the app after the first paint,
 * the member app once the session is known, the page once the member app has rendered).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { LANGUAGES } from '../../src/shared/constants.ts';
import { chunkFor, staticClosure, stringsFor, type Manifest } from './budgets.ts';
import { parseSource, resolveImport, stringsDeclaration } from './strings.ts';

const ROUTES = 'src/client/routes.tsx';

/** The file the server reads. */
export const MEMBER_PRELOADS = 'member-preloads.json';

export interface MemberPreloads {
  /**
   * Each member route's path (as the router writes it, `:id` for a segment), the URLs it reads
   * first (`:id` from the path), whether the server draws it, and its files by language.
   */
  routes: { path: string; data: string[]; drawn: boolean; files: Record<string, string[]> }[];
}

/** A route as routes.tsx declares it (src/delivery/README.md), read without running it. */
export interface DeclaredRoute {
  path: string;
  /** The page's name in `pages`. */
  page: string;
  /** Its module, relative to src/client. */
  module: string;
  data: string[];
  notDrawn: boolean;
}

/** The member routes of routes.tsx (`memberRoutes`), in order. */
export const memberRouteModules = (root: string): DeclaredRoute[] => declared(root, 'memberRoutes');

/** The visitor routes of routes.tsx (`visitorRoutes`), in order. */
export const visitorRouteModules = (root: string): DeclaredRoute[] =>
  declared(root, 'visitorRoutes');

function declared(root: string, list: 'memberRoutes' | 'visitorRoutes'): DeclaredRoute[] {
  const { modules, routes } = readRoutes(root);
  const found = routes.filter((r) => r.list === list);
  if (found.length === 0) throw new Error(`${ROUTES}: no ${list} found`);
  return found.map(({ list: _, ...route }) => {
    const module = modules.get(route.page);
    if (!module)
      throw new Error(`${ROUTES}: the page ${route.page} of ${route.path} imports no module`);
    return { ...route, module: relative(join(root, 'src/client'), module) };
  });
}

/** Every page of routes.tsx (`X: page([…], () => import('./…'))`): name → absolute path. */
export function pageModules(root: string): Map<string, string> {
  const { modules } = readRoutes(root);
  if (modules.size === 0) throw new Error(`${ROUTES}: no pages found`);
  return modules;
}

/** The pages a visitor is routed to: the visitor routes', and NotFound (redirects.tsx). */
export function visitorPageNames(root: string): string[] {
  const names = new Set(visitorRouteModules(root).map((r) => r.page));
  for (const [, name] of readFileSync(join(root, 'src/client/redirects.tsx'), 'utf8').matchAll(
    /<P\.(\w+)\b/g,
  )) {
    names.add(name!);
  }
  return [...names];
}

function readRoutes(root: string) {
  const file = join(root, ROUTES);
  const source = parseSource(file);
  const modules = new Map<string, string>();
  const routes: (Omit<DeclaredRoute, 'module'> & { list: string })[] = [];
  const strings = (node: ts.Expression | undefined) =>
    node && ts.isArrayLiteralExpression(node)
      ? node.elements.map((e) => {
          if (!ts.isStringLiteral(e))
            throw new Error(`${ROUTES}: ${e.getText(source)} is not a literal`);
          return e.text;
        })
      : [];
  const visit = (node: ts.Node, list: string | null) => {
    // `X: page([…], () => import('./module.tsx')…)`
    if (
      ts.isPropertyAssignment(node) &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'page'
    ) {
      const target = stringsDeclaration(node.initializer)?.imports[0];
      const resolved = target ? resolveImport(file, target) : null;
      if (resolved) modules.set(node.name.getText(source), resolved);
    }
    // `const memberRoutes = [ … ]`
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) list = node.name.text;
    // `{ path: '/x', page: pages.X, data: […], notDrawn: true }`
    if (list && ts.isObjectLiteralExpression(node)) {
      const prop = (object: ts.ObjectLiteralExpression, name: string) =>
        object.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && p.name.getText(source) === name,
        )?.initializer;
      const path = prop(node, 'path');
      const page = prop(node, 'page');
      if (path && ts.isStringLiteral(path) && page && ts.isPropertyAccessExpression(page)) {
        routes.push({
          list,
          path: path.text,
          page: page.name.text,
          data: strings(prop(node, 'data')),
          notDrawn: prop(node, 'notDrawn')?.kind === ts.SyntaxKind.TrueKeyword,
        });
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, list));
  };
  visit(source, null);
  return { modules, routes };
}

/**
 * Each member route's files in each language, in the order they are needed: the app, the member
 * app, the page, then the strings (core, the member app's and the page's); without what the
 * HTML's own script (the entry) loads, which the HTML asks for itself.
 */
export function memberPreloads(root: string, manifest: Manifest): MemberPreloads {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const loaded = staticClosure(manifest, entry);
  const routes = memberRouteModules(root).map(({ path, module, data, notDrawn }) => {
    const keys = new Set<string>();
    for (const source of ['main.tsx', 'MemberApp.tsx', module]) {
      staticClosure(manifest, chunkFor(manifest, source), keys);
    }
    const files = Object.fromEntries(
      LANGUAGES.map((language) => {
        const all = new Set(keys);
        for (const strings of stringsFor(manifest, ['MemberApp.tsx', module], language)) {
          staticClosure(manifest, strings, all);
        }
        return [
          language,
          [...all].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k]!.file}`),
        ];
      }),
    );
    return { path, data, drawn: !notDrawn, files };
  });
  return { routes };
}

export function writeMemberPreloads(root: string, clientDir: string, manifest: Manifest) {
  writeFileSync(join(clientDir, MEMBER_PRELOADS), JSON.stringify(memberPreloads(root, manifest)));
}
