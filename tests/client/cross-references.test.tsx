import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrossReference, CrossReferences, Verse } from '#shared/schemas/bible.ts';
import { SelectionToolbar } from '#client/features/bible/SelectionToolbar.tsx';
import { StudyCrossReferences } from '#client/features/bible/StudyCrossReferences.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

/**
 * The reader's cross-reference panel and the study lab's list (issue 39 item 3): the links with
 * their text, "More" page by page, a link opening the reader, loading, empty and error states,
 * OpenBible.info's credit line.
 */
const JOHN_3_16: Verse = {
  book: 'John',
  bookName: 'Juan',
  chapter: 3,
  verse: 16,
  text: 'Porque de tal manera amó Dios al mundo…',
  heading: null,
};

const link = (n: number): CrossReference => ({
  reference: n === 0 ? 'Romanos 5:8' : `Salmos ${n}:1`,
  osis: n === 0 ? 'Rom.5.8' : `Ps.${n}.1`,
  book: n === 0 ? 'Rom' : 'Ps',
  chapter: n === 0 ? 5 : n,
  verse: n === 0 ? 8 : 1,
  votes: 1000 - n,
  verses:
    n === 1
      ? [
          { book: 'Ps', chapter: 1, verse: 1, text: 'Bienaventurado el varón…' },
          { book: 'Ps', chapter: 1, verse: 2, text: 'Antes en la ley de Jehová…' },
        ]
      : [{ book: 'Ps', chapter: n, verse: 1, text: `Texto ${n}` }],
});

const TOTAL = 25;
const page = (offset: number, limit: number, total = TOTAL): CrossReferences => ({
  reference: 'Juan 3:16',
  osis: 'John.3.16',
  translation: 'RV1909',
  requestedTranslation: 'RV1909',
  fallback: false,
  total,
  offset,
  limit,
  links: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
    link(offset + i),
  ),
});

function answer(total = TOTAL) {
  return stubFetch((url) => {
    if (!url.startsWith('/api/bible/cross-references')) return json(404, {});
    const q = new URL(url, 'http://x').searchParams;
    return json(200, page(Number(q.get('offset')), Number(q.get('limit')), total));
  });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the reader’s cross-reference panel', () => {
  it('opens from the verse toolbar with the links, their text and the credit; "More" adds the rest', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const calls = answer();
    let cleared = 0;
    renderWithProviders(
      <SelectionToolbar
        selectedVerses={[JOHN_3_16]}
        shown="RV1909"
        translation="RV1909"
        onClear={() => cleared++}
      />,
      { route: '/bible?t=RV1909&b=John&c=3' },
    );
    await user.click(screen.getByRole('button', { name: 'Referencias cruzadas' }));
    // The panel's code arrives when first opened (a second or two under the test runner).
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Referencias cruzadas' },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveAccessibleDescription(/Juan 3:16 · RV1909/);
    expect(await within(dialog).findByText('10 de 25, primero las más votadas')).toBeVisible();
    expect(calls[0]!.url).toBe(
      '/api/bible/cross-references?ref=Juan%203%3A16&translation=RV1909&offset=0&limit=10',
    );
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    // A link opens the reader at its first verse; a range shows every verse, numbered.
    expect(within(items[0]!).getByRole('link', { name: 'Romanos 5:8' })).toHaveAttribute(
      'href',
      '/bible?t=RV1909&b=Rom&c=5&v=8',
    );
    expect(items[1]).toHaveTextContent('1Bienaventurado el varón… 2Antes en la ley de Jehová…');
    // The credit line, with its links.
    expect(within(dialog).getByRole('link', { name: 'OpenBible.info' })).toHaveAttribute(
      'href',
      'https://www.openbible.info/labs/cross-references/',
    );
    expect(within(dialog).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(dialog.querySelector('[data-credit="OpenBible"]')).toHaveTextContent(
      'Referencias cruzadas: OpenBible.info, CC BY 4.0; adaptadas: se omiten los enlaces que los lectores votaron en contra.',
    );

    // "More": the next 15, and the focus on the first of them.
    await user.click(within(dialog).getByRole('button', { name: 'Más (quedan 15)' }));
    expect(await within(dialog).findByText('25 de 25, primero las más votadas')).toBeVisible();
    expect(calls.at(-1)!.url).toContain('offset=10&limit=20');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(25);
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'Salmos 10:1' })).toHaveFocus(),
    );
    expect(within(dialog).queryByRole('button', { name: /Más/ })).toBeNull();

    // Following a link closes the panel and clears the selection.
    await user.click(within(dialog).getByRole('link', { name: 'Salmos 12:1' }));
    expect(cleared).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with Escape, the focus back on its button', async () => {
    const user = userEvent.setup();
    answer();
    renderWithProviders(
      <SelectionToolbar
        selectedVerses={[{ ...JOHN_3_16, bookName: 'John', text: 'For God so loved…' }]}
        shown="KJV"
        translation="KJV"
        onClear={() => undefined}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Cross-references' });
    await user.click(opener);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Cross-references' },
      { timeout: 10_000 },
    );
    expect(await within(dialog).findByText('10 of 25, the most voted first')).toBeVisible();
    // The focus is in the panel (on its close button), and Escape closes it.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('says so when there are none, and when they cannot be read (with a retry)', async () => {
    const user = userEvent.setup();
    answer(0);
    const { unmount } = renderWithProviders(
      <SelectionToolbar
        selectedVerses={[JOHN_3_16]}
        shown="KJV"
        translation="KJV"
        onClear={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cross-references' }));
    expect(
      await screen.findByText(
        'No cross-references are listed for this passage.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    unmount();

    let fail = true;
    stubFetch(() =>
      fail
        ? json(503, {
            code: 'CROSS_REFERENCES_LOADING',
            message: 'The cross-references are being installed. Please try again in a moment.',
          })
        : json(200, page(0, 10)),
    );
    renderWithProviders(
      <SelectionToolbar
        selectedVerses={[JOHN_3_16]}
        shown="KJV"
        translation="KJV"
        onClear={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cross-references' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(
      'The cross-references are being installed. Please try again in a moment.',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('10 of 25, the most voted first')).toBeVisible();
  });
});

describe('the study lab’s cross references', () => {
  it('shows the studied passage’s links in place when asked for, and hides them again', async () => {
    const user = userEvent.setup();
    const calls = answer();
    renderWithProviders(<StudyCrossReferences reference="John 3:16-17" translation="WEB" />);
    const region = screen.getByRole('region', { name: 'Where else Scripture says it' });
    expect(calls).toHaveLength(0);
    // Both words are drawn and the state attribute shows one (no style sheet here: both count).
    const toggle = within(region).getByRole('button', { name: /Show cross-references/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      await within(region).findByText('10 of 25, the most voted first', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(calls[0]!.url).toContain('ref=John%203%3A16-17&translation=WEB');
    expect(within(region).getByRole('link', { name: 'OpenBible.info' })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).getByText('10 of 25, the most voted first')).not.toBeVisible();
    // Shown again: the pages kept, nothing asked again.
    await user.click(toggle);
    expect(within(region).getByText('10 of 25, the most voted first')).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});
