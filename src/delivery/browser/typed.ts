/**
 * Text typed before the app has a member's drawn page, in a field the app keeps when unsaved
 * (the journal, a lesson's response, the study lab: inside `[data-keep-unsaved]`), and the page
 * left before the app came (a link, the address bar, a reload): once the app has a page, it keeps
 * such text in this tab itself (hooks/useKeepUnsaved.ts); before, only the entry knows it. So the
 * entry keeps it as the page goes (`keepTypedOnLeave`), in this tab under the member's id like the
 * app's own (lib/unsaved.ts: read only by that member, deleted when anyone signs in or out), and
 * the next time the member opens that page the app takes it over at once (kept text waits) and
 * types it back into the same field through its own handlers (`typedBack`), before what the member
 * does on that visit.
 *
 * A field is found again by its place, not its id (generated ids follow the tree): the value of
 * `data-keep-unsaved` (the app's key for that text) and the field's index among that container's
 * text fields, of the same kind.
 */
import { forgetUnsaved, keepUnsaved, keptUnsaved } from '#client/lib/unsaved.ts';
import type { Field, Held } from './held.ts';

/** One field's text, as typed before the page was left. */
export interface Typed {
  /** The container's `data-keep-unsaved`. */
  keep: string;
  /** The field's index among the container's text fields. */
  index: number;
  /** `textarea` or an input's type. */
  kind: string;
  value: string;
}

const TEXT_FIELDS =
  'textarea, input:not([type]), input[type="text"], input[type="search"], input[type="url"]';

const kindOf = (field: Field) => (field instanceof HTMLInputElement ? field.type : 'textarea');

/** The key of a page's typed text: its path and query (`?ref=` names the study's passage). */
export const typedKey = (where: { pathname: string; search: string }) =>
  `typed:${where.pathname}${where.search}`;

/** Where `field` is, if it is a text field the app keeps. */
function placeOf(field: Field): Omit<Typed, 'value'> | null {
  const container = field.closest<HTMLElement>('[data-keep-unsaved]');
  if (!container || !field.matches(TEXT_FIELDS)) return null;
  const index = [...container.querySelectorAll(TEXT_FIELDS)].indexOf(field);
  return { keep: container.dataset.keepUnsaved!, index, kind: kindOf(field) };
}

/** The last value typed into each kept field, from what was held. */
export function typedIn(held: readonly Held[]): Typed[] {
  const last = new Map<Field, Typed>();
  for (const entry of held) {
    if (entry.kind !== 'field') continue;
    const place = placeOf(entry.field);
    if (place) last.set(entry.field, { ...place, value: entry.value });
  }
  return [...last.values()];
}

const samePlace = (a: Typed, b: Typed) =>
  a.keep === b.keep && a.index === b.index && a.kind === b.kind;

/**
 * The page is being left with text typed and the app not there yet: keeps it for `memberId`
 * (the drawn page's `data-member`), over what an earlier visit kept in the same fields.
 */
export function keepTypedOnLeave(memberId: string, key: string, held: readonly Held[]): void {
  const typed = typedIn(held);
  if (typed.length === 0) return;
  const earlier = keptUnsaved<Typed[]>(memberId, key) ?? [];
  const kept = [...earlier.filter((old) => !typed.some((t) => samePlace(old, t))), ...typed];
  keepUnsaved(memberId, key, kept);
}

/**
 * What `memberId` typed on this page before leaving it, as held entries for the app to do again
 * (app/replay.ts), and forgotten here: from now on the app keeps it. Fields no longer on the
 * page (a different draft opened, the page changed) get nothing.
 */
export function typedBack(root: ParentNode, memberId: string, key: string): Held[] {
  const kept = keptUnsaved<Typed[]>(memberId, key);
  if (!kept) return [];
  forgetUnsaved(memberId, key);
  const entries: Held[] = [];
  for (const typed of kept) {
    const container = [...root.querySelectorAll<HTMLElement>('[data-keep-unsaved]')].find(
      (element) => element.dataset.keepUnsaved === typed.keep,
    );
    const field = container?.querySelectorAll<Field>(TEXT_FIELDS)[typed.index];
    if (!field || kindOf(field) !== typed.kind) continue;
    entries.push({ kind: 'field', field, value: typed.value, checked: false });
  }
  return entries;
}
