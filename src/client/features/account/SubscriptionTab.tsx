import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { SubscriptionStatus, useSubscription } from '../subscription/index.ts';

/** The same state as /subscription, in one line, and the way there. */
export function SubscriptionTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const query = useSubscription();
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('settings.subscription.title')}</h2>
      {query.isLoading ? (
        <Skeletons count={1} height="h-6" />
      ) : query.isError || !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SubscriptionStatus state={query.data.state} />
      )}
      {user.isPremium ? null : (
        <p className="text-slate-600">{t('settings.subscription.benefits')}</p>
      )}
      <Button asChild variant="outline" className="w-fit">
        <Link to="/subscription">{t('settings.subscription.manage')}</Link>
      </Button>
    </Card>
  );
}
