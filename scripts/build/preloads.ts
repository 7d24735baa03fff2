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
  /** Each member route's path (as the router writes it, `:id` for a segment) and its files. */
  routes: { path: string; files: Record<string, string[]> }[];
}

/**
 * The member routes of routes.tsx with their page's module (relative to src/client): each
 * `{ path: '…', page: pages.X }` of `memberRoutes`, where `X: page([…], () => import('./…'))`.
 */
export function memberRouteModules(root: string): { path: string; module: string }[] {
  const { modules, routes } = readRoutes(root);
  if (routes.length === 0) throw new Error(`${ROUTES}: no member routes found`);
  return routes.map(({ path, page }) => {
    const module = modules.get(page);
    if (!module) throw new Error(`${ROUTES}: the page ${page} of ${path} imports no module`);
    return { path, module: relative(join(root, 'src/client'), module) };
  });
}

/** Every page of routes.tsx (`X: page([…], () => import('./…'))`): name → absolute path. */
export function pageModules(root: string): Map<string, string> {
  const { modules } = readRoutes(root);
  if (modules.size === 0) throw new Error(`${ROUTES}: no pages found`);
  return modules;
}

/** The pages App.tsx routes a visitor to (`<P.Landing />`, and NotFound by redirects.tsx). */
export function visitorPageNames(root: string): string[] {
  const names = new Set<string>();
  for (const file of ['src/client/App.tsx', 'src/client/redirects.tsx']) {
    for (const [, name] of readFileSync(join(root, file), 'utf8').matchAll(/<P\.(\w+)\b/g)) {
      names.add(name!);
    }
  }
  if (names.size === 0) throw new Error('App.tsx routes a visitor to no page');
  return [...names];
}

function readRoutes(root: string) {
  const file = join(root, ROUTES);
  const source = parseSource(file);
  const modules = new Map<string, string>();
  const routes: { path: string; page: string }[] = [];
  const visit = (node: ts.Node) => {
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
    // `{ path: '/x', page: pages.X }`
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && p.name.getText(source) === name,
        )?.initializer;
      const path = prop('path');
      const page = prop('page');
      if (path && ts.isStringLiteral(path) && page && ts.isPropertyAccessExpression(page)) {
        routes.push({ path: path.text, page: page.name.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
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
  const routes = memberRouteModules(root).map(({ path, module }) => {
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
    return { path, files };
  });
  return { routes };
}

export function writeMemberPreloads(root: string, clientDir: string, manifest: Manifest) {
  writeFileSync(join(clientDir, MEMBER_PRELOADS), JSON.stringify(memberPreloads(root, manifest)));
}
