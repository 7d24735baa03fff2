import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type {
  ConsentLevel,
  GroupDetail,
  LeaderMemberRow,
  MemberPage,
  PathProgress,
} from '#shared/groups.ts';
import { ConsentChoice } from '#client/features/groups/ConsentChoice.tsx';
import { nextSort } from '#client/features/groups/format.ts';
import { LeaderMembers } from '#client/features/groups/MembersPanel.tsx';
import { BehindBadge } from '#client/features/groups/PaceLine.tsx';
import { WhatOthersSee } from '#client/features/groups/WhatOthersSee.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const plan = (daysBehind: number): PathProgress => ({
  kind: 'plan',
  lessonsDone: null,
  lessonsTotal: null,
  nextLesson: null,
  onPlan: true,
  dayReached: 10 - daysBehind,
  expectedDay: 10,
  daysBehind,
  behind: daysBehind >= 3,
  percent: 10,
});

const course = (behind: boolean): PathProgress => ({
  kind: 'course',
  lessonsDone: 2,
  lessonsTotal: 18,
  nextLesson: { id: 'l3', title: 'Prayer' },
  onPlan: null,
  dayReached: null,
  expectedDay: 3,
  daysBehind: 0,
  behind,
  percent: 11,
});

describe('sorting the member list', () => {
  it('flips the order of the same column, and starts a new one where it is most useful', () => {
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({
      sort: 'name',
      order: 'desc',
    });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    });
    // Names A→Z; figures largest (furthest behind, most recent) first.
    expect(nextSort({ sort: 'progress', order: 'asc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(nextSort({ sort: 'name', order: 'asc' }, 'behind')).toEqual({
      sort: 'behind',
      order: 'desc',
    });
    expect(nextSort({ sort: 'behind', order: 'desc' }, 'lastActive')).toEqual({
      sort: 'lastActive',
      order: 'desc',
    });
  });
});

describe('the behind flag', () => {
  it('says nothing on pace, counts days behind on a plan, and flags 3 or more', () => {
    const { rerender } = renderWithProviders(<BehindBadge progress={plan(0)} />);
    expect(screen.queryByText(/behind/)).toBeNull();
    rerender(<BehindBadge progress={plan(2)} />);
    // Not flagged: no warning icon.
    expect(screen.getByText('2 days behind').querySelector('svg')).toBeNull();
    rerender(<BehindBadge progress={plan(3)} />);
    expect(screen.getByText('3 days behind').querySelector('svg')).not.toBeNull();
  });

  it('says when a course is behind the lessons due, in the reader’s language', async () => {
    const { rerender } = renderWithProviders(<BehindBadge progress={course(false)} />);
    expect(screen.queryByText(/behind/)).toBeNull();
    rerender(<BehindBadge progress={course(true)} />);
    expect(screen.getByText("Behind the group's pace")).toBeInTheDocument();
    await i18n.changeLanguage('es');
    try {
      rerender(<BehindBadge progress={plan(1)} />);
      expect(await screen.findByText('1 día de atraso')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

function Choice({
  onChange,
  missing,
}: {
  onChange: (level: ConsentLevel) => void;
  missing?: boolean;
}) {
  const [level, setLevel] = useState<ConsentLevel | null>(null);
  return (
    <ConsentChoice
      value={level}
      missing={missing}
      onChange={(next) => {
        setLevel(next);
        onChange(next);
      }}
    />
  );
}

describe('the consent choice', () => {
  it('offers the three levels, explained, none chosen until the member chooses', async () => {
    const chosen: ConsentLevel[] = [];
    renderWithProviders(<Choice onChange={(l) => chosen.push(l)} />);
    const group = screen.getByRole('group', { name: 'What the leader and co-leaders may see' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Progress' })).toHaveAccessibleDescription(
      /^Also your lessons completed on the group's course, .* the last day you used Camino \(for anything\)/,
    );
    expect(within(group).getByText(/never see your journal/)).toBeInTheDocument();
    expect(within(group).queryByRole('alert')).toBeNull();
    await userEvent.click(within(group).getByText('Membership only'));
    expect(within(group).getByRole('radio', { name: 'Membership only' })).toBeChecked();
    await userEvent.click(within(group).getByText('Progress and chosen reflections'));
    expect(chosen).toEqual(['membership', 'reflections']);
  });

  it('says what is missing when the member tried to join without choosing, and moves the focus there', () => {
    renderWithProviders(<Choice onChange={() => undefined} missing />);
    const group = screen.getByRole('group', { name: 'What the leader and co-leaders may see' });
    expect(within(group).getByRole('alert')).toHaveTextContent(
      'Choose what the leader and co-leaders may see, then join.',
    );
    expect(group).toHaveAccessibleDescription(
      'Choose what the leader and co-leaders may see, then join.',
    );
    expect(within(group).getByRole('radio', { name: 'Membership only' })).toHaveFocus();
  });
});

const row = (patch: Partial<LeaderMemberRow>): LeaderMemberRow => ({
  memberId: 'm1',
  firstName: 'Ana',
  lastName: 'Ruiz',
  role: 'member',
  level: 'progress',
  joinedAt: '2026-11-01T00:00:00.000Z',
  progress: { path: plan(4), lastActiveDay: '2026-11-20', currentStreak: 2 },
  sharedReflections: 0,
  ...patch,
});

const group = {
  id: '0b6f3c1e-9a4d-4c1b-8f5e-2d7a6b9c0e11',
  memberCount: 2,
  me: { memberId: 'me', role: 'leader', level: 'progress', muted: false, joinedAt: '' },
  leaders: [{ firstName: 'Rut', lastName: 'Moabita', role: 'leader', me: true }],
} as unknown as GroupDetail;

describe("the leaders' member list", () => {
  it('shows each member by what they consented to, and sorts on the server', async () => {
    const page = (rows: LeaderMemberRow[]): MemberPage => ({
      kind: 'leader',
      leaderRows: rows,
      visibleRows: [],
      total: rows.length,
      page: 1,
      pageSize: 50,
    });
    const calls = stubFetch(() =>
      json(
        200,
        page([
          row({}),
          row({ memberId: 'm2', firstName: 'Luis', level: 'membership', progress: null }),
        ]),
      ),
    );
    renderWithProviders(<LeaderMembers group={group} onEncourage={() => undefined} />);
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('4 days behind')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Day 6 read')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Membership only: shares no progress')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/behind/)).toBeNull();
    expect(calls.at(-1)!.url).toBe(`/api/groups/${group.id}/members?sort=name&order=asc&page=1`);
    // The column's button asks the server for that order, then the other way round.
    await userEvent.click(screen.getByRole('button', { name: 'Pace' }));
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        `/api/groups/${group.id}/members?sort=behind&order=desc&page=1`,
      ),
    );
    expect(screen.getByRole('columnheader', { name: 'Pace' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pace' }));
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        `/api/groups/${group.id}/members?sort=behind&order=asc&page=1`,
      ),
    );
  });
});

describe('what others see of me', () => {
  const detail = (patch: {
    level: 'membership' | 'progress' | 'reflections';
    role?: 'leader' | 'co-leader' | 'member';
    membersSeeReflections?: boolean;
  }) =>
    ({
      id: 'g1',
      membersSeeReflections: patch.membersSeeReflections ?? false,
      me: { memberId: 'me', role: patch.role ?? 'member', level: patch.level, muted: false },
    }) as unknown as GroupDetail;
  const section = (name: string) =>
    screen.getByRole('heading', { name, level: 3 }).closest('section') as HTMLElement;
  const items = (name: string) =>
    within(section(name))
      .getAllByRole('listitem')
      .map((li) => li.firstChild?.textContent?.trim());

  it('at "Membership only", private profile: the leaders see the list row only, the members nothing', () => {
    renderWithProviders(
      <WhatOthersSee
        group={detail({ level: 'membership' })}
        preferences={{ profileVisibility: false, activitySharing: true }}
      />,
    );
    const leaders = within(section('The leader and co-leaders'));
    expect(leaders.getAllByText('Your first and last name')[0]).toBeInTheDocument();
    expect(leaders.getByText('The date you joined')).toBeInTheDocument();
    expect(leaders.queryByText('Your current streak')).toBeNull();
    expect(items('The leader and co-leaders')).toEqual([
      'In the member list',
      'Your first and last name',
      'Whether you are the leader, a co-leader or a member',
      'What you chose to share with this group',
      'The date you joined',
      'How many reflections you shared with the group',
      'Your progress Not at the level you chose in this group.',
      'Each reflection you share Not at the level you chose in this group.',
      // At any level: the leaders record who came to their meetings.
      'The meetings you came to, as the leaders record them',
      'The date of each meeting recorded',
      'Whether you came',
      // At any level: only the requests the member shares, one by one.
      'Each prayer request you share with the group, until you stop sharing it',
      'Your first and last name',
      'Its title',
      'Its details',
      'Whether you marked it urgent',
      'Whether it was answered',
      'When you shared it',
    ]);
    expect(items('The other members')).toEqual([
      'In the member list Not while Profile visibility is off.',
      expect.stringMatching(/^Your milestones .* Not at the level you chose in this group\.$/),
      'Each reflection you share with everyone Not at the level you chose in this group.',
    ]);
  });

  it('at "Progress and chosen reflections", visible, sharing activity, reflections open: all of it, in Spanish too', async () => {
    renderWithProviders(
      <WhatOthersSee
        group={detail({ level: 'reflections', membersSeeReflections: true })}
        preferences={{ profileVisibility: true, activitySharing: true }}
      />,
    );
    const leaders = within(section('The leader and co-leaders'));
    for (const text of [
      'The last day you used Camino (for anything)',
      "Whether you are behind the group's pace, and by how much",
      'Its text, as you write it',
    ]) {
      expect(leaders.getByText(text)).toBeInTheDocument();
    }
    const members = within(section('The other members'));
    expect(members.getByText('Which badge')).toBeInTheDocument();
    expect(members.getAllByText('Your first and last name')).toHaveLength(3);
    expect(members.queryByText(/^Not /)).toBeNull();
    await i18n.changeLanguage('es');
    try {
      await screen.findByRole('heading', { name: 'Lo que otros ven de mí' });
      expect(screen.getAllByText('Tu nombre y apellido').length).toBeGreaterThan(0);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
