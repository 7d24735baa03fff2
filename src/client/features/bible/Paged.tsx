import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { errorMessage } from '../../lib/queryClient.ts';

/** A reference in a list that opens the reader there. */
export const REFERENCE_LINK =
  'w-fit rounded font-sans text-sm font-semibold text-brand-800 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** A list's "looking it up" line (a status a screen reader announces). */
export function Looking({ label }: { label: string }) {
  return (
    <p role="status" className="text-sm text-slate-600">
      {label}
    </p>
  );
}

/** A request that failed: what went wrong, in words, and "Try again". */
export function LookupFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-2">
      <p className="text-sm text-red-700">{errorMessage(error, t)}</p>
      <Button size="sm" variant="outline" className="w-fit" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/**
 * A list read page by page (an infinite query): `items` to give each row's link (ref callback),
 * and `more`, the "More" button, whose click fetches the next page; the first row it adds takes
 * the focus (keyboard and screen reader users land on what arrived, not back at the top).
 */
export function usePaged(
  count: number,
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => Promise<unknown>;
  },
  moreLabel: string,
) {
  const { t } = useTranslation();
  const focusFrom = useRef<number | null>(null);
  const rows = useRef<(HTMLAnchorElement | null)[]>([]);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    rows.current[from]?.focus();
    focusFrom.current = null;
  }, [count]);
  const item = (i: number) => (el: HTMLAnchorElement | null) => {
    rows.current[i] = el;
  };
  const more = (
    <>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(query.error, t)}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage || undefined}
          onClick={() => {
            focusFrom.current = count;
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? t('common.loading') : moreLabel}
        </Button>
      ) : null}
    </>
  );
  return { item, more };
}
