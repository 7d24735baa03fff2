import SearchX from 'lucide-react/icons/search-x';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';

/** Loading, failed and empty states of a library list; otherwise its items. */
export function ListStates({
  query,
  count,
  onClear,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  count: number;
  onClear: (() => void) | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading)
    return <Skeletons count={4} height="h-36" className="grid gap-4 md:grid-cols-2" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (count === 0)
    return (
      <Card className="grid justify-items-center gap-3 py-10 text-center">
        <SearchX className="size-8 text-slate-400" aria-hidden />
        <p className="font-serif text-xl text-brand-950">{t('library.empty')}</p>
        <p className="text-slate-600">{t('library.emptyHint')}</p>
        {onClear ? (
          <Button variant="outline" onClick={onClear}>
            {t('library.clearFilters')}
          </Button>
        ) : null}
      </Card>
    );
  return <>{children}</>;
}
