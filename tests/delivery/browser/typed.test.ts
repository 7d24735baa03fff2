import { afterEach, describe, expect, it } from 'vitest';
import { hold } from '#delivery/browser/held.ts';
import { keepTypedOnLeave, typedBack, typedIn, typedKey } from '#delivery/browser/typed.ts';
import { replay } from '#delivery/app/replay.ts';
import { anyUnsaved, forgetUnsavedOfOthers } from '#client/lib/unsaved.ts';

/**
 * Text typed before the app has a member's page, and the page left before it came
 * (src/delivery/browser/typed.ts): kept for that member, and typed back into the same field by
 * the app the next time the page opens.
 */

const JOURNAL = `
  <form data-keep-unsaved="journal:new">
    <label for="a">Title</label><input id="a">
    <label for="b">Text</label><textarea id="b"></textarea>
    <input type="checkbox" id="c">
    <input type="password" id="p">
  </form>
  <input id="search" type="search">`;

const page = (html: string) => {
  document.body.innerHTML = html;
  return document.body;
};

const type = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

const $ = <E extends Element = HTMLInputElement>(selector: string) =>
  document.querySelector<E>(selector)!;

const KEY = typedKey({ pathname: '/journal', search: '' });

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
});

describe('text typed before the app, the page left', () => {
  it('keeps the last value of each text field the app keeps, and nothing else', () => {
    page(JOURNAL);
    const holding = hold(document, () => undefined);
    type($('#a'), 'Psa');
    type($('#a'), 'Psalm 23');
    type($<HTMLTextAreaElement>('#b'), 'The Lord is my shepherd.');
    $('#c').click();
    type($('#p'), 'secret');
    type($('#search'), 'grace');
    expect(typedIn(holding.release())).toEqual([
      { keep: 'journal:new', index: 0, kind: 'text', value: 'Psalm 23' },
      { keep: 'journal:new', index: 1, kind: 'textarea', value: 'The Lord is my shepherd.' },
    ]);
  });

  it('comes back only to the member who typed it, once, into the same fields, through the app', () => {
    page(JOURNAL);
    const holding = hold(document, () => undefined);
    type($('#a'), 'Psalm 23');
    type($<HTMLTextAreaElement>('#b'), 'The Lord is my shepherd.');
    keepTypedOnLeave('ana', KEY, holding.held);
    holding.release();
    // Nothing typed: nothing kept (and what was is left as it is).
    keepTypedOnLeave('ana', KEY, []);
    expect(anyUnsaved()).toBe(true);
    expect(JSON.stringify(sessionStorage)).not.toContain('secret');

    // The next visit: the page drawn again (empty, ids generated anew), the app's handlers on it.
    page(JOURNAL.replace('id="a"', 'id="x1"').replace('id="b"', 'id="x2"'));
    const seen: string[] = [];
    document.addEventListener('input', (e) => {
      const field = e.target as HTMLInputElement;
      seen.push(`${field.id}=${field.value}`);
    });
    expect(typedBack(document, 'ben', KEY)).toEqual([]);
    replay(typedBack(document, 'ana', KEY));
    expect(seen).toEqual(['x1=Psalm 23', 'x2=The Lord is my shepherd.']);
    // Given to the app, which keeps it from now on: not here a second time.
    expect(typedBack(document, 'ana', KEY)).toEqual([]);
    expect(anyUnsaved()).toBe(false);
  });

  it('a later visit left again keeps its own words over the earlier ones, field by field', () => {
    page(JOURNAL);
    let holding = hold(document, () => undefined);
    type($('#a'), 'First title');
    type($<HTMLTextAreaElement>('#b'), 'First text');
    keepTypedOnLeave('ana', KEY, holding.release());
    holding = hold(document, () => undefined);
    type($<HTMLTextAreaElement>('#b'), 'Second text');
    keepTypedOnLeave('ana', KEY, holding.release());
    expect(typedBack(document, 'ana', KEY).map((e) => 'value' in e && e.value)).toEqual([
      'First title',
      'Second text',
    ]);
  });

  it('a field no longer there, or of another kind, gets nothing; another page’s key is its own', () => {
    page(JOURNAL);
    const holding = hold(document, () => undefined);
    type($<HTMLTextAreaElement>('#b'), 'Kept');
    keepTypedOnLeave('ana', KEY, holding.release());
    expect(typedBack(document, 'ana', typedKey({ pathname: '/journal', search: '?x=1' }))).toEqual(
      [],
    );
    page('<form data-keep-unsaved="journal:new"><input><input></form>');
    expect(typedBack(document, 'ana', KEY)).toEqual([]);
  });

  it('someone else signing in deletes it, unread', () => {
    page(JOURNAL);
    const holding = hold(document, () => undefined);
    type($<HTMLTextAreaElement>('#b'), 'Private');
    keepTypedOnLeave('ana', KEY, holding.release());
    forgetUnsavedOfOthers('ben');
    expect(typedBack(document, 'ana', KEY)).toEqual([]);
  });
});
