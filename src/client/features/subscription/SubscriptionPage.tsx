import CreditCard from 'lucide-react/icons/credit-card';
import Info from 'lucide-react/icons/info';
import Settings from 'lucide-react/icons/settings';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router.tsx';
import type { SubscriptionOverview } from '#shared/schemas/subscription.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { useOpenPortal, useStartCheckout, useSubscription } from './api.ts';
import { PlanCard } from './PlanCard.tsx';
import { PremiumIncludes } from './PremiumIncludes.tsx';
import { SubscriptionStatus } from './SubscriptionStatus.tsx';

/** A calm note in a tinted box (checkout cancelled, payments not configured...). */
function Note({ children, tone = 'info' }: { children: string; tone?: 'info' | 'warn' }) {
  return (
    <p
      role="status"
      className={
        tone === 'warn'
          ? 'flex items-start gap-2 rounded-xl bg-gold-300/30 px-4 py-3 text-sm text-brand-950'
          : 'flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-950'
      }
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

function StateCard({ data, admin }: { data: SubscriptionOverview; admin: boolean }) {
  const { t } = useTranslation();
  const portal = useOpenPortal();
  const failed = data.state.kind === 'pastDue';
  return (
    <Card className="grid gap-4">
      <h2 className="font-serif text-xl text-brand-950">{t('subscription.state.title')}</h2>
      <SubscriptionStatus state={data.state} />
      {admin && !data.state.premium ? (
        <p className="text-sm text-slate-600">{t('subscription.state.admin')}</p>
      ) : null}
      {data.canManage ? (
        <Button
          variant={failed ? 'primary' : 'outline'}
          className="w-full sm:w-fit"
          onClick={() => portal.mutate()}
          disabled={portal.isPending}
        >
          {failed ? (
            <CreditCard className="size-4" aria-hidden />
          ) : (
            <Settings className="size-4" aria-hidden />
          )}
          {portal.isPending
            ? t('subscription.opening')
            : t(failed ? 'subscription.updateCard' : 'subscription.manage')}
        </Button>
      ) : null}
    </Card>
  );
}

/** /subscription: the member's state, the plans, what Premium includes; Checkout and portal. */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const query = useSubscription();
  const checkout = useStartCheckout();
  const data = query.data;
  const subscribed = data ? data.state.source === 'stripe' || data.state.kind === 'pastDue' : false;
  const canSubscribe = Boolean(data?.configured && !subscribed);

  return (
    <>
      <PageHeader title={t('subscription.title')} subtitle={t('subscription.subtitle')} />
      <div className="grid max-w-4xl gap-6">
        {params.get('checkout') === 'cancelled' ? (
          <Note>{t('subscription.checkoutCancelled')}</Note>
        ) : null}
        {query.isLoading ? (
          <Skeletons count={2} height="h-40" />
        ) : query.isError || !data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {!data.configured ? (
              <Note tone="warn">
                {t(
                  user?.role === 'admin'
                    ? 'subscription.notConfiguredAdmin'
                    : data.state.premium
                      ? 'subscription.notConfiguredPremium'
                      : 'subscription.notConfiguredMember',
                )}
              </Note>
            ) : null}
            <StateCard data={data} admin={user?.role === 'admin'} />
            <section aria-labelledby="plans-title" className="grid gap-3">
              <h2 id="plans-title" className="font-serif text-2xl text-brand-950">
                {t('subscription.plans.title')}
              </h2>
              {subscribed ? <Note>{t('subscription.alreadyPremium')}</Note> : null}
              <div className="grid gap-4 sm:grid-cols-2">
                {data.plans.map((plan) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    open={data.configured}
                    canSubscribe={canSubscribe}
                    pending={checkout.isPending && checkout.variables === plan.id}
                    onSubscribe={() => checkout.mutate(plan.id)}
                  />
                ))}
              </div>
              {canSubscribe ? (
                <p className="text-sm text-slate-600">{t('subscription.plans.securePayment')}</p>
              ) : null}
            </section>
            <Card>
              <PremiumIncludes linked={data.state.premium} />
            </Card>
          </>
        )}
      </div>
    </>
  );
}
