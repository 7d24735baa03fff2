import { act, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivePlan, DailyReading, ReadingPlan } from '#shared/schemas/reading.ts';
import { chaptersPerDay, planEndDate } from '#client/features/reading/api.ts';
import DailyReadingPage from '#client/features/reading/DailyReading.tsx';
import ReadingPlansPage from '#client/features/reading/ReadingPlans.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const PLANS: ReadingPlan[] = [
  {
    id: 'whole-bible',
    difficulty: 'advanced',
    durations: [90, 180, 365, 730],
    suggestedDuration: 365,
    chapters: 1189,
    books: 66,
  },
  {
    id: 'gospels',
    difficulty: 'beginner',
    durations: [90, 180],
    suggestedDuration: 90,
    chapters: 89,
    books: 4,
  },
];

const plan = (patch: Partial<ActivePlan> = {}): ActivePlan => ({
  planId: 'whole-bible',
  duration: 365,
  totalDays: 365,
  startedOn: '2025-01-01',
  currentDay: 12,
  expectedDay: 12,
  daysBehind: 0,
  status: 'on-track',
  completedDays: 11,
  percent: 3,
  readToday: false,
  completedAt: null,
  ...patch,
});

const verse = (chapter: number, n: number, text: string) => ({
  book: 'GEN',
  bookName: 'Genesis',
  chapter,
  verse: n,
  text,
  heading: null,
});

const daily = (p: ActivePlan | null, patch: Partial<DailyReading> = {}): DailyReading => ({
  plan: p,
  day: p ? p.currentDay : null,
  passages: p
    ? [
        {
          reference: 'Genesis 34–36',
          osis: 'Gen.34-Gen.36',
          verses: [verse(34, 1, 'Now Dinah went out.'), verse(35, 1, 'Then God said to Jacob.')],
        },
      ]
    : [],
  translation: p ? 'KJV' : null,
  requestedTranslation: p ? 'KJV' : null,
  fallback: false,
  ...patch,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reading plan helpers', () => {
  it('averages chapters a day with one decimal in the member language', () => {
    expect(chaptersPerDay(1189, 365, 'en')).toBe('3.3');
    expect(chaptersPerDay(1189, 365, 'es')).toBe('3,3');
    expect(chaptersPerDay(89, 90, 'en')).toBe('1.0');
  });

  it('ends a plan totalDays − 1 days after it started', () => {
    expect(planEndDate({ startedOn: '2025-01-01', totalDays: 365 })).toBe('2025-12-31');
    expect(planEndDate({ startedOn: '2024-03-01T00:00:00.000Z', totalDays: 1 })).toBe('2024-03-01');
  });
});

describe('/reading-plans', () => {
  it('shows each plan with its suggested duration and starts it with the chosen one', async () => {
    const calls = stubFetch((url, init) => {
      if (url === '/api/reading-plans' && !init.method)
        return json(200, { items: PLANS, active: null });
      if (url === '/api/reading-plans/gospels/start')
        return json(200, plan({ planId: 'gospels', duration: 180, totalDays: 180 }));
      return json(404, {});
    });
    renderWithProviders(<ReadingPlansPage />);
    const card = (await screen.findByRole('heading', { name: 'The Gospels' })).closest('li')!;
    const select = within(card).getByLabelText('Duration');
    expect(select).toHaveValue('90');
    expect(
      within(card)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['90 days', '180 days']);
    expect(within(card).getByText('About 1.0 chapters a day')).toBeInTheDocument();
    expect(within(card).getByText('Beginner')).toBeInTheDocument();
    await userEvent.selectOptions(select, '180');
    expect(within(card).getByText('About 0.5 chapters a day')).toBeInTheDocument();

    const whole = screen.getByRole('heading', { name: 'The whole Bible' }).closest('li')!;
    expect(within(whole).getByLabelText('Duration')).toHaveValue('365');
    expect(within(whole).getByText('1,189 chapters')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: /Start plan/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/reading-plans/gospels/start')).toBe(true),
    );
    const post = calls.find((c) => c.url === '/api/reading-plans/gospels/start')!;
    expect(post.init.method).toBe('POST');
    expect(JSON.parse(String(post.init.body))).toEqual({ duration: 180 });
  });

  it('asks before replacing the running plan, and offers catch-up when behind', async () => {
    const startedOn = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const end = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${planEndDate({ startedOn, totalDays: 365 })}T00:00:00Z`),
    );
    const calls = stubFetch((url, init) => {
      if (url === '/api/reading-plans' && !init.method)
        return json(200, {
          items: PLANS,
          active: plan({ startedOn, status: 'behind', daysBehind: 3, expectedDay: 15 }),
        });
      if (url === '/api/reading-plans/gospels/start') return json(200, plan({ planId: 'gospels' }));
      return json(404, {});
    });
    renderWithProviders(<ReadingPlansPage />);
    expect(await screen.findByText('Day 12 of 365')).toBeInTheDocument();
    expect(screen.getByText('3 days behind')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Catch up' })).toBeInTheDocument();
    expect(screen.getByText(`so you still finish on ${end}.`, { exact: false })).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Plan progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuetext', '3% · 11 of 365 days read');
    expect(screen.getByRole('link', { name: /Read today's passages/ })).toHaveAttribute(
      'href',
      '/daily-reading',
    );

    const card = screen.getByRole('heading', { name: 'The Gospels' }).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: /Start plan/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/The whole Bible \(day 12 of 365\) will stop/)).toBeVisible();
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch plan' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/reading-plans/gospels/start')).toBe(true),
    );
  });
});

describe('/daily-reading', () => {
  it('invites a member without a plan to choose one', async () => {
    stubFetch(() => json(200, daily(null)));
    renderWithProviders(<DailyReadingPage />);
    expect(await screen.findByRole('heading', { name: 'Start a reading plan' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Choose a reading plan/ })).toHaveAttribute(
      'href',
      '/reading-plans',
    );
  });

  it('marks the day read, says so and loads the next day', async () => {
    let current = plan();
    const calls = stubFetch((url, init) => {
      if (url === '/api/daily-reading') return json(200, daily(current));
      if (url === '/api/daily-reading/complete' && init.method === 'POST') {
        current = plan({ currentDay: 13, completedDays: 12, readToday: true });
        return json(200, { plan: current, chapters: 3, badgesAwarded: ['seven-day-streak'] });
      }
      return json(404, {});
    });
    renderWithProviders(<DailyReadingPage />);
    expect(await screen.findByRole('heading', { name: 'Day 12 of 365' })).toBeVisible();
    expect(screen.getByText('The whole Bible')).toBeVisible();
    expect(screen.getByRole('heading', { name: /Genesis 34–36/ })).toBeVisible();
    // The passage spans chapters, so verses are numbered chapter:verse.
    expect(screen.getByText('35:1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark today as read' }));
    expect(await screen.findByText('Day 12 done: 3 chapters read')).toBeInTheDocument();
    expect(screen.getByText('New badge: 7-Day Streak')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Day 13 of 365' })).toBeVisible();
    expect(calls.filter((c) => c.url === '/api/daily-reading/complete')).toHaveLength(1);

    // Today's reading is done: the passages wait behind "Read ahead".
    expect(screen.getByRole('heading', { name: "You've done today's reading" })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Genesis 34–36/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read ahead' }));
    expect(screen.getByRole('heading', { name: /Genesis 34–36/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark day 13 as read' })).toBeVisible();
  });

  it('keeps trying while the Bible text installs (503), then shows the reading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let attempts = 0;
    stubFetch(() =>
      ++attempts < 3
        ? json(503, { message: 'The Bible is being installed.', code: 'BIBLE_LOADING' })
        : json(
            200,
            daily(plan({ status: 'finished', currentDay: 366, completedDays: 365 }), {
              day: null,
            }),
          ),
    );
    renderWithProviders(<DailyReadingPage />);
    expect(
      await screen.findByText(/Preparing the Bible text/, undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6500);
    });
    expect(await screen.findByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Choose another plan/ })).toHaveAttribute(
      'href',
      '/reading-plans',
    );
    expect(attempts).toBe(3);
  });

  it('shows the fallback note with the translation the member asked for', async () => {
    stubFetch(() =>
      json(
        200,
        daily(plan({ status: 'behind', daysBehind: 1 }), {
          fallback: true,
          requestedTranslation: 'NKJV',
        }),
      ),
    );
    renderWithProviders(<DailyReadingPage />);
    expect(
      await screen.findByText('NKJV is copyrighted and not installed here; showing KJV instead.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Catch up' })).toBeVisible();
  });
  it('reloads the passages in the other language when the member switches', async () => {
    const calls = stubFetch(() => json(200, daily(plan())));
    renderWithProviders(<DailyReadingPage />);
    expect(await screen.findByRole('heading', { name: 'Day 12 of 365' })).toBeVisible();
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    expect(await screen.findByRole('heading', { name: 'Día 12 de 365' })).toBeVisible();
    const langs = calls
      .filter((c) => c.url === '/api/daily-reading')
      .map((c) => (c.init.headers as Record<string, string>)['Accept-Language']);
    expect(langs).toEqual(['en', 'es']);
  });
});
