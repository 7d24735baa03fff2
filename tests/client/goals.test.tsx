import { act, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Goal } from '#shared/schemas/goals.ts';
import {
  hasPremium,
  localDate,
  parseWholeNumber,
  periodEndLabel,
} from '#client/features/goals/format.ts';
import { i18n } from '#client/lib/i18n.ts';
import Goals from '#client/features/goals/Goals.tsx';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const member = (isPremium: boolean) => ({
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  ageVerified: true,
  role: 'member',
  isPremium,
  preferences: {},
  createdAt: '2025-01-01T00:00:00.000Z',
});

const goal = (patch: Partial<Goal> = {}): Goal => ({
  id: 'g1',
  title: 'Pray every morning',
  description: 'Before work',
  preset: null,
  target: 10,
  unit: 'minutes',
  period: 'daily',
  priority: 'high',
  progress: 3,
  status: 'in_progress',
  periodStart: localDate(),
  periodEnd: localDate(),
  completedAt: null,
  periodsCompleted: 4,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

/** Stubs the session and the goals endpoints; `post` answers POST /api/goals. */
function setup({
  premium = false,
  items = [] as Goal[],
  today = undefined as string | undefined,
  post = (body: unknown): Response => json(201, { ...goal(), ...(body as object) }),
} = {}) {
  const calls = stubFetch((url, init) => {
    if (url === '/api/session') return json(200, member(premium));
    if (url === '/api/goals' && (init.method ?? 'GET') === 'GET')
      return json(200, { items, today });
    if (url === '/api/goals' && init.method === 'POST') return post(JSON.parse(String(init.body)));
    const progress = /^\/api\/goals\/(\w+)\/progress$/.exec(url);
    if (progress) {
      const amount = (JSON.parse(String(init.body)) as { amount: number }).amount;
      const g = items.find((i) => i.id === progress[1])!;
      const next = g.progress + amount;
      return json(200, { ...g, progress: next, status: next >= g.target ? 'completed' : g.status });
    }
    return json(404, { message: 'not found' });
  });
  renderWithProviders(<Goals />, { route: '/goals' });
  return calls;
}

const posts = (calls: { url: string; init: RequestInit }[], url = '/api/goals') =>
  calls.filter((c) => c.url === url && c.init.method === 'POST');

describe('goal helpers', () => {
  it('labels when a period ends, as a calendar date in the UI language', () => {
    expect(periodEndLabel('2026-11-29', 'en', '2026-11-23')).toBe('Sun, Nov 29');
    expect(periodEndLabel('2026-11-29', 'es', '2026-11-23')).toMatch(/^dom.*29.*nov/);
    // Ends today: it resets tomorrow.
    expect(periodEndLabel('2026-11-23', 'en', '2026-11-23')).toBeNull();
  });

  it('accepts only whole numbers in range', () => {
    expect(parseWholeNumber(' 12 ', 1, 1000)).toBe(12);
    expect(parseWholeNumber('0', 1, 1000)).toBeNull();
    expect(parseWholeNumber('1001', 1, 1000)).toBeNull();
    expect(parseWholeNumber('2.5', 1, 1000)).toBeNull();
    expect(parseWholeNumber('', 1, 1000)).toBeNull();
  });

  it('treats admins as premium', () => {
    expect(hasPremium({ isPremium: false, role: 'admin' })).toBe(true);
    expect(hasPremium({ isPremium: true, role: 'member' })).toBe(true);
    expect(hasPremium({ isPremium: false, role: 'member' })).toBe(false);
    expect(hasPremium(null)).toBe(false);
  });
});

describe('Goals page', () => {
  it('invites to a first goal and pre-fills the suggested preset', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Set your first goal' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pray 10 minutes daily' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Pray 10 minutes daily/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Pray 10 minutes daily');
    expect(within(dialog).getByText('10 minutes · Daily')).toBeInTheDocument();
  });

  it('refuses an empty title with the SPEC toast and sends nothing (Spanish, verbatim)', async () => {
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    const calls = setup();
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo objetivo/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Objetivo personalizado/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear objetivo' }));
    expect(await screen.findByText('Error de Validación')).toBeInTheDocument();
    expect(
      screen.getAllByText('Por favor ingresa un título para el objetivo.').length,
    ).toBeGreaterThan(0);
    expect(posts(calls)).toEqual([]);
  });

  it('shows the premium preset as an upsell to a member without premium', async () => {
    setup({ premium: false });
    await userEvent.click(await screen.findByRole('button', { name: /New goal/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('radio', { name: /Read 1 chapter daily/ })).toBeNull();
    expect(within(dialog).getByText('Read 1 chapter daily')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /See Premium/ })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
  });

  it('creates the recommended goal for a premium member, sending only the preset fields', async () => {
    const calls = setup({ premium: true });
    await userEvent.click(await screen.findByRole('button', { name: /New goal/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Read 1 chapter daily/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(JSON.parse(String(posts(calls)[0]!.init.body))).toEqual({
      preset: 'read-chapter-daily',
      title: 'Read 1 chapter daily',
      priority: 'high',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server message on 403 PREMIUM_REQUIRED and the SPEC message otherwise', async () => {
    let answer = json(403, {
      code: 'PREMIUM_REQUIRED',
      message: 'The recommended goal is part of Premium.',
    });
    setup({ premium: true, post: () => answer });
    await userEvent.click(await screen.findByRole('button', { name: /New goal/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Read 1 chapter daily/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await screen.findByText('The recommended goal is part of Premium.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to create goal. Please try again.')).toBeNull();

    answer = json(500, { message: 'An error occurred. Please try again.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await screen.findByText('Failed to create goal. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Set a new goal' })).toBeInTheDocument();
  });

  it('creates a custom goal and checks its target first', async () => {
    const calls = setup();
    await userEvent.click(await screen.findByRole('button', { name: /New goal/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Custom goal/ }));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Read Psalms');
    const target = within(dialog).getByLabelText('Target');
    await userEvent.clear(target);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(
      (await within(dialog).findAllByText('Enter a whole number from 1 to 10,000.')).length,
    ).toBeGreaterThan(0);
    expect(posts(calls)).toEqual([]);
    await userEvent.type(target, '5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Unit'), 'chapters');
    await userEvent.selectOptions(within(dialog).getByLabelText('Period'), 'weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(JSON.parse(String(posts(calls)[0]!.init.body))).toEqual({
      title: 'Read Psalms',
      description: '',
      target: 5,
      unit: 'chapters',
      period: 'weekly',
      priority: 'medium',
    });
  });

  it('shows a goal card and marks progress until the goal is completed', async () => {
    const calls = setup({ items: [goal({ progress: 9 })] });
    const card = await screen.findByRole('article', { name: 'Pray every morning' });
    expect(within(card).getByText('9 / 10 minutes')).toBeInTheDocument();
    expect(within(card).getByText(/Daily · resets tomorrow/)).toBeInTheDocument();
    expect(within(card).getByText('In progress')).toBeInTheDocument();
    expect(within(card).getByText('High priority')).toBeInTheDocument();
    expect(within(card).getByText('Reached 4 times before')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '9');

    await userEvent.click(within(card).getByRole('button', { name: /Mark progress/ }));
    await waitFor(() => expect(posts(calls, '/api/goals/g1/progress')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/goals/g1/progress')[0]!.init.body))).toEqual({
      amount: 1,
    });
    expect(await screen.findByText('Goal reached. Well done!')).toBeInTheDocument();
  });

  it("tells when a period ends from the member's date given by the server, not the device's", async () => {
    setup({
      items: [goal({ period: 'weekly', periodEnd: '2030-01-06' })],
      today: '2030-01-06',
    });
    const card = await screen.findByRole('article', { name: 'Pray every morning' });
    // The device's date is years earlier; the member's week ends today all the same.
    expect(within(card).getByText(/Weekly · resets tomorrow/)).toBeInTheDocument();
  });

  it('adds a custom amount and rejects one out of range', async () => {
    const calls = setup({
      items: [goal({ period: 'weekly', periodEnd: '2999-12-31', periodsCompleted: 0 })],
    });
    const card = await screen.findByRole('article', { name: 'Pray every morning' });
    expect(within(card).getByText(/Weekly · until/)).toBeInTheDocument();
    expect(within(card).queryByText(/times before/)).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: /Add amount/ }));
    const amount = within(card).getByLabelText('Amount to add (minutes)');
    await userEvent.type(amount, '1001');
    await userEvent.click(within(card).getByRole('button', { name: 'Add' }));
    expect(within(card).getByText('Enter a whole number from 1 to 1,000.')).toBeInTheDocument();
    expect(posts(calls, '/api/goals/g1/progress')).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(card).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posts(calls, '/api/goals/g1/progress')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/goals/g1/progress')[0]!.init.body))).toEqual({
      amount: 5,
    });
  });
});
