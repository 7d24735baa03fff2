import ArrowLeft from 'lucide-react/icons/arrow-left';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ApiError } from '../../lib/queryClient.ts';

type Neighbour = { id: string; title: string } | null;

/** The link back to a detail page's list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {label}
    </Link>
  );
}

/** Loading and failed states of a detail page (a missing item says so and links back). */
export function DetailStates({
  query,
  back,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  back: { to: string; label: string };
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading)
    return (
      <div className="mx-auto grid max-w-3xl gap-4">
        <Skeletons count={3} height="h-40" className="grid gap-4" />
      </div>
    );
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <Card role="alert" className="mx-auto grid max-w-3xl gap-3">
          <p className="text-slate-800">{t('errors.notFound')}</p>
          <Button asChild variant="outline" className="w-fit">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        </Card>
      );
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children()}</>;
}

/** Links to the previous and next items (in a series, by date, or in order). */
export function PrevNext({
  base,
  previous,
  next,
}: {
  base: string;
  previous: Neighbour;
  next: Neighbour;
}) {
  const { t } = useTranslation();
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={`${t('library.previous')} / ${t('library.next')}`}
      className="grid gap-3 sm:grid-cols-2"
    >
      {previous ? (
        <Link
          to={`${base}/${previous.id}`}
          className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className="flex items-center gap-1 text-xs font-semibold uppercase tracking-wider text-slate-600">
            <ChevronLeft className="size-4" aria-hidden /> {t('library.previous')}
          </span>
          <span className="font-serif text-lg text-brand-950">{previous.title}</span>
        </Link>
      ) : (
        <span className="hidden sm:block" />
      )}
      {next ? (
        <Link
          to={`${base}/${next.id}`}
          className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4 text-right hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className="flex items-center justify-end gap-1 text-xs font-semibold uppercase tracking-wider text-slate-600">
            {t('library.next')} <ChevronRight className="size-4" aria-hidden />
          </span>
          <span className="font-serif text-lg text-brand-950">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** A small label (topic, era, level) on a card. */
export function Tag({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100">
      {children}
    </span>
  );
}
