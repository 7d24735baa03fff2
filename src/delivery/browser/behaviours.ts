/**
 * The keyboard of the WAI-ARIA patterns the pages use, for the whole document, before the app
 * has the page and after (README.md): one implementation, so a tab list answers its arrow keys
 * the same whether the app is there yet or not. The components render the roles and states;
 * this moves the focus and presses.
 * - Tabs (`role="tablist"`): the arrow keys along the list, Home and End move to a tab and
 *   choose it (a press: held before the app, done by the app after).
 * - Radio groups (`role="radiogroup"` of `role="radio"` buttons): the arrow keys move to the
 *   next or previous choice and choose it.
 * - Menus (`role="menu"`, a popover): the arrow keys, Home and End move among its items; the
 *   first item has the focus when the menu opens; Escape (the browser's) closes it.
 *
 * Part of the entry: no imports.
 */

const enabled = (element: Element) =>
  !(element as HTMLButtonElement).disabled && element.getAttribute('aria-disabled') !== 'true';

/** The element `step` places away from `current` among `items`, or the first/last (Home/End). */
function moveAmong(items: HTMLElement[], current: Element, key: string, vertical: boolean) {
  const usable = items.filter(enabled);
  if (usable.length === 0) return null;
  const index = usable.indexOf(current as HTMLElement);
  const next = vertical ? 'ArrowDown' : 'ArrowRight';
  const previous = vertical ? 'ArrowUp' : 'ArrowLeft';
  if (key === 'Home') return usable[0]!;
  if (key === 'End') return usable[usable.length - 1]!;
  if (key === next || (!vertical && key === 'ArrowDown') || (vertical && key === 'ArrowRight')) {
    return usable[(index + 1) % usable.length]!;
  }
  if (key === previous || (!vertical && key === 'ArrowUp') || (vertical && key === 'ArrowLeft')) {
    return usable[(index - 1 + usable.length) % usable.length]!;
  }
  return null;
}

const KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (!KEYS.has(event.key) || !(event.target instanceof HTMLElement)) return;
  const target = event.target;
  const role = target.getAttribute('role');
  if (role === 'tab' || role === 'radio') {
    const group = target.closest(role === 'tab' ? '[role="tablist"]' : '[role="radiogroup"]');
    if (!group) return;
    const items = [...group.querySelectorAll<HTMLElement>(`[role="${role}"]`)];
    // A tab list goes along its orientation; a radio group both ways, but not Home/End.
    if (role === 'radio' && (event.key === 'Home' || event.key === 'End')) return;
    const vertical = group.getAttribute('aria-orientation') === 'vertical';
    const next = moveAmong(items, target, event.key, role === 'radio' ? false : vertical);
    if (!next || next === target) return;
    event.preventDefault();
    next.focus();
    next.click();
    return;
  }
  const menu = target.closest('[role="menu"]');
  if (menu && role?.startsWith('menuitem')) {
    const items = [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
    const next = moveAmong(items, target, event.key, true);
    if (!next) return;
    event.preventDefault();
    next.focus();
  }
}

/** A menu opened: its first item takes the focus (WAI-ARIA menu button). */
function onToggle(event: Event) {
  const menu = event.target;
  if (!(menu instanceof HTMLElement) || menu.getAttribute('role') !== 'menu') return;
  if ((event as ToggleEvent).newState !== 'open') return;
  menu.querySelector<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')?.focus();
}

/**
 * A button that opens or closes a dialog by itself (`commandfor`, `command="show-modal"` or
 * `"close"`), and a dialog closed by a tap outside it (`closedby="any"`), where the browser does
 * neither yet (Safari before 26.2).
 */
function onClick(event: MouseEvent) {
  const doc = (event.target as Node | null)?.ownerDocument;
  if (!doc || !(event.target instanceof Element)) return;
  const view = doc.defaultView;
  if (view && !('command' in view.HTMLButtonElement.prototype)) {
    const button = event.target.closest('button[commandfor]');
    const dialog = button && doc.getElementById(button.getAttribute('commandfor') ?? '');
    if (dialog instanceof view.HTMLDialogElement) {
      const command = button?.getAttribute('command');
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      if (command === 'close' && dialog.open) dialog.close();
      return;
    }
  }
  const dialog = event.target;
  if (
    view &&
    dialog instanceof view.HTMLDialogElement &&
    dialog.open &&
    dialog.getAttribute('closedby') === 'any' &&
    !('closedBy' in view.HTMLDialogElement.prototype)
  ) {
    // A tap on the dialog itself outside its box: on its backdrop.
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) dialog.close();
  }
}

const installed = new WeakSet<Document>();

/** Gives the document the keyboard of tabs, radio groups and menus, and dialog buttons (once). */
export function behave(doc: Document): void {
  if (installed.has(doc)) return;
  installed.add(doc);
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('click', onClick);
  // `toggle` does not bubble: heard while it goes down to the popover.
  doc.addEventListener('toggle', onToggle, true);
}
