/**
 * How the locale strings (src/shared/i18n/<lang>.json, the files translators edit) are cut into
 * the chunks the browser downloads (docs/decisions/0029). Plain data: read by the build's Vite
 * plugin (scripts/build/strings.ts), by the client's loader (lib/i18n.ts) and by the tests.
 *
 * A key belongs to the chunk of the longest path below that holds it: `core` for the paths in
 * CORE, none (the browser never gets it) for SERVER_ONLY, otherwise the chunk named after its
 * top-level key (`admin.members.title` is in `admin`). A route (routes.tsx) or a lazily loaded
 * part declares the chunks it needs beyond core; tests/shared/strings-per-page.test.ts checks it.
 */
import type en from '#shared/i18n/en.json';

/** Small, needed everywhere (the shells, toasts, errors, the age gate): loaded at boot. */
export const CORE = [
  'app',
  'nav',
  'common',
  'errors',
  'validation',
  'toast',
  'language',
  'footer',
  'notFound',
  'offline',
  'age',
  // "Show in both languages" (features/both): on the dashboard, lessons, the daily reading and
  // the reader; a few words.
  'inBoth',
  // The line a Bible text's licence asks for wherever its words show (the VBL's).
  'translations',
  // The invitation to choose one's Spanish Bible, on every Spanish page with Scripture until
  // chosen (features/spanish-bible/SpanishBibleChoice.tsx).
  'bible.choice',
  // Parts of larger groups that the shells or shared components show.
  'auth.showPassword',
  'auth.hidePassword',
  'notify.bell',
] as const;

/** Shown only by the server (e-mails, the unsubscribe page): never sent to the browser. */
export const SERVER_ONLY = [
  'notify.email',
  'notify.unsubscribe',
  'support.mail',
  'auth.resetMail',
  'groups.mail',
  // A study sheet's link is a page the server draws (src/server/groups/sheet-page.ts), and its
  // refusals come from the server in words.
  'groups.sheets.page',
  'groups.sheets.errors',
  'groups.meetings.errors',
  // Churches' refusals and the CSV's column names come from the server in words.
  'churches.errors',
  'churches.csv',
  'auth.signOutPage',
  'auth.verifyMail',
] as const;

type TopLevel<P> = P extends `${string}.${string}` ? never : P;
/** The name of a chunk of strings: `core` or a top-level key that is not wholly core. */
export type StringChunk = 'core' | Exclude<keyof typeof en, TopLevel<(typeof CORE)[number]>>;

const under = (key: string, path: string) => key === path || key.startsWith(`${path}.`);
const longest = (key: string, paths: readonly string[]) =>
  paths.filter((p) => under(key, p)).reduce((a, b) => (b.length > a.length ? b : a), '');

/** The chunk a key (or a subtree's path) is in, or null if the browser never gets it. */
export function chunkOfKey(key: string): StringChunk | null {
  const core = longest(key, CORE);
  const server = longest(key, SERVER_ONLY);
  if (server.length > core.length) return null;
  if (core) return 'core';
  return key.split('.')[0] as StringChunk;
}

type Tree = { [key: string]: string | Tree };

/** One language's strings cut into chunks: each chunk a tree of the same shape as the file. */
export function splitStrings(strings: Tree): Map<StringChunk, Tree> {
  const chunks = new Map<StringChunk, Tree>();
  const put = (chunk: StringChunk, path: string[], value: string | Tree) => {
    if (!chunks.has(chunk)) chunks.set(chunk, {});
    let node = chunks.get(chunk)!;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[path.at(-1)!] = value;
  };
  const walk = (node: Tree, path: string[]) => {
    for (const [k, v] of Object.entries(node)) {
      const here = [...path, k];
      const key = here.join('.');
      // A subtree wholly in one chunk goes as it is; one that is cut is walked further.
      const cut = [...CORE, ...SERVER_ONLY].some((p) => p.startsWith(`${key}.`));
      if (typeof v === 'object' && cut) walk(v, here);
      else {
        const chunk = chunkOfKey(key);
        if (chunk) put(chunk, here, v);
      }
    }
  };
  walk(strings, []);
  return chunks;
}
