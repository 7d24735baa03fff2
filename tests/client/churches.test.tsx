import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChurchDetail, GroupChurch, GroupRhythm, WeekReport } from '#shared/churches.ts';
import ChurchPage from '#client/features/churches/ChurchPage.tsx';
import { GroupChurchCard } from '#client/features/groups/GroupChurchCard.tsx';
import { RhythmCard } from '#client/features/groups/RhythmCard.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { Route, Routes } from '#client/lib/router.tsx';
import { json, renderWithProviders, stubFetch } from './render.tsx';

/** Churches (issue 38 item 4): a group's church card, its rhythm card, a pastor's week. */
const GROUP = '0b6f3c1e-9a4d-4c1b-8f5e-2d7a6b9c0e11';
const CHURCH = '7d1e2f3a-4b5c-4d6e-8f70-112233445566';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const rhythm = (patch: Partial<GroupRhythm> = {}): GroupRhythm => ({
  weekStart: '2026-11-23',
  weekEnd: '2026-11-29',
  aim: 4,
  myDays: 3,
  reached: 2,
  sharing: 5,
  counted: true,
  ...patch,
});

describe("a group's church", () => {
  it('the leader asks with a code: a wrong one is said under the field, the typed code kept', async () => {
    const user = userEvent.setup();
    let state: GroupChurch = { church: null, canChange: true };
    const calls = stubFetch((url, init) => {
      if (init.method === 'PUT') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== 'ABCD-EFGH') {
          return json(404, {
            code: 'NOT_FOUND',
            message: 'No church has this code. Check it with your pastor.',
          });
        }
        state = { church: { name: 'Grace Chapel', status: 'pending' }, canChange: true };
        return json(200, state);
      }
      return json(200, state);
    });
    renderWithProviders(<GroupChurchCard groupId={GROUP} groupName="Thursday cell" />);
    const field = await screen.findByLabelText('Church code');
    await user.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(field, 'WXYZ-2345');
    await user.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(
      await screen.findByText('No church has this code. Check it with your pastor.'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('WXYZ-2345');
    await user.clear(field);
    await user.type(field, 'ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(
      await screen.findByText('Waiting for the pastors of Grace Chapel to approve the group.'),
    ).toBeInTheDocument();
    const puts = calls.filter((c) => c.init.method === 'PUT');
    expect(puts.map((c) => c.url)).toEqual([
      `/api/groups/${GROUP}/church`,
      `/api/groups/${GROUP}/church`,
    ]);
  });

  it('a member sees the church and what its pastors see, with nothing to change', async () => {
    stubFetch(() =>
      json(200, { church: { name: 'Grace Chapel', status: 'attached' }, canChange: false }),
    );
    renderWithProviders(<GroupChurchCard groupId={GROUP} groupName="Thursday cell" />);
    expect(await screen.findByText('This group is part of Grace Chapel.')).toBeInTheDocument();
    expect(screen.getByText(/Never a member's name/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe("the group's rhythm", () => {
  it('shows my days against my aim and the group as a count; a new aim is sent', async () => {
    const user = userEvent.setup();
    let current = rhythm();
    const calls = stubFetch((_url, init) => {
      if (init.method === 'PUT') {
        current = rhythm({
          aim: (JSON.parse(String(init.body)) as { aim: number }).aim,
          reached: 3,
        });
      }
      return json(200, current);
    });
    renderWithProviders(<RhythmCard groupId={GROUP} />);
    expect(await screen.findByText('You: 3 active days of your aim of 4')).toBeInTheDocument();
    expect(screen.getByText('2 of 5 members reached their aim this week')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('My aim'), '3');
    expect(
      await screen.findByText('3 of 5 members reached their aim this week'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.init.method === 'PUT')?.init.body).toBe(JSON.stringify({ aim: 3 }));
  });

  it('tells a member at "membership only" that they are not counted, in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubFetch(() => json(200, rhythm({ counted: false, myDays: 1 })));
    renderWithProviders(<RhythmCard groupId={GROUP} />);
    expect(await screen.findByText('Tú: 1 día activo de tu meta de 4')).toBeInTheDocument();
    expect(
      screen.getByText('No se te cuenta: elegiste compartir con este grupo solo tu membresía.'),
    ).toBeInTheDocument();
  });
});

describe("a pastor's week", () => {
  const church: ChurchDetail = {
    id: CHURCH,
    name: 'Grace Chapel',
    code: 'ABCD-EFGH',
    timeZone: 'America/Bogota',
    thisWeek: '2026-11-23',
    pastors: [{ name: 'Marta Ríos', me: true }],
    groups: [
      {
        groupId: GROUP,
        name: 'Thursday cell',
        leader: 'Jorge Pérez',
        members: 8,
        since: '2026-10-01T00:00:00.000Z',
      },
    ],
    requests: [],
  };
  const week = (start: string, meetings: number): WeekReport => ({
    churchId: CHURCH,
    churchName: 'Grace Chapel',
    weekStart: start,
    weekEnd: start,
    aim: 4,
    groups: [
      {
        groupId: GROUP,
        name: 'Thursday cell',
        leader: 'Jorge Pérez',
        members: 8,
        meetings,
        attendance: meetings * 6,
        places: meetings * 8,
        visitors: meetings,
        covered: meetings ? ['Who is God?'] : [],
        sharing: 6,
        reachedAim: 4,
      },
    ],
  });

  it('goes back a week, with the CSV of the week shown, and never past this week', async () => {
    const user = userEvent.setup();
    stubFetch((url) => {
      if (url === `/api/churches/${CHURCH}`) return json(200, church);
      const asked = /report\?week=(.+)$/.exec(url)?.[1];
      if (asked) return json(200, week(asked, asked === '2026-11-23' ? 0 : 2));
      return json(404, {});
    });
    renderWithProviders(
      <Routes>
        <Route path="/churches/:id" element={<ChurchPage />} />
      </Routes>,
      { route: `/churches/${CHURCH}` },
    );
    await screen.findByRole('heading', { level: 1, name: 'Grace Chapel' });
    const totals = await screen.findByLabelText("This week's totals");
    expect(within(totals).getByText('0 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next week/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/churches/${CHURCH}/report.csv?week=2026-11-23`,
    );
    await user.click(screen.getByRole('button', { name: /Previous week/ }));
    await waitFor(() => expect(within(totals).getByText('1 of 1')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/churches/${CHURCH}/report.csv?week=2026-11-16`,
    );
    expect(within(totals).getByText('12 · 75%')).toBeInTheDocument();
    expect(within(totals).getByText('4 of 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next week/ })).toBeEnabled();
  });
});
