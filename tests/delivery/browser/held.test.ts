import { afterEach, describe, expect, it, vi } from 'vitest';
import { hold, untracked, type Held } from '#delivery/browser/held.ts';
import { preview } from '#delivery/browser/previews.ts';
import { replay } from '#delivery/app/replay.ts';

/**
 * What a member does before the app has the page (src/delivery/README.md, "Before the app"):
 * held in order, shown at once where the page can, and done again by the app in that order.
 * The "app" here is the handlers a test adds once the holding is released, as hydration adds
 * the app's.
 */

const page = (html: string) => {
  document.body.innerHTML = html;
  return document.body;
};

const click = (element: Element, pointerType = 'touch') =>
  element.dispatchEvent(
    new PointerEvent('click', { bubbles: true, cancelable: true, composed: true, pointerType }),
  );

const type = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) => {
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
};

const choose = (input: HTMLInputElement) => {
  input.checked = input.type === 'radio' ? true : !input.checked;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
};

const $ = <E extends Element = HTMLElement>(selector: string) =>
  document.querySelector<E>(selector)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a press before the app has the page', () => {
  it('on a tab: the tab and its panel are shown at once, and the app chooses it after', () => {
    page(`
      <div role="tablist">
        <button role="tab" id="t1" aria-selected="true" aria-controls="p1" tabindex="0">Active</button>
        <button role="tab" id="t2" aria-selected="false" aria-controls="p2" tabindex="-1">Answered</button>
      </div>
      <div role="tabpanel" id="p1">one</div>
      <div role="tabpanel" id="p2" hidden>two</div>`);
    const wanted = vi.fn();
    const holding = hold(document, wanted);
    click($('#t2'));
    expect(wanted).toHaveBeenCalledTimes(1);
    // Shown at once, before any app: the second tab chosen, its panel in view.
    expect($('#t2').getAttribute('aria-selected')).toBe('true');
    expect($('#t1').getAttribute('aria-selected')).toBe('false');
    expect($('#p2').hidden).toBe(false);
    expect($('#p1').hidden).toBe(true);

    const held = holding.release();
    // The app now handles presses (hydration attached its handlers); it sees the page as drawn.
    const seen: string[] = [];
    const app = (event: Event) => {
      const tab = (event.target as Element).closest('[role="tab"]')!;
      seen.push(`${tab.id} while t1 is ${$('#t1').getAttribute('aria-selected')}`);
    };
    document.addEventListener('click', app);
    replay(held);
    document.removeEventListener('click', app);
    expect(seen).toEqual(['t2 while t1 is true']);
  });

  it('is not held when the browser does it itself: a link, a popover or dialog invoker, a label', () => {
    page(`
      <a href="#x" id="link"><span id="in-link">go</span></a>
      <button id="menu" popovertarget="m" type="button">menu</button><div id="m" popover>items</div>
      <button id="open" commandfor="d" command="show-modal" type="button">open</button><dialog id="d"></dialog>
      <label id="label"><input type="checkbox" id="box"> box</label>
      <form id="form"><button id="send">send</button></form>`);
    const wanted = vi.fn();
    const holding = hold(document, wanted);
    for (const id of ['in-link', 'menu', 'open', 'label']) {
      const event = new PointerEvent('click', { bubbles: true, cancelable: true });
      $(`#${id}`).dispatchEvent(event);
      expect(event.defaultPrevented, id).toBe(false);
    }
    expect(holding.release().filter((h) => h.kind === 'press')).toEqual([]);
    expect(wanted).not.toHaveBeenCalled();
  });

  it('a link followed while a press waits for the app waits its turn: the press, then the link', () => {
    page(`
      <button id="switch" role="switch" aria-checked="true">s</button>
      <a href="/" id="home">home</a> <a href="https://elsewhere.example/" id="away">away</a>`);
    const wanted = vi.fn();
    const holding = hold(document, wanted);
    // Nothing waits yet: the link is the browser's.
    const first = new PointerEvent('click', { bubbles: true, cancelable: true });
    $('#home').dispatchEvent(first);
    expect(first.defaultPrevented).toBe(false);
    click($('#switch'));
    const followed = new PointerEvent('click', { bubbles: true, cancelable: true, button: 0 });
    $('#home').dispatchEvent(followed);
    expect(followed.defaultPrevented).toBe(true);
    // Another site is left at once (nothing of this page's can follow it there).
    const away = new PointerEvent('click', { bubbles: true, cancelable: true });
    $('#away').dispatchEvent(away);
    expect(away.defaultPrevented).toBe(false);
    expect(wanted).toHaveBeenCalledTimes(2);
    const held = holding.release();
    const done: string[] = [];
    const app = (event: Event) => {
      done.push((event.target as Element).id);
      event.preventDefault();
    };
    document.addEventListener('click', app);
    replay(held);
    document.removeEventListener('click', app);
    expect(done).toEqual(['switch', 'home']);
  });

  it('on a switch, a pressed button, a disclosure: each flips; another button shows it is busy', () => {
    page(`
      <button id="switch" role="switch" aria-checked="false" data-state="unchecked">s</button>
      <button id="verse" aria-pressed="false">v</button>
      <button id="more" aria-expanded="false" aria-controls="panel">more</button><div id="panel" hidden></div>
      <button id="save">save</button>`);
    const holding = hold(document, () => undefined);
    for (const id of ['switch', 'verse', 'more', 'save']) click($(`#${id}`));
    expect($('#switch').getAttribute('aria-checked')).toBe('true');
    expect($('#switch').dataset.state).toBe('checked');
    expect($('#verse').getAttribute('aria-pressed')).toBe('true');
    expect($('#more').getAttribute('aria-expanded')).toBe('true');
    expect($('#panel').hidden).toBe(false);
    expect($('#save').getAttribute('aria-busy')).toBe('true');
    const held = holding.release();
    const before = document.body.innerHTML;
    replay(held);
    // Every preview undone (the app, adding no handler here, changed nothing): as drawn.
    expect($('#switch').getAttribute('aria-checked')).toBe('false');
    expect($('#switch').dataset.state).toBe('unchecked');
    expect($('#verse').getAttribute('aria-pressed')).toBe('false');
    expect($('#panel').hidden).toBe(true);
    expect($('#save').hasAttribute('aria-busy')).toBe(false);
    expect(document.body.innerHTML).not.toBe(before);
  });

  it('twice on the same toggle: shown twice, done twice', () => {
    page(`<button id="verse" aria-pressed="false">v</button>`);
    const holding = hold(document, () => undefined);
    click($('#verse'));
    click($('#verse'));
    expect($('#verse').getAttribute('aria-pressed')).toBe('false');
    const held = holding.release();
    let pressed = false;
    $('#verse').addEventListener('click', () => {
      pressed = !pressed;
      $('#verse').setAttribute('aria-pressed', String(pressed));
    });
    replay(held);
    expect(pressed).toBe(false);
    expect($('#verse').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('fields changed before the app has the page', () => {
  it('a radio chosen over the default: only that choice is done again (privacy: never the default)', () => {
    page(`
      <fieldset>
        <input type="radio" name="level" value="membership" id="membership">
        <input type="radio" name="level" value="progress" id="progress" checked>
      </fieldset>`);
    const holding = hold(document, () => undefined);
    choose($<HTMLInputElement>('#membership'));
    // The browser unchecks the other radio without an event for it.
    $<HTMLInputElement>('#progress').checked = false;
    const held = holding.release();
    expect(held.map((h) => h.kind === 'field' && h.field.id)).toEqual(['membership']);
    let level = 'progress';
    for (const radio of document.querySelectorAll('input')) {
      radio.addEventListener('change', () => (level = radio.value));
    }
    replay(held);
    expect(level).toBe('membership');
  });

  it('a time typed and left: its value, then leaving it, so a value saved on leaving is saved', () => {
    page(`<input type="time" id="time" value="19:00"><button id="other">x</button>`);
    const holding = hold(document, () => undefined);
    type($<HTMLInputElement>('#time'), '06:30');
    $<HTMLButtonElement>('#other').focus();
    const held = holding.release();
    expect(held.map((h) => h.kind)).toEqual(['field', 'leave']);
    const events: string[] = [];
    const time = $<HTMLInputElement>('#time');
    time.addEventListener('input', () => events.push(`input ${time.value}`));
    time.addEventListener('blur', () => events.push(`blur ${time.value}`));
    time.value = '19:00'; // what the app's state says, until told
    replay(held);
    expect(events).toEqual(['input 06:30', 'blur 06:30']);
  });

  it('Enter in a field is done again (a value saved on Enter), but not when the field is a checkbox', () => {
    page(`<input id="name"><input type="checkbox" id="box">`);
    const holding = hold(document, () => undefined);
    for (const id of ['name', 'box']) {
      $(`#${id}`).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }
    const held = holding.release();
    expect(held).toEqual([{ kind: 'enter', field: $('#name') }]);
  });

  it('typing is one entry per field and run; the order of fields, presses and forms is kept', () => {
    page(`
      <form id="form"><input id="title"><textarea id="body"></textarea><button id="send">send</button></form>
      <button id="tag" aria-pressed="false">tag</button>`);
    const holding = hold(document, () => undefined);
    const title = $<HTMLInputElement>('#title');
    type(title, 'M');
    type(title, 'Mañana');
    // A finger on a button takes the focus from the field, then the click comes.
    $('#tag').focus();
    click($('#tag'));
    type($<HTMLTextAreaElement>('#body'), 'Gracias');
    // Sent with its button: held, not sent by the browser.
    const submit = new SubmitEvent('submit', {
      bubbles: true,
      cancelable: true,
      submitter: $<HTMLButtonElement>('#send'),
    });
    $('#form').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const held = holding.release();
    expect(held.map(describeHeld)).toEqual([
      'field title Mañana',
      'leave title',
      'press tag',
      'field body Gracias',
      'submit form by send',
    ]);
    const done: string[] = [];
    $('#tag').addEventListener('click', () => done.push('tag'));
    $('#form').addEventListener('submit', (event) => {
      event.preventDefault();
      done.push(`sent ${title.value} ${$<HTMLTextAreaElement>('#body').value}`);
    });
    replay(held);
    expect(done).toEqual(['tag', 'sent Mañana Gracias']);
  });

  it('what was typed before the entry listened is found, and read as typed', () => {
    page(`
      <textarea id="body"></textarea><input id="title" value="drawn">
      <select id="subject"><option value="" selected>Choose</option><option value="tech">Tech</option></select>
      <input type="checkbox" id="box">`);
    $<HTMLTextAreaElement>('#body').value = 'typed early';
    $<HTMLSelectElement>('#subject').value = 'tech';
    $<HTMLInputElement>('#box').checked = true;
    expect(untracked(document.body, []).map(describeHeld)).toEqual([
      'field body typed early',
      'field subject tech',
      'field box on',
    ]);
  });
});

describe('previews', () => {
  it('change only ARIA state, hidden, tabindex and data-state, and undo puts back exactly what was', () => {
    page(`
      <div role="radiogroup">
        <button role="radio" id="en" aria-checked="true">EN</button>
        <button role="radio" id="es" aria-checked="false">ES</button>
      </div>`);
    const before = document.body.innerHTML;
    const undo = preview($('#es'));
    expect($('#es').getAttribute('aria-checked')).toBe('true');
    expect($('#en').getAttribute('aria-checked')).toBe('false');
    undo();
    expect(document.body.innerHTML).toBe(before);
  });
});

function describeHeld(entry: Held): string {
  switch (entry.kind) {
    case 'press':
      return `press ${entry.control.id}`;
    case 'field':
      return `field ${entry.field.id} ${
        entry.field instanceof HTMLInputElement && entry.field.type === 'checkbox'
          ? entry.checked
            ? 'on'
            : 'off'
          : entry.value
      }`;
    case 'leave':
      return `leave ${entry.field.id}`;
    case 'enter':
      return `enter ${entry.field.id}`;
    case 'submit':
      return `submit ${entry.form.id} by ${entry.submitter?.id}`;
  }
}
