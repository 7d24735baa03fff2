import { useTranslation } from 'react-i18next';
import type { Plan } from '#shared/schemas/subscription.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { planPrice } from './format.ts';

/**
 * One plan: its name, its price in the member's language, and the subscribe button. A plan
 * whose price is not known says "shown at checkout" only when there is a checkout (`open`).
 */
export function PlanCard({
  plan,
  open,
  canSubscribe,
  pending,
  onSubscribe,
}: {
  plan: Plan;
  /** Payments are configured on this server. */
  open: boolean;
  canSubscribe: boolean;
  pending: boolean;
  onSubscribe: () => void;
}) {
  const { t, i18n } = useTranslation();
  const price = planPrice(plan, t, i18n.language);
  const headingId = `plan-${plan.id}`;
  return (
    <Card aria-labelledby={headingId} className="grid content-between gap-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-serif text-xl text-brand-950">
          {t(`subscription.plans.${plan.id}`)}
        </h3>
        <p className={price ? 'text-2xl font-semibold text-slate-900' : 'text-slate-600'}>
          {price ?? t(open ? 'subscription.plans.noPrice' : 'subscription.plans.notOpen')}
        </p>
      </div>
      {canSubscribe ? (
        <Button
          onClick={onSubscribe}
          disabled={pending || !plan.available}
          className="w-full sm:w-fit"
        >
          {pending
            ? t('subscription.opening')
            : t(
                plan.id === 'yearly'
                  ? 'subscription.plans.subscribeYearly'
                  : 'subscription.plans.subscribeMonthly',
              )}
        </Button>
      ) : null}
    </Card>
  );
}
