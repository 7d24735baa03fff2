/**
 * Fewer, larger chunks on a first load (docs/decisions/0032). Left to itself, the bundler puts
 * every module shared by the app and some lazy page into a chunk of its own, however small:
 * opening the dashboard asked for ~70 scripts, most of them around 1 KB, and over HTTP/1.1 on a
 * phone each costs a round trip. These groups gather them:
 * - `boot`: what the entry (boot.ts) loads besides itself, shared with the app.
 * - `app`: everything main.tsx loads statically (React, the router, the query client, i18n,
 *   the shell's components). Every page is reached through main.tsx, so these are always loaded
 *   first anyway; one chunk instead of ~25.
 * - `member`: what the member app (MemberApp.tsx) loads statically that no visitor page can
 *   reach (the member shell, its navigation); every member page is reached through it, and a
 *   visitor never downloads it.
 * - `shell`: what the member app loads statically that some visitor page uses too (icons, the
 *   offline outbox): one chunk for a member's first load, a few KB more for a visitor page
 *   that needs one of them.
 * - `pages`: what six or more member pages load statically (the card, the page header, the
 *   query states, the library's API…) and what that loads, unless a page only visitors open or
 *   the app's own lazy parts load it too: one chunk instead of one per set of pages sharing some
 *   module (docs/decisions/0059).
 * - `icons`: every other icon the pages draw (a few dozen, ~5 KB): one request instead of one
 *   per icon. Each icon is imported by its own public path (`lucide-react/icons/<name>`).
 * Every rule names the app's own files or a library's public paths, never a library's internal
 * files (issue 37): a library's new version keeps them right.
 * The module graph is read at the end of the build (before chunking) by this plugin.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { memberRouteModules, pageModules, visitorPageNames } from './preloads.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** How many member pages must load a module for it to go to the `pages` chunk. */
const MEMBER_PAGES = 6;

interface Node {
  imports: string[];
  dynamic: string[];
}

/**
 * The icons, each imported by its own public path (`lucide-react/icons/<name>`, never the
 * library's index, which re-exports ~1,600): the folder that path resolves to, read from the
 * library's own export map, not written here.
 */
const ICONS = dirname(fileURLToPath(import.meta.resolve('lucide-react/icons/book-open')));
const isIcon = (id: string) => dirname(id) === ICONS;

export function chunkGroups() {
  const graph = new Map<string, Node>();
  type Group = 'boot' | 'app' | 'member' | 'shell' | 'pages';
  let groups: Record<Group, Set<string>> | undefined;

  const find = (suffix: string) => [...graph.keys()].find((id) => id.endsWith(suffix));
  /** Everything reachable from `from` (statically, or also through dynamic imports), not `stop`. */
  const reach = (
    from: string | undefined,
    dynamic: boolean,
    stop = new Set<string | undefined>(),
  ) => {
    const seen = new Set<string>();
    const walk = (id: string | undefined) => {
      if (!id || seen.has(id) || stop.has(id)) return;
      seen.add(id);
      const node = graph.get(id);
      for (const next of node?.imports ?? []) walk(next);
      if (dynamic) for (const next of node?.dynamic ?? []) walk(next);
    };
    walk(from);
    return seen;
  };
  const compute = (): Record<Group, Set<string>> => {
    const main = find('/src/client/main.tsx');
    const memberApp = find('/src/client/MemberApp.tsx');
    // The entry (boot.ts) and what it loads stay apart: a visitor's first paint needs no more.
    const entry = find('/src/delivery/browser/boot.ts');
    // The prerender's build (scripts/build/build.ts) has another entry: no groups there.
    if (!entry || !main || !memberApp) {
      return {
        boot: new Set(),
        app: new Set(),
        member: new Set(),
        shell: new Set(),
        pages: new Set(),
      };
    }
    const boot = reach(entry, false);
    const app = new Set([...reach(main, false)].filter((id) => !boot.has(id)));
    const visitors = reach(main, true, new Set([memberApp]));
    const shared = [...reach(memberApp, false)].filter((id) => !app.has(id) && !boot.has(id));
    const member = new Set(shared.filter((id) => !visitors.has(id)));
    const shell = new Set(shared.filter((id) => visitors.has(id)));
    // `pages`: what MEMBER_PAGES or more member pages load statically, with what it loads, in
    // one chunk instead of one per set of pages sharing some module. Never what a page only
    // visitors open (the landing page, signing in) or the app's own lazy parts (the toasts)
    // load: those pages stay as small as they were. Icons stay in `icons`.
    const files = pageModules(ROOT);
    const memberPages = new Set(
      memberRouteModules(ROOT).map(({ module }) => resolve(ROOT, 'src/client', module)),
    );
    const keepOut = reach(main, true, new Set([memberApp, ...files.values()]));
    for (const name of visitorPageNames(ROOT)) {
      const page = files.get(name);
      if (!page) throw new Error(`App.tsx routes to P.${name}, which routes.tsx does not define`);
      if (!memberPages.has(page)) for (const id of reach(page, false)) keepOut.add(id);
    }
    const outside = (id: string) =>
      app.has(id) ||
      boot.has(id) ||
      member.has(id) ||
      shell.has(id) ||
      keepOut.has(id) ||
      isIcon(id);
    const uses = new Map<string, number>();
    for (const page of memberPages) {
      for (const id of reach(page, false)) uses.set(id, (uses.get(id) ?? 0) + 1);
    }
    const pages = new Set<string>();
    for (const [id, count] of uses) {
      if (count < MEMBER_PAGES || outside(id)) continue;
      for (const dep of reach(id, false)) if (!outside(dep)) pages.add(dep);
    }
    return { boot: new Set([...boot].filter((id) => id !== entry)), app, member, shell, pages };
  };
  const groupOf = (name: Group) => (id: string) => {
    if (graph.size === 0) return false;
    groups ??= compute();
    return groups[name].has(id) && !/\.css($|\?)/.test(id);
  };

  const plugin: Plugin = {
    name: 'camino-chunk-groups',
    apply: 'build',
    buildStart() {
      graph.clear();
      groups = undefined;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) {
          graph.set(id, {
            imports: info.importedIds,
            dynamic: info.dynamicallyImportedIds,
          });
        }
      }
    },
  };
  return {
    plugin,
    // Their modules' own imports are in the group already or loaded before it (boot, app):
    // nothing more is pulled in.
    groups: [
      { name: 'boot', test: groupOf('boot'), includeDependenciesRecursively: false },
      { name: 'app', test: groupOf('app'), includeDependenciesRecursively: false },
      { name: 'member', test: groupOf('member'), includeDependenciesRecursively: false },
      { name: 'shell', test: groupOf('shell'), includeDependenciesRecursively: false },
      { name: 'pages', test: groupOf('pages'), includeDependenciesRecursively: false },
      {
        name: 'icons',
        test: isIcon,
        includeDependenciesRecursively: false,
      },
    ],
  };
}
