import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sheet, SheetList } from '#shared/sheets.ts';
import { SheetsPanel } from '#client/features/groups/SheetsPanel.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const GROUP = '0b6f3c1e-9a4d-4c1b-8f5e-2d7a6b9c0e11';
const LIST_URL = `/api/groups/${GROUP}/sheets`;

/** The passages the Bible API finds (by what is typed), and their labels. */
const PASSAGES: Record<string, { osis: string; reference: string }> = {
  'John 10:1-18': { osis: 'John.10.1-John.10.18', reference: 'John 10:1-18' },
  'Ps 23': { osis: 'Ps.23.1-Ps.23.6', reference: 'Psalm 23' },
};
const REFERENCE_OF = Object.fromEntries(Object.values(PASSAGES).map((p) => [p.osis, p.reference]));

const sheet = (patch: Partial<Sheet> = {}): Sheet => ({
  id: 's1',
  title: 'The Good Shepherd',
  passages: [
    { osis: 'John.10.1-John.10.18', reference: 'John 10:1-18' },
    { osis: 'Ps.23.1-Ps.23.6', reference: 'Psalm 23' },
  ],
  questions: ['Who is the shepherd?', 'What does he give?'],
  prayer: 'For the ones who are far',
  note: 'Bring a Bible',
  audience: 'group',
  url: '/sheet/tok-one',
  updatedAt: '2026-03-05T10:00:00.000Z',
  ...patch,
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The group's sheets API and the Bible's passage lookup, answering as the server would;
 * `refuse` answers the next write with that response instead.
 */
function server(initial: SheetList) {
  let list = initial;
  const writes: Sent[] = [];
  const state = { refuse: null as Response | null, hold: null as Promise<void> | null };
  const calls = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url.startsWith('/api/bible/passage?')) {
      const ref = new URL(url, 'http://x').searchParams.get('ref')!;
      const found = PASSAGES[ref];
      return found
        ? json(200, { ...found, translation: 'web', verses: [] })
        : json(404, { code: 'VERSE_NOT_FOUND', message: 'Verse Not Found', suggestions: [] });
    }
    if (method === 'GET' && url === LIST_URL) return json(200, list);
    if (method === 'GET') return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    writes.push({ method, url, body });
    if (state.hold) await state.hold;
    if (state.refuse) {
      const refusal = state.refuse;
      state.refuse = null;
      return refusal;
    }
    const fromBody = (b: Record<string, unknown>, base: Sheet): Sheet => ({
      ...base,
      title: b.title as string,
      passages: (b.passages as string[]).map((osis) => ({
        osis,
        reference: REFERENCE_OF[osis] ?? osis,
      })),
      questions: b.questions as string[],
      prayer: b.prayer as string,
      note: b.note as string,
      audience: b.audience as Sheet['audience'],
      updatedAt: '2026-03-06T10:00:00.000Z',
    });
    if (method === 'POST' && url === LIST_URL) {
      const made = fromBody(body!, sheet({ id: body!.id as string, url: '/sheet/tok-new' }));
      list = { ...list, items: [made, ...list.items] };
      return json(201, made);
    }
    const id = url.slice(LIST_URL.length + 1).split('/')[0]!;
    const current = list.items.find((s) => s.id === id)!;
    if (method === 'PUT') {
      const saved = fromBody(body!, current);
      list = { ...list, items: [saved, ...list.items.filter((s) => s.id !== id)] };
      return json(200, saved);
    }
    if (method === 'POST' && url.endsWith('/link')) {
      const relinked = { ...current, url: '/sheet/tok-renewed' };
      list = { ...list, items: list.items.map((s) => (s.id === id ? relinked : s)) };
      return json(200, relinked);
    }
    if (method === 'DELETE') {
      list = { ...list, items: list.items.filter((s) => s.id !== id) };
      return new Response(null, { status: 204 });
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return { calls, writes, state };
}

// jsdom has no popover API: the menu's items close it when chosen (components/ui/Menu.tsx).
const popover = HTMLElement.prototype as unknown as { hidePopover?: () => void };
beforeEach(() => {
  popover.hidePopover ??= () => undefined;
});
afterEach(() => {
  delete popover.hidePopover;
});

const rows = () => screen.getAllByTestId('sheet');
/**
 * An item of a sheet's menu. The menu is the browser's popover, which jsdom never opens (it
 * stays `display: none`), so its items are found among the hidden.
 */
const menuItem = (row: HTMLElement, name: string) =>
  within(row).getByRole('menuitem', { name, hidden: true });

describe("a group's study sheets, for a member", () => {
  it('lists the sheets with an Open link each (a page load, not the app’s router) and no leader actions', async () => {
    server({
      canEdit: false,
      items: [
        sheet(),
        sheet({
          id: 's2',
          title: 'Love is patient',
          passages: [{ osis: '1Cor.13.4-1Cor.13.7', reference: '1 Corinthians 13:4-7' }],
          questions: ['What is love?'],
          audience: 'public',
          url: '/sheet/tok-two',
        }),
      ],
    });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    expect(screen.getByRole('heading', { name: 'Study sheets' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByText('John 10:1-18; Psalm 23')).toBeInTheDocument();
    expect(within(first).getByText('2 questions · Updated Mar 5, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Group members only')).toBeInTheDocument();
    expect(within(second).getByText('1 question · Updated Mar 5, 2026')).toBeInTheDocument();
    expect(within(second).getByText('Anyone with the link')).toBeInTheDocument();

    const open = within(first).getByRole('link', { name: 'Open the sheet “The Good Shepherd”' });
    expect(open).toHaveAttribute('href', '/sheet/tok-one');
    expect(open).not.toHaveAttribute('target');
    expect(within(second).getByRole('link', { name: /^Open the sheet/ })).toHaveAttribute(
      'href',
      '/sheet/tok-two',
    );
    // The click is the browser's (the app does not take it over): nothing prevents its default.
    let prevented: boolean | null = null;
    const spy = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot load another document
    };
    document.addEventListener('click', spy);
    try {
      fireEvent.click(open);
    } finally {
      document.removeEventListener('click', spy);
    }
    expect(prevented).toBe(false);

    expect(screen.queryByRole('button', { name: 'New sheet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^More for/ })).toBeNull();
    expect(screen.queryByText(/^Prepare the passages/)).toBeNull();
  });

  it('says when the leaders have shared none yet', async () => {
    server({ canEdit: false, items: [] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    expect(
      await screen.findByText('Your leaders have not shared a study sheet yet.'),
    ).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    server({ canEdit: false, items: [sheet()] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    expect(await screen.findByText(/^2 preguntas · Actualizada el/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Abrir la hoja «The Good Shepherd»' }),
    ).toHaveTextContent('Abrir');
  });
});

describe("a group's study sheets, for a leader", () => {
  it('makes a sheet: title, passages looked up (one not found), questions reordered, saved with its OSIS', async () => {
    const user = userEvent.setup();
    const { writes, calls, state } = server({ canEdit: true, items: [] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    expect(await screen.findByText('No study sheets yet.')).toBeInTheDocument();
    expect(screen.getByText(/^Prepare the passages, questions and a prayer/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New sheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'New study sheet' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute('maxLength', '120');
    await user.type(title, 'The Good Shepherd');

    // A reference that names no passage: said under the field, which keeps the text.
    const field = within(dialog).getByRole('textbox', { name: 'Add a passage' });
    await user.type(field, 'Juan 99{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      '“Juan 99” is not a passage we can find. Try “John 3:16” or “Salmo 23”.',
    );
    expect(field).toHaveValue('Juan 99');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/bible/passage?ref=Juan%2099')).toBe(true);

    // Found: added to the list, the field emptied (with the Add button, then with Enter).
    await user.clear(field);
    await user.type(field, 'John 10:1-18');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const passages = () =>
      within(dialog)
        .getAllByRole('listitem')
        .filter((li) => !li.querySelector('textarea'))
        .map((li) => li.textContent);
    await waitFor(() => expect(passages()).toEqual(['John 10:1-18']));
    expect(field).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(field, 'Ps 23{Enter}');
    await waitFor(() => expect(passages()).toEqual(['John 10:1-18', 'Psalm 23']));
    // The same passage again is refused.
    await user.type(field, 'John 10:1-18{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'John 10:1-18 is already on the sheet.',
    );
    expect(passages()).toEqual(['John 10:1-18', 'Psalm 23']);
    await user.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Move up: John 10:1-18' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // Two questions (and a third left empty, dropped when saved); the second moved up.
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    const first = within(dialog).getByRole('textbox', { name: 'Question 1' });
    expect(first).toHaveFocus();
    await user.type(first, 'Who is the shepherd?');
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Question 2' }),
      'What does he give?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    expect(within(dialog).getByRole('textbox', { name: 'Question 3' })).toHaveFocus();
    // A question's buttons name it by its words (an empty one by its place).
    expect(within(dialog).getByRole('button', { name: 'Remove: Question 3' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move up: What does he give?' }));
    expect(within(dialog).getByRole('textbox', { name: 'Question 1' })).toHaveValue(
      'What does he give?',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Question 2' })).toHaveValue(
      'Who is the shepherd?',
    );
    // The moved question's button keeps the focus (now at the top: it does nothing more).
    const up = within(dialog).getByRole('button', { name: 'Move up: What does he give?' });
    expect(up).toHaveFocus();
    expect(up).toHaveAttribute('aria-disabled', 'true');

    // For a new sheet, the group's members only.
    expect(within(dialog).getByRole('radio', { name: 'Group members only' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Anyone with the link' })).not.toBeChecked();

    let release = () => undefined as void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    await user.click(within(dialog).getByRole('button', { name: 'Save sheet' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toHaveLength(1);
    const [post] = writes as [Sent];
    expect(post.method).toBe('POST');
    expect(post.url).toBe(LIST_URL);
    expect(post.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'The Good Shepherd',
      passages: ['John.10.1-John.10.18', 'Ps.23.1-Ps.23.6'],
      questions: ['What does he give?', 'Who is the shepherd?'],
      prayer: '',
      note: '',
      audience: 'group',
    });
    expect(await screen.findByText('Study sheet saved')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('The Good Shepherd')).toBeInTheDocument();
    // The focus is back on the button that opened the editor.
    await waitFor(() => expect(screen.getByRole('button', { name: 'New sheet' })).toHaveFocus());
  });

  it('sends the same id when a new sheet is saved again after a refusal, and loses nothing typed', async () => {
    const user = userEvent.setup();
    const { writes, state } = server({ canEdit: true, items: [] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    await user.click(await screen.findByRole('button', { name: 'New sheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'New study sheet' });
    await user.click(within(dialog).getByRole('button', { name: 'Save sheet' }));
    // A title is needed first (nothing sent).
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This field is required');
    expect(writes).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Prayer night');
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Question 1' }), 'Why pray?');

    state.refuse = json(409, {
      code: 'TOO_MANY_SHEETS',
      message: 'This group has 100 study sheets, the most it keeps. Delete an old one first.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save sheet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This group has 100 study sheets, the most it keeps. Delete an old one first.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Prayer night');
    expect(within(dialog).getByRole('textbox', { name: 'Question 1' })).toHaveValue('Why pray?');
    expect(screen.queryByText('The sheet could not be saved. Try again.')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save sheet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toHaveLength(2);
    const ids = writes.map((w) => (w.body as { id: string }).id);
    expect(ids[1]).toBe(ids[0]);
  });

  it('edits a sheet with a PUT of all its fields; a field the server refuses is marked', async () => {
    const user = userEvent.setup();
    const { writes, state } = server({ canEdit: true, items: [sheet()] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit study sheet' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('The Good Shepherd');
    expect(within(dialog).getByRole('textbox', { name: 'Question 2' })).toHaveValue(
      'What does he give?',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Prayer prompt' })).toHaveValue(
      'For the ones who are far',
    );
    await user.clear(title);
    await user.type(title, 'The Shepherd and the sheep');
    await user.click(within(dialog).getByRole('button', { name: 'Remove: Psalm 23' }));
    await user.click(within(dialog).getByText('Anyone with the link'));
    expect(within(dialog).getByRole('radio', { name: 'Anyone with the link' })).toBeChecked();

    state.refuse = json(400, {
      code: 'VALIDATION',
      message: 'Please check the highlighted fields',
      errors: [{ path: 'questions.1', message: 'Maximum 500 characters allowed' }],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save sheet' }));
    const second = within(dialog).getByRole('textbox', { name: 'Question 2' });
    await waitFor(() => expect(second).toHaveAttribute('aria-invalid', 'true'));
    expect(second).toHaveAccessibleDescription('Maximum 500 characters allowed');
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toContain('Please check the highlighted fields');

    await user.click(within(dialog).getByRole('button', { name: 'Save sheet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.map((w) => [w.method, w.url])).toEqual([
      ['PUT', `${LIST_URL}/s1`],
      ['PUT', `${LIST_URL}/s1`],
    ]);
    expect(writes[1]!.body).toEqual({
      title: 'The Shepherd and the sheep',
      passages: ['John.10.1-John.10.18'],
      questions: ['Who is the shepherd?', 'What does he give?'],
      prayer: 'For the ones who are far',
      note: 'Bring a Bible',
      audience: 'public',
    });
    await waitFor(() =>
      expect(within(rows()[0]!).getByText('The Shepherd and the sheep')).toBeInTheDocument(),
    );
    expect(within(rows()[0]!).getByText('Anyone with the link')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rows()[0]!).getByRole('button', { name: 'Edit' })).toHaveFocus(),
    );
  });

  it('shares the absolute link: WhatsApp and e-mail with the message, Copy link to the clipboard', async () => {
    const user = userEvent.setup();
    server({ canEdit: true, items: [sheet()] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    const share = await screen.findByRole('group', { name: 'Share “The Good Shepherd”' });
    const address = `${window.location.origin}/sheet/tok-one`;
    const message = `Study sheet for our meeting: The Good Shepherd\n${address}`;

    const whatsapp = within(share).getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(message)}`);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(rows()[0]!).getByRole('button', { name: 'More for “The Good Shepherd”' }),
    ).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuItem(rows()[0]!, 'E-mail')).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent('Study sheet: The Good Shepherd')}&body=${encodeURIComponent(message)}`,
    );

    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(share).getByRole('button', { name: 'Copy link' }));
    expect(write).toHaveBeenCalledWith(address);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    // No clipboard (an old browser, a refusal): the link is shown to copy by hand.
    write.mockRejectedValueOnce(new Error('denied'));
    await user.click(within(share).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(`The link could not be copied: ${address}`)).toBeInTheDocument();
  });

  it('asks before deleting a sheet, then deletes it', async () => {
    const user = userEvent.setup();
    const { writes } = server({
      canEdit: true,
      items: [sheet(), sheet({ id: 's2', title: 'Love is patient', url: '/sheet/tok-two' })],
    });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(menuItem(rows()[0]!, 'Delete'));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete “The Good Shepherd”?' });
    expect(ask).toHaveTextContent('Its link stops working for everyone who has it.');
    expect(writes).toHaveLength(0);

    // Cancel: nothing deleted.
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The page takes pointers again once the dialog is gone (Radix), and the focus is back on
    // the row's menu button.
    await waitFor(() => expect(document.body.style.pointerEvents).toBe(''));
    await waitFor(() =>
      expect(
        within(rows()[0]!).getByRole('button', { name: 'More for “The Good Shepherd”' }),
      ).toHaveFocus(),
    );
    expect(writes).toHaveLength(0);

    await user.click(menuItem(rows()[0]!, 'Delete'));
    const again = await screen.findByRole('alertdialog', { name: 'Delete “The Good Shepherd”?' });
    await user.click(within(again).getByRole('button', { name: 'Delete sheet' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(writes.map((w) => [w.method, w.url])).toEqual([['DELETE', `${LIST_URL}/s1`]]);
    expect(await screen.findByText('Study sheet deleted')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Love is patient')).toBeInTheDocument();
    // Its row is gone: the focus is on the panel's heading, not lost.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Study sheets' })).toHaveFocus(),
    );
  });

  it('asks before making a new link, then shows the new one', async () => {
    const user = userEvent.setup();
    const { writes } = server({ canEdit: true, items: [sheet()] });
    renderWithProviders(<SheetsPanel groupId={GROUP} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(menuItem(rows()[0]!, 'New link'));
    const ask = await screen.findByRole('alertdialog', { name: 'Make a new link?' });
    expect(writes).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Open the sheet/ })).toHaveAttribute(
        'href',
        '/sheet/tok-renewed',
      ),
    );
    expect(writes.map((w) => [w.method, w.url])).toEqual([['POST', `${LIST_URL}/s1/link`]]);
    expect(
      await screen.findByText('New link made: the old one no longer opens the sheet'),
    ).toBeInTheDocument();
  });
});
