import { SIGNED_OUT_COOKIE } from '#shared/constants.ts';

/**
 * Text a member typed and has not saved yet, kept in the browser under that member's id
 * (docs/decisions/0049): the lesson response and the journal in this tab's sessionStorage (it
 * survives the trip to sign-in when the session ends under them, or a reload), the study lab's
 * drafts in localStorage (they survive closing the tab). The browser may be shared (a church
 * office, a family tablet), so what one member typed is never shown or saved to another:
 * - it is read only under the id of the member signed in;
 * - signing out deletes all of it (lib/auth-api.ts `signOut`, and the page after the server's
 *   sign-out, boot.ts `forgetAfterSignOut`), since the member chose to leave this device;
 * - when someone signs in, whatever anyone else left is deleted (lib/queryClient.ts): the text
 *   left when a session ended comes back only to the member it belongs to, and only if no one
 *   else signed in on the browser meanwhile.
 * This module touches nothing else: it is imported by boot.ts, before the app.
 */

/** Where a kind of kept text lives: this tab only, or this browser (the study lab). */
export type KeptIn = 'tab' | 'device';

const PREFIX: Record<KeptIn, string> = {
  tab: 'camino:unsaved:',
  device: 'camino:draft:',
};
/** Keys written before kept text was tied to a member: nobody's, deleted on sight. */
const UNTIED_PREFIXES = ['study-draft:'];

const storage = (where: KeptIn): Storage | null => {
  try {
    return where === 'tab' ? sessionStorage : localStorage;
  } catch {
    // storage unavailable (a sandboxed frame, privacy settings): nothing is kept
    return null;
  }
};

const storageKey = (where: KeptIn, memberId: string, key: string) =>
  `${PREFIX[where]}${memberId}:${key}`;

/** What `memberId` kept under `key`, or null. */
export function keptUnsaved<T>(memberId: string, key: string, where: KeptIn = 'tab'): T | null {
  try {
    const raw = storage(where)?.getItem(storageKey(where, memberId, key));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` for `memberId` under `key`. */
export function keepUnsaved(memberId: string, key: string, value: unknown, where: KeptIn = 'tab') {
  try {
    storage(where)?.setItem(storageKey(where, memberId, key), JSON.stringify(value));
  } catch {
    // quota reached: nothing more is kept
  }
}

/** Forgets what `memberId` kept under `key`: it is saved (or safely queued to be). */
export function forgetUnsaved(memberId: string, key: string, where: KeptIn = 'tab') {
  try {
    storage(where)?.removeItem(storageKey(where, memberId, key));
  } catch {
    // nothing was kept
  }
}

/** Deletes kept text whose owner `keep` does not accept, in both storages. */
function forgetWhere(keep: (owner: string) => boolean) {
  for (const where of ['tab', 'device'] as const) {
    const store = storage(where);
    if (!store) continue;
    const doomed: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key) continue;
      if (UNTIED_PREFIXES.some((p) => key.startsWith(p))) doomed.push(key);
      else if (key.startsWith(PREFIX[where])) {
        const owner = key.slice(PREFIX[where].length).split(':', 1)[0]!;
        if (!keep(owner)) doomed.push(key);
      }
    }
    for (const key of doomed) store.removeItem(key);
  }
}

/** Signing out: everything kept on this browser goes, whoever typed it. */
export function forgetAllUnsaved() {
  forgetWhere(() => false);
}

/** `memberId` is signed in: what anyone else left unsaved here goes, unread. */
export function forgetUnsavedOfOthers(memberId: string) {
  forgetWhere((owner) => owner === memberId);
}

/**
 * The first page after the server signed someone out (GET /api/logout, reached without the
 * app's sign-out: a typed address, the link opened without the app, an account deleted): the
 * server left a short-lived cookie saying so. Deletes what was kept, then the cookie.
 */
export function forgetAfterSignOut() {
  if (typeof document === 'undefined') return;
  if (!document.cookie.split('; ').includes(`${SIGNED_OUT_COOKIE}=1`)) return;
  forgetAllUnsaved();
  document.cookie = `${SIGNED_OUT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * Whether this browser keeps text someone typed and did not save: a page the server drew
 * (docs/decisions/0060) is then taken over at once, to put the text back where it was typed.
 */
export function anyUnsaved(): boolean {
  for (const where of ['tab', 'device'] as const) {
    const store = storage(where);
    for (let i = 0; store && i < store.length; i++) {
      if (store.key(i)?.startsWith(PREFIX[where])) return true;
    }
  }
  return false;
}
