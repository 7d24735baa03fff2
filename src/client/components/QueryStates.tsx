import ShieldCheck from 'lucide-react/icons/shield-check';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../lib/queryClient.ts';
import { Button } from './ui/Button.tsx';
import { Card } from './ui/Card.tsx';

/** Placeholder cards while a list loads. */
export function Skeletons({
  count,
  height,
  className = 'grid gap-3',
}: {
  count: number;
  height: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className={className}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${height} animate-pulse rounded-2xl bg-slate-200/70`} />
      ))}
    </div>
  );
}

/**
 * A page's data refused because the member has not answered the age gate yet (it is open over
 * the page): no error, and nothing to retry; the page loads once they have answered.
 */
export function AgeGateWaiting() {
  const { t } = useTranslation();
  return (
    <Card role="status" className="flex items-center gap-3 text-slate-700">
      <ShieldCheck className="size-5 shrink-0 text-brand-700" aria-hidden />
      {t('age.waiting')}
    </Card>
  );
}

/** A failed load: the translated reason and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (errorCode(error) === 'AGE_NOT_VERIFIED') return <AgeGateWaiting />;
  return (
    <Card role="alert" className="grid gap-3">
      <p className="text-red-700">{errorMessage(error, t)}</p>
      <Button variant="outline" className="w-fit" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Card>
  );
}
