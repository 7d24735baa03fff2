/**
 * A member's first screen drawn by the server comes with the answers it was drawn from
 * (member-render.tsx, docs/decisions/0060): the app takes the page over with them, and does not
 * ask for them again as the page mounts (the dashboard's and goals' queries, always stale
 * otherwise, would go out at once), for a moment: later visits ask as usual.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface DrawnAnswers {
  queries: [QueryKey, unknown][];
  /** The lazy components the drawing rendered (lib/ready-lazy.tsx), readied before hydrating. */
  lazies: string[];
}

/** How long the drawn answers count as just asked. */
export const DRAWN_ANSWERS_FRESH_MS = 10_000;

export function takeDrawnAnswers(client: QueryClient, answers: DrawnAnswers): void {
  const hashes = new Set<string>();
  for (const [queryKey, data] of answers.queries) {
    client.setQueryData(queryKey, data);
    const hash = client.getQueryCache().find({ queryKey, exact: true })?.queryHash;
    if (hash) hashes.add(hash);
  }
  const until = Date.now() + DRAWN_ANSWERS_FRESH_MS;
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      // Unless something changed it since (a write invalidated it): then it is asked again.
      refetchOnMount: (query) =>
        !(hashes.has(query.queryHash) && Date.now() < until && !query.state.isInvalidated),
    },
  });
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * What the member typed or chose in the drawn page before the app took it over: read before
 * hydrating (a form library sets its fields to their defaults as it mounts, and a component's
 * state does not know the text Preact kept), then put back, each field telling its component as
 * the member's own typing would have. Returns the function that puts it back.
 */
export function keepTypedInput(root: HTMLElement): () => void {
  const typed: [Field, string | boolean][] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (isToggle(field)) {
      if (field.checked !== field.defaultChecked) typed.push([field, field.checked]);
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected))
        typed.push([field, field.value]);
    } else if (field.value !== field.defaultValue) typed.push([field, field.value]);
  }
  return () => {
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      if (typeof value === 'boolean') (field as HTMLInputElement).checked = value;
      else field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}
