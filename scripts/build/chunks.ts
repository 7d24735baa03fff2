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
 * - `icons`: every other icon the pages draw (a few dozen, ~5 KB): one request instead of one
 *   per icon.
 * The module graph is read at the end of the build (before chunking) by this plugin.
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface Node {
  imports: string[];
  dynamic: string[];
  code: string;
}

/**
 * The icon library's index re-exports every icon (~1,600): a module that imports two icons from
 * it reaches them all in the module graph, though the build keeps only those two. Through this
 * index, only the icons a module names are followed.
 */
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** The icon index's exports: name → file. */
const iconIndexes = new Map<string, Map<string, string>>();
function iconsOf(index: Node & { id: string }): Map<string, string> {
  let byName = iconIndexes.get(index.id);
  if (byName) return byName;
  byName = new Map();
  for (const [, names, file] of index.code.matchAll(/export \{([^}]*)\} from ['"]([^'"]+)['"]/g)) {
    for (const name of names!.split(',')) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (exported) byName.set(exported, resolve(dirname(index.id), file!));
    }
  }
  iconIndexes.set(index.id, byName);
  return byName;
}

/** `{ BookOpen, X as Close }` → the icon files they come from, read from the index's exports. */
function iconFiles(index: Node & { id: string }, importer: Node): string[] {
  const byName = iconsOf(index);
  const files: string[] = [];
  for (const [, names] of importer.code.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g,
  )) {
    for (const name of names!.split(',')) {
      const imported = name.trim().split(/\s+as\s+/)[0];
      const file = imported ? byName.get(imported) : undefined;
      if (file) files.push(file);
    }
  }
  return files;
}

export function chunkGroups() {
  const graph = new Map<string, Node>();
  type Group = 'boot' | 'app' | 'member' | 'shell';
  let groups: Record<Group, Set<string>> | undefined;

  const find = (suffix: string) => [...graph.keys()].find((id) => id.endsWith(suffix));
  /** Everything reachable from `from` (statically, or also through dynamic imports), not `stop`. */
  const reach = (from: string | undefined, dynamic: boolean, stop?: string) => {
    const seen = new Set<string>();
    const walk = (id: string | undefined) => {
      if (!id || seen.has(id) || id === stop) return;
      seen.add(id);
      const node = graph.get(id);
      for (const next of node?.imports ?? []) {
        if (!ICON_INDEX.test(next)) walk(next);
        else if (node)
          for (const icon of iconFiles({ ...graph.get(next)!, id: next }, node)) walk(icon);
      }
      if (dynamic) for (const next of node?.dynamic ?? []) walk(next);
    };
    walk(from);
    return seen;
  };
  const compute = () => {
    const main = find('/src/client/main.tsx');
    const memberApp = find('/src/client/MemberApp.tsx');
    // The entry (boot.ts) and what it loads stay apart: a visitor's first paint needs no more.
    const entry = find('/src/client/boot.ts');
    const boot = reach(entry, false);
    const app = new Set([...reach(main, false)].filter((id) => !boot.has(id)));
    const visitors = reach(main, true, memberApp);
    const shared = [...reach(memberApp, false)].filter((id) => !app.has(id) && !boot.has(id));
    return {
      boot: new Set([...boot].filter((id) => id !== entry)),
      app,
      member: new Set(shared.filter((id) => !visitors.has(id))),
      shell: new Set(shared.filter((id) => visitors.has(id))),
    };
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
            code: info.code ?? '',
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
      {
        name: 'icons',
        test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
        includeDependenciesRecursively: false,
      },
    ],
  };
}
