/**
 * What a member does on a page before the app has it (README.md, "Before the app"): every
 * press on a control only the app acts on, every change to a field, every field left, Enter in
 * a field, every form sent, recorded in the order made. A press shows its effect at once where
 * the page can show it alone (previews.ts); the rest the browser shows itself (typing, a native
 * checkbox, a select, a popover menu, a link). Once the app has the page, the record is given
 * to it (`release`) and done again, in the same order, by the app's own handlers
 * (app/takeover.ts), so that every choice ends as it was made: nothing lost, nothing changed.
 *
 * Part of the entry: it imports only previews.ts.
 */
import { preview, type Undo } from './previews.ts';

export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** One thing the member did, as the app must do it again. */
export type Held =
  /** A control pressed (mouse, finger, or Enter/Space on it), with its preview's undo. */
  | { kind: 'press'; control: HTMLElement; pointerType: string; undo: Undo }
  /** A field's value (or a checkbox's or radio's state) as the member left it at this point. */
  | { kind: 'field'; field: Field; value: string; checked: boolean }
  /** A field left after it changed (a value may be saved when its field is left). */
  | { kind: 'leave'; field: Field }
  /** Enter pressed in a field (a value may be saved on Enter). */
  | { kind: 'enter'; field: Field }
  /** A form sent, with the button that sent it. */
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Controls only the app acts on: a press is held until it has the page. Links, labels,
 * summaries, fields, and buttons the browser acts on itself (a popover's or a dialog's
 * invoker, a form's submit or reset button) work without it and are not held.
 */
const CONTROL =
  'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], [role="option"]';

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The control a click lands on, if only the app acts on it. */
export function heldControl(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>(CONTROL);
  if (!control || isField(control) || control.closest('a[href], label, summary')) return null;
  if (control.getAttribute('aria-disabled') === 'true') return null;
  if (control instanceof HTMLButtonElement) {
    if (control.hasAttribute('popovertarget') || control.hasAttribute('commandfor')) return null;
    if (control.form && (control.type === 'submit' || control.type === 'reset')) return null;
  }
  return control;
}

/**
 * The link of a plain click that would take the member to another page of this site, when a
 * press or a form sent is waiting for the app: followed after them, in order.
 */
function pendingLink(event: Event, held: readonly Held[]): HTMLAnchorElement | null {
  if (!held.some((entry) => entry.kind === 'press' || entry.kind === 'submit')) return null;
  const click = event as MouseEvent;
  if (click.button > 0 || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey) {
    return null;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  return link.origin === location.origin ? link : null;
}

/** Text-like inputs where Enter means "done" (not a checkbox's or a button's Enter). */
const ENTER_FIELDS =
  /^(text|search|email|url|tel|number|password|time|date|datetime-local|month|week)$/;

export interface Holding {
  /** Stops holding (the app now has the page) and gives what was held, in order. */
  release(): Held[];
  /** What is held so far, still held. */
  readonly held: readonly Held[];
}

/**
 * Starts holding what is done in `doc` until `release`. `onHeld` is called for each press or
 * form held (the app is wanted now).
 */
export function hold(doc: Document, onHeld: () => void): Holding {
  const held: Held[] = [];
  let released = false;
  /** Fields changed since they were focused: leaving one is worth doing again. */
  const changed = new WeakSet<Field>();

  const listeners: [string, (event: Event) => void][] = [
    [
      'click',
      (event) => {
        // A link followed while a press or a form waits for the app would leave the page
        // before the app has done it (a switch shown flipped and never saved): the link waits
        // its turn, then the app follows it.
        const link = pendingLink(event, held);
        const control = link ?? heldControl(event.target);
        if (!control) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        const pointerType = (event as PointerEvent).pointerType ?? '';
        held.push({ kind: 'press', control, pointerType, undo: preview(control) });
        onHeld();
      },
    ],
    [
      'input',
      (event) => {
        const field = event.target;
        if (!isField(field)) return;
        const last = held[held.length - 1];
        const entry: Held = {
          kind: 'field',
          field,
          value: field.value,
          checked: isToggle(field) && field.checked,
        };
        // Typing: one entry per field for each run of changes.
        if (last?.kind === 'field' && last.field === field) held[held.length - 1] = entry;
        else held.push(entry);
        changed.add(field);
      },
    ],
    [
      'focusout',
      (event) => {
        const field = event.target;
        if (!isField(field) || !changed.has(field)) return;
        changed.delete(field);
        held.push({ kind: 'leave', field });
      },
    ],
    [
      'keydown',
      (event) => {
        const field = event.target;
        const key = (event as KeyboardEvent).key;
        if (key !== 'Enter' || !(field instanceof HTMLInputElement)) return;
        if (!ENTER_FIELDS.test(field.type)) return;
        held.push({ kind: 'enter', field });
      },
    ],
    [
      'submit',
      (event) => {
        if (!(event.target instanceof HTMLFormElement)) return;
        // Never sent by the browser itself: a password would go as a GET to the page's URL.
        event.preventDefault();
        const submitter = (event as SubmitEvent).submitter;
        held.push({ kind: 'submit', form: event.target, submitter: submitter ?? null });
        onHeld();
      },
    ],
  ];
  // A checkbox, a radio or a select says `change` without `input` in some browsers.
  listeners.push(['change', listeners[1]![1]]);
  const wrapped = listeners.map(
    ([type, listener]) => [type, (event: Event) => void (released || listener(event))] as const,
  );
  for (const [type, listener] of wrapped) doc.addEventListener(type, listener, true);

  return {
    get held() {
      return held;
    },
    release() {
      released = true;
      for (const [type, listener] of wrapped) doc.removeEventListener(type, listener, true);
      return held.splice(0);
    },
  };
}

/**
 * What the page's fields hold now that differs from the drawing, for fields no event named
 * (a browser's autofill may fill without one): kept as if typed. Read before the app hydrates.
 */
export function untracked(root: ParentNode, held: readonly Held[]): Held[] {
  const named = new Set(held.flatMap((entry) => ('field' in entry ? [entry.field] : [])));
  const entries: Held[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (named.has(field)) continue;
    const differs = isToggle(field)
      ? field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)
      : field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : field.type !== 'file' && field.value !== field.defaultValue;
    if (differs) {
      entries.push({
        kind: 'field',
        field,
        value: field.value,
        checked: isToggle(field) && field.checked,
      });
    }
  }
  return entries;
}

/** The page's holding, started by boot.ts and released by the app when it takes the page. */
let current: Holding | null = null;

/** Starts holding what is done on this page (boot.ts): once per page. */
export function startHolding(onHeld: () => void): void {
  current ??= hold(document, onHeld);
}

/** What is held on this page so far (nothing once the app has it). */
export const heldSoFar = (): readonly Held[] => current?.held ?? [];

/** Everything held on this page so far, in order, and no more holding (the app has it). */
export function releaseHeld(): Held[] {
  const held = current?.release() ?? [];
  current = null;
  return held;
}
