/**
 * What the member did before the app had the page (browser/held.ts), done again by the app's
 * own handlers, in the order it was done, right after the app has taken the page over
 * (takeover.tsx): every preview undone first (the page is again as drawn, which is what the
 * app's state says), then each press, field, field left, Enter and form sent, each one rendered
 * before the next (`flushSync`), as if the member had waited for the app. Nothing shows in
 * between: it all happens in the task that took the page over.
 */
import { options } from 'preact';
import { flushSync } from 'react-dom';
import type { Field, Held } from '../browser/held.ts';

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function again(entry: Held): void {
  switch (entry.kind) {
    case 'press': {
      const { control } = entry;
      if (!control.isConnected || control.matches(':disabled')) return;
      control.dispatchEvent(
        new PointerEvent('click', {
          bubbles: true,
          cancelable: true,
          composed: true,
          detail: 1,
          button: 0,
          pointerType: entry.pointerType,
        }),
      );
      return;
    }
    case 'field': {
      const { field } = entry;
      if (!field.isConnected) return;
      if (isToggle(field)) field.checked = entry.checked;
      else field.value = entry.value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    case 'leave': {
      const { field } = entry;
      // Still in it (the member came back to it): it is left when they leave it.
      if (!field.isConnected || field.ownerDocument.activeElement === field) return;
      field.dispatchEvent(new FocusEvent('blur'));
      field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      return;
    }
    case 'enter': {
      if (!entry.field.isConnected) return;
      const init = { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true };
      entry.field.dispatchEvent(new KeyboardEvent('keydown', init));
      entry.field.dispatchEvent(new KeyboardEvent('keyup', init));
      return;
    }
    case 'submit': {
      const { form, submitter } = entry;
      if (!form.isConnected) return;
      const by =
        submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
          ? submitter
          : null;
      form.requestSubmit(by?.isConnected && by.form === form ? by : undefined);
      return;
    }
  }
}

/** Undoes every preview, then does each held thing again through the app, in order. */
export function replay(held: readonly Held[]): void {
  for (const entry of [...held].reverse()) if (entry.kind === 'press') entry.undo();
  for (const entry of held) flushSync(() => again(entry));
}

/**
 * Runs `work` with the effects of the renders it makes run when it calls `settle`, and again
 * before it returns, instead of after the next frame (when Preact runs them). The takeover
 * hydrates, settles, then replays: a press done again then finds the page as the app had set it
 * up for a member who waited (a mutation's observer subscribed, so what `mutate` was told to do
 * with its answer is done; an answer faster than a frame dropped it: seen on
 * /notification-test). Renders the effects ask for come after, as ever (ADR 0073).
 */
export function withEffectsAtOnce(work: (settle: () => void) => void): void {
  const scheduler = options.requestAnimationFrame;
  let pending: (() => void) | undefined;
  // Preact hands its flush to this scheduler when a frame's first effect is queued.
  options.requestAnimationFrame = (flush) => {
    pending = flush;
  };
  const settle = () => {
    while (pending) {
      const flush = pending;
      pending = undefined;
      flush();
    }
  };
  try {
    work(settle);
    settle();
  } finally {
    options.requestAnimationFrame = scheduler;
  }
}
