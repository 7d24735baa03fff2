import { act } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Streak } from '#shared/schemas/dashboard.ts';
import { StreakCard } from '#client/features/dashboard/StreakCard.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { renderWithProviders } from './render.tsx';

/** Four days of the heat map: none, one activity, three, and a grace day. */
const streak: Streak = {
  current: 2,
  today: true,
  graceDaysLeft: 1,
  days: [
    { date: '2026-03-02', count: 0, grace: false },
    { date: '2026-03-03', count: 1, grace: false },
    { date: '2026-03-04', count: 3, grace: false },
    { date: '2026-03-05', count: 0, grace: true },
    { date: '2026-03-06', count: 3, grace: false },
  ],
};

const titles = (container: Element) =>
  [...container.querySelectorAll('[role="img"] span[title]')].map((cell) =>
    cell.getAttribute('title'),
  );

describe('the streak card’s heat map', () => {
  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  it('titles each day with its date and its count (plural) or its grace, in the page’s language', async () => {
    const { container } = renderWithProviders(<StreakCard streak={streak} tracking />);
    expect(titles(container)).toEqual([
      'Mar 2: 0 activities',
      'Mar 3: 1 activity',
      'Mar 4: 3 activities',
      'Mar 5: grace day',
      'Mar 6: 3 activities',
    ]);
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    const day = (date: string) =>
      new Intl.DateTimeFormat('es', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(date),
      );
    expect(titles(container)).toEqual([
      `${day('2026-03-02')}: 0 actividades`,
      `${day('2026-03-03')}: 1 actividad`,
      `${day('2026-03-04')}: 3 actividades`,
      `${day('2026-03-05')}: día de gracia`,
      `${day('2026-03-06')}: 3 actividades`,
    ]);
  });
});
