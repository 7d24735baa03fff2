import { useDeferredValue } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import type { Filters } from './api.ts';

/**
 * A list's search and filters, kept in the page's URL (so Back returns to the same results and a
 * filtered list can be shared). `names` are the query parameters the list uses besides `q`.
 */
export function useFilters(names: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filters: Filters = { q: params.get('q') ?? '' };
  for (const name of names) filters[name] = params.get(name) ?? '';
  // The search box updates at once; the request follows the deferred value.
  const q = useDeferredValue(filters.q ?? '');
  const set = (patch: Filters) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const active = Object.values(filters).some(Boolean);
  const clear = () => set(Object.fromEntries(Object.keys(filters).map((k) => [k, ''])));
  return { filters, query: { ...filters, q }, set, clear, active };
}
