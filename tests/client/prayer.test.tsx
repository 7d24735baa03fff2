import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Prayer, PrayerPage } from '#shared/schemas/prayer.ts';
import { i18n } from '#client/lib/i18n.ts';
import PrayerScreen from '#client/features/prayer/Prayer.tsx';
import { PrayerTimerCard } from '#client/features/prayer/PrayerTimerCard.tsx';
import {
  formatClock,
  initialTimerState,
  remainingMs,
  timerReducer,
  type TimerAction,
  type TimerState,
} from '#client/features/prayer/usePrayerTimer.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

/** The id a write names what it makes with (docs/decisions/0039). */
const UUID = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
);

const MIN = 60_000;

function run(state: TimerState, ...actions: TimerAction[]) {
  return actions.reduce(timerReducer, state);
}

describe('prayer timer reducer', () => {
  it('keeps time from timestamps, so pausing and resuming loses nothing', () => {
    const t0 = 1_000_000;
    let s = run(initialTimerState(10), { type: 'start', now: t0 });
    expect(s.status).toBe('running');
    s = run(s, { type: 'tick', now: t0 + 2 * MIN });
    expect(remainingMs(s)).toBe(8 * MIN);
    s = run(s, { type: 'pause', now: t0 + 3 * MIN });
    expect(s.status).toBe('paused');
    // A long pause does not eat into the prayer time.
    s = run(s, { type: 'tick', now: t0 + 60 * MIN }, { type: 'resume', now: t0 + 60 * MIN });
    expect(remainingMs(s)).toBe(7 * MIN);
    s = run(s, { type: 'tick', now: t0 + 66 * MIN });
    expect(remainingMs(s)).toBe(MIN);
    expect(formatClock(remainingMs(s))).toBe('01:00');
  });

  it('finishes on the first tick after the end, however late (a background tab)', () => {
    const s = run(initialTimerState(5), { type: 'start', now: 0 }, { type: 'tick', now: 42 * MIN });
    expect(s.status).toBe('done');
    expect(s.completed).toEqual({ run: 1, minutes: 5 });
    expect(remainingMs(s)).toBe(0);
    // Further ticks, a reset or a new choice do not count the run again.
    const after = run(s, { type: 'tick', now: 50 * MIN }, { type: 'select', minutes: 15 });
    expect(after.completed).toBe(s.completed);
    expect(after.status).toBe('idle');
    expect(remainingMs(after)).toBe(15 * MIN);
  });

  it('refuses other lengths and changes while a run is under way', () => {
    const idle = initialTimerState(10);
    expect(run(idle, { type: 'select', minutes: 0 })).toBe(idle);
    expect(run(idle, { type: 'select', minutes: 121 })).toBe(idle);
    expect(run(idle, { type: 'select', minutes: 2.5 })).toBe(idle);
    const running = run(idle, { type: 'start', now: 0 });
    expect(run(running, { type: 'select', minutes: 5 })).toBe(running);
    expect(run(running, { type: 'reset' }).status).toBe('idle');
  });

  it('shows minutes and seconds, rounding up', () => {
    expect(formatClock(10 * MIN)).toBe('10:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(59_000)).toBe('00:59');
    expect(formatClock(120 * MIN)).toBe('120:00');
    expect(formatClock(0)).toBe('00:00');
  });
});

describe('prayer timer card', () => {
  afterEach(() => vi.useRealTimers());

  function setup(sessionAnswers: Response[]) {
    const calls = stubFetch((url, init) => {
      if (url === '/api/prayer-sessions' && init.method === 'POST') return sessionAnswers.shift()!;
      if (url.startsWith('/api/prayers?status=active'))
        return json(200, {
          items: [prayer({ title: 'Healing for Rosa', urgent: true })],
          total: 1,
          page: 1,
          pageSize: 20,
          counts: { active: 1, answered: 0 },
        });
      return json(404, { message: 'not found' });
    });
    const view = renderWithProviders(<PrayerTimerCard />);
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    return { calls, invalidate, ...view };
  }

  it('counts down, shows the requests, and records the session at zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, invalidate, queryClient } = setup([
      json(201, {
        id: 's1',
        minutes: 5,
        createdAt: '2025-01-01T00:00:00Z',
        minutesToday: 25,
        badgesAwarded: [],
      }),
    ]);
    queryClient.setQueryData(['/api/dashboard'], { x: 1 });
    queryClient.setQueryData(['/api/goals'], { x: 1 });
    fireEvent.click(screen.getByRole('radio', { name: '5 minutes' }));
    expect(screen.getByRole('radio', { name: '5 minutes' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('timer')).toHaveTextContent('05:00');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Healing for Rosa')).toBeInTheDocument();
    expect(screen.getByText('Pray through your requests')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2 * MIN);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('03:00');
    // The tab sleeps in the background: the clock jumps, no interval runs, then it is seen again.
    act(() => {
      vi.setSystemTime(Date.now() + 3 * MIN);
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    const status = screen.getAllByRole('status').find((el) => el.textContent?.includes('Amen'));
    expect(status).toHaveTextContent('Amen! You prayed for 5 minutes.');
    await waitFor(() => expect(screen.getByText('25 minutes of prayer today.')).toBeVisible());
    const posts = calls.filter((c) => c.url === '/api/prayer-sessions');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ minutes: 5, id: UUID });
    const invalidated = invalidate.mock.calls.map(([filters]) => filters?.predicate);
    const touched = (key: string) =>
      invalidated.some((p) => p?.({ queryKey: [key] } as never) === true);
    expect(touched('/api/dashboard')).toBe(true);
    expect(touched('/api/goals')).toBe(true);
  });

  it('does not lose a session that fails to record: it offers to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup([
      json(500, { message: 'Database unavailable' }),
      json(500, { message: 'Database unavailable' }),
      json(201, {
        id: 's1',
        minutes: 1,
        createdAt: '2025-01-01T00:00:00Z',
        minutesToday: 1,
        badgesAwarded: ['seven-day-streak'],
      }),
    ]);
    const custom = screen.getByLabelText('Custom length (1–120 minutes)');
    fireEvent.change(custom, { target: { value: '121' } });
    expect(screen.getByText('Choose between 1 and 120 minutes.')).toBeInTheDocument();
    fireEvent.change(custom, { target: { value: '1' } });
    expect(screen.getByRole('timer')).toHaveTextContent('01:00');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    act(() => {
      vi.advanceTimersByTime(MIN);
    });
    expect(screen.getByText('Amen! You prayed for 1 minute.')).toBeInTheDocument();
    // The mutation retries once after a second (SPEC §9), then reports the failure.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    expect(await screen.findByText('Your prayer time could not be saved.')).toBeInTheDocument();
    expect(screen.getByText('Your 1 minute of prayer is not saved yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('1 minute of prayer today.')).toBeVisible());
    // This session made a seventh day in a row.
    expect(screen.getByText('7-Day Streak')).toBeInTheDocument();
    const bodies = calls
      .filter((c) => c.url === '/api/prayer-sessions')
      .map((c) => JSON.parse(String(c.init.body)));
    // Sent three times with the id chosen as the run ended: the server counts it once.
    expect(bodies).toEqual([
      { minutes: 1, id: UUID },
      { minutes: 1, id: UUID },
      { minutes: 1, id: UUID },
    ]);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
  });

  it('pauses and resumes', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup([]);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => {
      vi.advanceTimersByTime(5 * MIN);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('09:30');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('timer')).toHaveTextContent('10:00');
  });
});

function prayer(over: Partial<Prayer> = {}): Prayer {
  return {
    id: 'p1',
    title: 'Wisdom at work',
    category: 'wisdom',
    description: '',
    urgent: false,
    status: 'active',
    createdAt: '2025-03-02T12:00:00Z',
    updatedAt: '2025-03-02T12:00:00Z',
    answeredAt: null,
    answerNote: '',
    ...over,
  };
}

function page(items: Prayer[], counts = { active: 0, answered: 0 }): PrayerPage {
  return { items, total: items.length, page: 1, pageSize: 20, counts };
}

describe('prayer page', () => {
  it('shows friendly empty states with a Scripture reference', async () => {
    stubFetch(() => json(200, page([])));
    renderWithProviders(<PrayerScreen />);
    expect(await screen.findByText('No active prayer requests')).toBeInTheDocument();
    expect(screen.getByText('Philippians 4:6')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active (0)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Answered (0)' }));
    expect(screen.getByText('No answered prayers yet')).toBeInTheDocument();
  });

  it('requires a title, and toasts the SPEC message when adding fails (Spanish)', async () => {
    await i18n.changeLanguage('es');
    const calls = stubFetch((url, init) =>
      init.method === 'POST' ? json(500, { message: 'x' }) : json(200, page([])),
    );
    renderWithProviders(<PrayerScreen />);
    const add = await screen.findByRole('button', { name: 'Agregar petición' });
    await userEvent.click(add);
    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toHaveFocus();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Título'), 'Trabajo para Luis');
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), 'provision');
    await userEvent.click(screen.getByLabelText('Urgente'));
    await userEvent.click(add);
    expect(
      await screen.findByText(
        'Error al agregar petición de oración. Por favor intenta de nuevo.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url).toBe('/api/prayers');
    expect(JSON.parse(String(post.init.body))).toEqual({
      title: 'Trabajo para Luis',
      category: 'provision',
      description: '',
      urgent: true,
      id: UUID,
    });
  });

  it('lists active requests with an urgent marker, and answered ones with the answered date', async () => {
    stubFetch((url) =>
      url.includes('status=active')
        ? json(
            200,
            page([prayer({ id: 'a', title: 'Healing for Rosa', urgent: true })], {
              active: 1,
              answered: 1,
            }),
          )
        : json(
            200,
            page(
              [
                prayer({
                  id: 'b',
                  title: 'New job',
                  status: 'answered',
                  answeredAt: '2025-04-10T12:00:00Z',
                  answerNote: 'He opened a door.',
                }),
              ],
              { active: 1, answered: 1 },
            ),
          ),
    );
    renderWithProviders(<PrayerScreen />);
    const item = (await screen.findByText('Healing for Rosa')).closest('li')!;
    expect(within(item).getByText('Urgent')).toBeInTheDocument();
    expect(within(item).getByText('Wisdom')).toBeInTheDocument();
    expect(within(item).getByText('Added Mar 2, 2025')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /Mark answered/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Answered (1)' }));
    const done = screen.getByText('New job').closest('li')!;
    expect(within(done).getByText('Answered Apr 10, 2025')).toBeInTheDocument();
    expect(within(done).getByText('He opened a door.')).toBeInTheDocument();
  });

  it('marks a request answered with a note, and toasts the SPEC message on failure', async () => {
    const calls = stubFetch((url, init) =>
      init.method === 'POST'
        ? json(500, { message: 'x' })
        : json(
            200,
            page([prayer({ id: 'a', title: 'Healing for Rosa' })], { active: 1, answered: 0 }),
          ),
    );
    renderWithProviders(<PrayerScreen />);
    await userEvent.click(await screen.findByRole('button', { name: /Mark answered/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/How did God answer\?/), 'She is well.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark answered' }));
    expect(
      await screen.findByText(
        'Failed to mark prayer as answered. Please try again.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url).toBe('/api/prayers/a/answer');
    expect(JSON.parse(String(post.init.body))).toEqual({ note: 'She is well.' });
  });
});
