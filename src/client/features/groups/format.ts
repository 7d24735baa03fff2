import type { MemberSort } from '#shared/groups.ts';
import { useLanguage } from '../../lib/language.tsx';

/** A day (YYYY-MM-DD, the member's own calendar) or an instant, in the reader's language. */
export function useGroupDate() {
  const { language } = useLanguage();
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (date: string) =>
    date.length <= 10 ? day.format(new Date(`${date}T00:00:00Z`)) : instant.format(new Date(date));
}

/** The next sort of the member list when a column's button is pressed: same column flips order. */
export function nextSort(
  current: { sort: MemberSort; order: 'asc' | 'desc' },
  column: MemberSort,
): { sort: MemberSort; order: 'asc' | 'desc' } {
  if (current.sort === column)
    return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  // Names read A→Z; the figures are most useful largest (or most recent, or furthest behind) first.
  return { sort: column, order: column === 'name' ? 'asc' : 'desc' };
}

/** A person's name as the lists show it. */
export const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();
