/**
 * What a press shows at once, before the app has the page (README.md, "Before the app"): the
 * state the control's WAI-ARIA role says a press gives it, set on the element itself, so the
 * member sees the tab chosen, the switch flipped, the verse marked. A control styles itself from
 * those attributes (`aria-pressed:`, `aria-selected:` variants), so this needs no other code.
 * A press the page cannot show alone (a button that saves, opens a dialog the app draws…) marks
 * the button `aria-busy` instead: it is taken, and will be done.
 *
 * Each preview can be undone: once the app has the page, every preview is undone (the page is
 * again exactly as drawn, which is what the app's own state says) and the press is done again
 * by the app (held.ts), which then shows the same state as its own.
 *
 * Part of the entry: no imports.
 */

/** Puts back what a preview changed. */
export type Undo = () => void;

const ATTRIBUTES_TOUCHED = [
  'aria-selected',
  'aria-checked',
  'aria-pressed',
  'aria-expanded',
  'aria-busy',
  'tabindex',
  'data-state',
  'hidden',
] as const;

/** Sets attributes, remembering each one's value before (null: absent) to put it back. */
function setAll(changes: [Element, string, string | null][]): Undo {
  const before = changes.map(
    ([element, name]) => [element, name, element.getAttribute(name)] as const,
  );
  for (const [element, name, value] of changes) {
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
  return () => {
    for (const [element, name, value] of before.reverse()) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
}

const flip = (value: string | null) => (value === 'true' ? 'false' : 'true');

/** The element a control names in `aria-controls` (its first id), in the same document. */
const controlled = (control: Element) => {
  const id = control.getAttribute('aria-controls')?.split(/\s+/)[0];
  return id ? control.ownerDocument.getElementById(id) : null;
};

/** A tab chosen: it and its panel shown, the others in its list not. */
function chooseTab(tab: Element): [Element, string, string | null][] {
  const list = tab.closest('[role="tablist"]');
  const tabs = list ? [...list.querySelectorAll('[role="tab"]')] : [tab];
  return tabs.flatMap((other): [Element, string, string | null][] => {
    const chosen = other === tab;
    const changes: [Element, string, string | null][] = [
      [other, 'aria-selected', String(chosen)],
      [other, 'tabindex', chosen ? '0' : '-1'],
    ];
    if (other.hasAttribute('data-state')) {
      changes.push([other, 'data-state', chosen ? 'active' : 'inactive']);
    }
    const panel = controlled(other);
    if (panel) {
      changes.push([panel, 'hidden', chosen ? null : '']);
      if (panel.hasAttribute('data-state')) {
        changes.push([panel, 'data-state', chosen ? 'active' : 'inactive']);
      }
    }
    return changes;
  });
}

/** A radio chosen: it checked, the others of its group not. */
function chooseRadio(radio: Element): [Element, string, string | null][] {
  const group = radio.closest('[role="radiogroup"], [role="menu"], [role="group"]');
  const role = radio.getAttribute('role');
  const radios = group ? [...group.querySelectorAll(`[role="${role}"]`)] : [radio];
  return radios.map((other) => [other, 'aria-checked', String(other === radio)]);
}

/**
 * Shows at once what a press on `control` does, as far as its role says; returns how to undo
 * it. `control` is a button or an element with a button-like role.
 */
export function preview(control: Element): Undo {
  const role = control.getAttribute('role');
  if (role === 'tab') return setAll(chooseTab(control));
  if (role === 'radio' || role === 'menuitemradio') return setAll(chooseRadio(control));
  if (control.hasAttribute('aria-checked')) {
    const checked = flip(control.getAttribute('aria-checked'));
    const changes: [Element, string, string | null][] = [[control, 'aria-checked', checked]];
    if (control.hasAttribute('data-state')) {
      changes.push([control, 'data-state', checked === 'true' ? 'checked' : 'unchecked']);
    }
    return setAll(changes);
  }
  if (control.hasAttribute('aria-pressed')) {
    return setAll([[control, 'aria-pressed', flip(control.getAttribute('aria-pressed'))]]);
  }
  const panel = control.hasAttribute('aria-expanded') ? controlled(control) : null;
  if (panel) {
    const open = flip(control.getAttribute('aria-expanded'));
    return setAll([
      [control, 'aria-expanded', open],
      [panel, 'hidden', open === 'true' ? null : ''],
    ]);
  }
  return setAll([[control, 'aria-busy', 'true']]);
}

/** The attributes a preview may change (for the tests: nothing else is touched). */
export const PREVIEWED_ATTRIBUTES: readonly string[] = ATTRIBUTES_TOUCHED;
