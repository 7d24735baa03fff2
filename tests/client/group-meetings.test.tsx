import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupDetail, LeaderMemberRow, MemberPage } from '#shared/groups.ts';
import type { GroupPrayers } from '#shared/group-prayers.ts';
import type { MeetingList, MeetingReport } from '#shared/meetings.ts';
import type { SheetList } from '#shared/sheets.ts';
import { MeetingsPanel } from '#client/features/groups/MeetingsPanel.tsx';
import { i18n } from '#client/lib/i18n.ts';
import * as outbox from '#client/lib/outbox.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const GROUP = '0b6f3c1e-9a4d-4c1b-8f5e-2d7a6b9c0e11';
const MEETINGS_URL = `/api/groups/${GROUP}/meetings`;
const SHEETS_URL = `/api/groups/${GROUP}/sheets`;
const PRAYERS_URL = `/api/groups/${GROUP}/prayers`;
/** One request a member shared (active) and one answered since, which is not offered. */
const PRAYERS: GroupPrayers = {
  mine: [],
  shared: [
    {
      prayerId: 'p1',
      firstName: 'Ana',
      lastName: 'Ruiz',
      title: 'Her mother’s health',
      description: '',
      urgent: true,
      status: 'active',
      sharedOn: '2026-03-10T10:00:00.000Z',
    },
    {
      prayerId: 'p2',
      firstName: 'Luis',
      lastName: 'Pérez',
      title: 'A new job',
      description: '',
      urgent: false,
      status: 'answered',
      sharedOn: '2026-03-01T10:00:00.000Z',
    },
  ],
};
const membersUrl = (page: number) =>
  `/api/groups/${GROUP}/members?sort=name&order=asc&page=${page}`;
/** The members' list comes in pages of this many (the server's is larger): two pages here. */
const PAGE_SIZE = 5;

const group = (patch: Partial<GroupDetail> = {}) =>
  ({
    id: GROUP,
    memberCount: 8,
    path: { kind: 'course', courseId: 'discipleship-101' },
    lessons: [
      { id: 'l1', title: 'New life in Christ' },
      { id: 'l2', title: 'Prayer' },
    ],
    me: { memberId: 'm5', role: 'leader', level: 'progress', muted: false, joinedAt: '' },
    ...patch,
  }) as unknown as GroupDetail;

const member = (memberId: string, firstName: string, lastName: string): LeaderMemberRow => ({
  memberId,
  firstName,
  lastName,
  role: memberId === 'm5' ? 'leader' : 'member',
  level: 'membership',
  joinedAt: '2026-01-01T00:00:00.000Z',
  progress: null,
  sharedReflections: 0,
});

/** By name, as the server sorts them; one keeps both names empty. */
const MEMBERS = [
  member('m8', '', ''),
  member('m1', 'Ana', 'Ruiz'),
  member('m2', 'Luis', 'Pérez'),
  member('m3', 'Marta', 'Gómez'),
  member('m4', 'Pedro', 'Díaz'),
  member('m5', 'Rut', 'Moabita'),
  member('m6', 'Sofía', 'Vega'),
  member('m7', 'Tomás', 'León'),
];

const SHEETS: SheetList = {
  canEdit: true,
  items: [
    {
      id: 's1',
      title: 'The Good Shepherd',
      passages: [],
      questions: [],
      prayer: '',
      note: '',
      audience: 'group',
      url: '/sheet/tok-one',
      updatedAt: '2026-03-05T10:00:00.000Z',
    },
  ],
};

const report = (patch: Partial<MeetingReport> = {}): MeetingReport => ({
  id: 'r1',
  heldOn: '2026-03-12',
  present: ['m1', 'm2', 'm3', 'm4', 'm6', 'm7'],
  members: 8,
  visitors: 2,
  visitorNames: 'Eva, Juan',
  covered: { kind: 'sheet', id: 's1', title: 'The Good Shepherd' },
  prayer: 'Work for Luis’s brother',
  note: 'We met at Marta’s',
  createdAt: '2026-03-12T21:00:00.000Z',
  ...patch,
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The meetings API (and the member list and sheets the form reads), answering as the server
 * would; `refuse` answers the next write with that response, `offline` fails every write as a
 * lost network does.
 */
function server(initial: MeetingList) {
  let list = initial;
  const writes: Sent[] = [];
  const state = { refuse: null as Response | null, offline: false };
  const calls = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET') {
      if (url === MEETINGS_URL) return json(200, list);
      if (url === SHEETS_URL) return json(200, SHEETS);
      if (url === PRAYERS_URL) return json(200, PRAYERS);
      const page = /members\?sort=name&order=asc&page=(\d+)$/.exec(url);
      if (page) {
        const n = Number(page[1]);
        const body: MemberPage = {
          kind: 'leader',
          leaderRows: MEMBERS.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE),
          visibleRows: [],
          total: MEMBERS.length,
          page: n,
          pageSize: PAGE_SIZE,
        };
        return json(200, body);
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    writes.push({ method, url, body });
    if (state.offline) throw new TypeError('Failed to fetch');
    if (state.refuse) {
      const refusal = state.refuse;
      state.refuse = null;
      return refusal;
    }
    if (method === 'POST' && url === MEETINGS_URL) {
      const b = body as Omit<MeetingReport, 'createdAt'> & { covered: { id: string } | null };
      const made = report({
        ...b,
        covered: b.covered ? { kind: 'sheet', id: b.covered.id, title: 'The Good Shepherd' } : null,
        createdAt: '2026-03-19T21:00:00.000Z',
      });
      list = { ...list, reports: [made, ...(list.reports ?? [])] };
      return json(201, made);
    }
    if (method === 'DELETE') {
      const id = url.slice(MEETINGS_URL.length + 1);
      list = { ...list, reports: (list.reports ?? []).filter((r) => r.id !== id) };
      return new Response(null, { status: 204 });
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return { calls, writes, state };
}

/** Today in the device's calendar, as the date field starts. */
function today() {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const leaderList = (reports: MeetingReport[] = []): MeetingList => ({
  canRecord: true,
  reports,
  mine: [],
});

const rows = () => screen.getAllByTestId('meeting');

/** Opens the form and waits for the member list in it. */
async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Record a meeting' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record a meeting' });
  await waitFor(() => expect(within(dialog).getAllByTestId('attendee')).toHaveLength(8));
  return dialog;
}

const toggle = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name, pressed: false });

describe('meeting reports, for a leader', () => {
  it('records a meeting in a dozen taps: six members, two visitors, a sheet', async () => {
    const user = userEvent.setup();
    const { writes, calls } = server(leaderList());
    renderWithProviders(<MeetingsPanel group={group()} />);
    expect(await screen.findByText('No meetings recorded yet.')).toBeInTheDocument();
    expect(screen.getByText(/^After each meeting, record who came/)).toBeInTheDocument();

    let taps = 0;
    const tap = async (element: HTMLElement) => {
      taps += 1;
      await user.click(element);
    };
    await tap(screen.getByRole('button', { name: 'Record a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a meeting' });
    await waitFor(() => expect(within(dialog).getAllByTestId('attendee')).toHaveLength(8));
    // Every member, from both pages of the member list, by name; one keeps theirs private.
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining([membersUrl(1), membersUrl(2)]));
    expect(
      within(dialog)
        .getAllByTestId('attendee')
        .map((b) => b.textContent),
    ).toEqual([
      'A member who keeps their name private',
      'Ana Ruiz',
      'Luis Pérez',
      'Marta Gómez',
      'Pedro Díaz',
      'Rut Moabita',
      'Sofía Vega',
      'Tomás León',
    ]);
    const date = within(dialog).getByLabelText('Date of the meeting');
    expect(date).toHaveValue(today());
    expect(date).toHaveAttribute('max', today());
    const count = within(dialog).getByRole('status');
    expect(count).toHaveTextContent('0 of 8');

    for (const name of ['Ana Ruiz', 'Luis Pérez', 'Marta Gómez', 'Pedro Díaz']) {
      await tap(toggle(dialog, name));
    }
    // A second tap takes a member out again.
    await user.click(toggle(dialog, 'Rut Moabita'));
    await user.click(within(dialog).getByRole('button', { name: 'Rut Moabita', pressed: true }));
    for (const name of ['Sofía Vega', 'Tomás León']) await tap(toggle(dialog, name));
    expect(count).toHaveTextContent('6 of 8');
    expect(within(dialog).getByRole('button', { name: 'Ana Ruiz' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const visitors = within(dialog).getByRole('spinbutton', { name: 'Visitors' });
    expect(visitors).toHaveValue(0);
    expect(within(dialog).queryByRole('textbox', { name: /first names/ })).toBeNull();
    await tap(within(dialog).getByRole('button', { name: 'One visitor more' }));
    await tap(within(dialog).getByRole('button', { name: 'One visitor more' }));
    expect(visitors).toHaveValue(2);
    expect(
      within(dialog).getByRole('textbox', { name: 'Visitors’ first names (optional)' }),
    ).toHaveValue('');

    // Not said, the group's sheets, the course's lessons.
    const covered = within(dialog).getByRole('combobox', { name: 'What you studied (optional)' });
    expect(covered).toHaveValue('');
    expect(within(covered).getByRole('group', { name: 'Study sheets' })).toBeInTheDocument();
    expect(
      within(within(covered).getByRole('group', { name: 'Lessons of the course' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New life in Christ', 'Prayer']);
    // Opening the list, then choosing.
    taps += 2;
    await user.selectOptions(covered, 'The Good Shepherd');

    await tap(within(dialog).getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(taps).toBeLessThanOrEqual(12);

    expect(writes).toHaveLength(1);
    const [post] = writes as [Sent];
    expect([post.method, post.url]).toEqual(['POST', MEETINGS_URL]);
    expect(post.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      heldOn: today(),
      present: ['m1', 'm2', 'm3', 'm4', 'm6', 'm7'],
      visitors: 2,
      visitorNames: '',
      covered: { kind: 'sheet', id: 's1' },
      prayer: '',
      note: '',
    });
    expect(await screen.findByText('Meeting recorded')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('6 of 8 members · 2 visitors')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Covered: The Good Shepherd')).toBeInTheDocument();
    // The focus is back on the button that opened the form.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Record a meeting' })).toHaveFocus(),
    );
  });

  it('marks everyone or no one at once, and types the visitors’ number', async () => {
    const user = userEvent.setup();
    server(leaderList());
    renderWithProviders(<MeetingsPanel group={group()} />);
    const dialog = await openForm(user);
    const count = within(dialog).getByRole('status');
    await user.click(within(dialog).getByRole('button', { name: 'Everyone' }));
    expect(count).toHaveTextContent('8 of 8');
    expect(within(dialog).queryAllByRole('button', { pressed: false })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'No one' }));
    expect(count).toHaveTextContent('0 of 8');

    const visitors = within(dialog).getByRole('spinbutton', { name: 'Visitors' });
    const fewer = within(dialog).getByRole('button', { name: 'One visitor fewer' });
    // None to take away: the button says so, and keeps its focus.
    expect(fewer).toHaveAttribute('aria-disabled', 'true');
    await user.clear(visitors);
    await user.type(visitors, '12');
    expect(visitors).toHaveValue(12);
    await user.click(fewer);
    expect(visitors).toHaveValue(11);
    expect(fewer).not.toHaveAttribute('aria-disabled');
  });

  it('says a refusal in the form, keeps what was marked, and sends the same id again', async () => {
    const user = userEvent.setup();
    const { writes, state } = server(leaderList());
    renderWithProviders(<MeetingsPanel group={group()} />);
    const dialog = await openForm(user);
    await user.click(toggle(dialog, 'Ana Ruiz'));
    const prayerBox = within(dialog).getByRole('textbox', {
      name: 'Prayer needs you heard (leaders only)',
    });
    await user.type(prayerBox, 'Pray for the trip');
    expect(prayerBox).toHaveAccessibleDescription(
      'Add what members shared below, or write only what the person was glad to share with the group’s leaders.',
    );
    // What a member shared is offered (the answered one is not), added once with a tap.
    const add = await within(dialog).findByRole('button', {
      name: 'Add to the report: Ana Ruiz: Her mother’s health',
    });
    expect(within(dialog).queryByRole('button', { name: /A new job/ })).toBeNull();
    await user.click(add);
    expect(prayerBox).toHaveValue('Pray for the trip\nAna Ruiz: Her mother’s health');
    expect(add).toBeDisabled();

    state.refuse = json(400, {
      code: 'MEETING_DATE',
      message: 'Choose the date of a meeting held in the last 60 days.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose the date of a meeting held in the last 60 days.',
    );
    expect(within(dialog).getByRole('button', { name: 'Ana Ruiz' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Prayer needs you heard (leaders only)' }),
    ).toHaveValue('Pray for the trip\nAna Ruiz: Her mother’s health');
    expect(screen.queryByText('The report could not be saved. Try again.')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toHaveLength(2);
    const ids = writes.map((w) => (w.body as { id: string }).id);
    expect(ids[1]).toBe(ids[0]);
    expect((writes[1]!.body as { prayer: string }).prayer).toBe(
      'Pray for the trip\nAna Ruiz: Her mother’s health',
    );
  });

  it('refuses a date in the future before sending anything', async () => {
    const user = userEvent.setup();
    const { writes } = server(leaderList());
    renderWithProviders(<MeetingsPanel group={group()} />);
    const dialog = await openForm(user);
    const date = within(dialog).getByLabelText('Date of the meeting');
    await user.clear(date);
    await user.type(date, '2999-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose a date in the last 60 days, up to today.',
    );
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveFocus();
    expect(writes).toHaveLength(0);
  });

  describe('with no network', () => {
    afterEach(() => {
      // The page saw the network fail: it is back, for the tests that follow.
      window.dispatchEvent(new Event('online'));
    });

    it('keeps the report in the outbox, closes the form as saved and lists it as waiting', async () => {
      const user = userEvent.setup();
      const queueWrite = vi.spyOn(outbox, 'queueWrite').mockResolvedValue(undefined);
      const { writes, state } = server(leaderList());
      renderWithProviders(<MeetingsPanel group={group()} />);
      const dialog = await openForm(user);
      await user.click(toggle(dialog, 'Ana Ruiz'));
      await user.click(toggle(dialog, 'Luis Pérez'));
      await user.click(within(dialog).getByRole('button', { name: 'One visitor more' }));
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Visitors’ first names (optional)' }),
        'Eva',
      );
      await user.selectOptions(
        within(dialog).getByRole('combobox', { name: 'What you studied (optional)' }),
        'Prayer',
      );
      await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Rain');

      state.offline = true;
      await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      expect(writes).toHaveLength(1);
      const body = writes[0]!.body as { id: string };
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        heldOn: today(),
        present: ['m1', 'm2'],
        visitors: 1,
        visitorNames: 'Eva',
        covered: { kind: 'lesson', id: 'l2' },
        prayer: '',
        note: 'Rain',
      });
      expect(queueWrite).toHaveBeenCalledTimes(1);
      expect(queueWrite).toHaveBeenCalledWith({
        key: `meeting:${body.id}`,
        method: 'POST',
        url: MEETINGS_URL,
        body,
      });
      expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
      expect(screen.getByText('The report is sent when you are back online.')).toBeInTheDocument();
      // Shown in the list meanwhile, with what the form knew.
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(within(rows()[0]!).getByText('2 of 8 members · 1 visitor (Eva)')).toBeInTheDocument();
      expect(within(rows()[0]!).getByText('Covered: Prayer')).toBeInTheDocument();
    });

    it('says the report was not saved when the device cannot keep it either', async () => {
      const user = userEvent.setup();
      vi.spyOn(outbox, 'queueWrite').mockRejectedValue(new Error('IndexedDB is not available'));
      const { state } = server(leaderList());
      renderWithProviders(<MeetingsPanel group={group()} />);
      const dialog = await openForm(user);
      await user.click(toggle(dialog, 'Ana Ruiz'));
      state.offline = true;
      await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'The report could not be saved. Try again.',
      );
      expect(within(dialog).getByRole('button', { name: 'Ana Ruiz' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });
  });

  it('charts the attendance, oldest first, with an accessible name and its figures as a list', async () => {
    const reports = [
      report({ id: 'r3', heldOn: '2026-03-19', present: ['m1', 'm2'], visitors: 0 }),
      report({ id: 'r2', heldOn: '2026-03-12', visitors: 2 }),
      report({ id: 'r1', heldOn: '2026-03-05', present: ['m1'], visitors: 1 }),
    ];
    server(leaderList(reports));
    renderWithProviders(<MeetingsPanel group={group()} />);
    const chart = await screen.findByRole('img', { name: 'Attendance, meeting by meeting' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    const figure = chart.closest('figure')!;
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mar 5, 2026: members 1, visitors 1',
      'Mar 12, 2026: members 6, visitors 2',
      'Mar 19, 2026: members 2, visitors 0',
    ]);
    expect(within(figure).getByText('Members')).toBeInTheDocument();
    expect(within(figure).getByText('Visitors')).toBeInTheDocument();
    // The reports, newest first, with the leaders' prayer note.
    expect(rows().map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Mar 19, 2026',
      'Mar 12, 2026',
      'Mar 5, 2026',
    ]);
    const second = rows()[1]!;
    expect(within(second).getByText('6 of 8 members · 2 visitors (Eva, Juan)')).toBeInTheDocument();
    expect(within(second).getByText('Prayer needs (leaders only)')).toBeInTheDocument();
    expect(within(second).getByText('Work for Luis’s brother')).toBeInTheDocument();
    expect(within(second).getByText('We met at Marta’s')).toBeInTheDocument();
    // Who came, by name (from the member list).
    await waitFor(() =>
      expect(
        within(second).getByText(
          'Ana Ruiz, Luis Pérez, Marta Gómez, Pedro Díaz, Sofía Vega, Tomás León',
        ),
      ).toBeInTheDocument(),
    );
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    server(leaderList([report()]));
    renderWithProviders(<MeetingsPanel group={group()} />);
    expect(
      await screen.findByRole('img', { name: 'Asistencia, reunión por reunión' }),
    ).toBeInTheDocument();
    expect(
      within(rows()[0]!).getByText('6 de 8 miembros · 2 visitas (Eva, Juan)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar una reunión' })).toBeInTheDocument();
  });

  it('asks before deleting a report, then deletes it', async () => {
    const user = userEvent.setup();
    const { writes } = server(
      leaderList([report({ id: 'r2' }), report({ id: 'r1', heldOn: '2026-03-05' })]),
    );
    renderWithProviders(<MeetingsPanel group={group()} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const remove = within(rows()[0]!).getByRole('button', {
      name: 'Delete report of Mar 12, 2026',
    });
    await user.click(remove);
    const ask = await screen.findByRole('alertdialog', { name: 'Delete this meeting’s report?' });
    expect(ask).toHaveTextContent(
      'The attendance of Mar 12, 2026 is removed for everyone, members included.',
    );
    expect(writes).toHaveLength(0);

    // Cancel: nothing deleted, and the focus is back on the row's button.
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.body.style.pointerEvents).toBe(''));
    await waitFor(() =>
      expect(
        within(rows()[0]!).getByRole('button', { name: 'Delete report of Mar 12, 2026' }),
      ).toHaveFocus(),
    );
    expect(writes).toHaveLength(0);

    await user.click(within(rows()[0]!).getByRole('button', { name: /^Delete report of/ }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete this meeting’s report?' });
    await user.click(within(again).getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(writes.map((w) => [w.method, w.url])).toEqual([['DELETE', `${MEETINGS_URL}/r2`]]);
    expect(await screen.findByText('Report deleted')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Mar 5, 2026')).toBeInTheDocument();
    // Its row is gone: the focus is on the panel's heading, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Meetings' })).toHaveFocus());
  });
});

describe('meeting reports, for a member', () => {
  const memberGroup = () =>
    group({
      me: { memberId: 'm2', role: 'member', level: 'progress', muted: false, joinedAt: '' },
    });

  it('shows only their own attendance: no reports, no chart, no record button', async () => {
    const { calls } = server({
      canRecord: false,
      reports: null,
      mine: [
        { heldOn: '2026-03-19', present: true },
        { heldOn: '2026-03-12', present: false },
        { heldOn: '2026-03-05', present: true },
      ],
    });
    renderWithProviders(<MeetingsPanel group={memberGroup()} />);
    expect(
      await screen.findByText('You came to 2 of 3 meetings recorded since you joined.'),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('my-meeting').map((li) => li.textContent)).toEqual([
      'Mar 19, 2026: You came',
      'Mar 12, 2026: You were not there',
      'Mar 5, 2026: You came',
    ]);
    expect(screen.queryByRole('button', { name: 'Record a meeting' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('meeting')).toBeNull();
    expect(screen.queryByText(/^After each meeting/)).toBeNull();
    // Nobody's names are asked for.
    expect(calls.some((c) => c.url.includes('/members'))).toBe(false);
  });

  it('says when none was recorded since they joined, in both languages', async () => {
    server({ canRecord: false, reports: null, mine: [] });
    const { unmount } = renderWithProviders(<MeetingsPanel group={memberGroup()} />);
    expect(
      await screen.findByText('Your leaders have not recorded a meeting since you joined.'),
    ).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('es');
    server({ canRecord: false, reports: null, mine: [{ heldOn: '2026-03-05', present: true }] });
    renderWithProviders(<MeetingsPanel group={memberGroup()} />);
    expect(
      await screen.findByText('Viniste a 1 de 1 reunión registrada desde que te uniste.'),
    ).toBeInTheDocument();
  });
});
