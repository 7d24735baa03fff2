import type { TFunction } from 'i18next';
import type { Plan, SubscriptionState } from '#shared/schemas/subscription.ts';

/** A price from Stripe's minor units, in the member's language and the price's currency. */
export function formatPrice(
  amount: number | null,
  currency: string | null,
  language: string,
): string | null {
  if (amount === null || !currency) return null;
  try {
    const format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.toUpperCase(),
    });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return null;
  }
}

/** "€4.99 a month" / "4,99 € al mes", or null when the price is not known. */
export function planPrice(plan: Plan, t: TFunction, language: string): string | null {
  const price = formatPrice(plan.amount, plan.currency, language);
  if (!price) return null;
  return t(
    plan.interval === 'year' ? 'subscription.plans.perYear' : 'subscription.plans.perMonth',
    {
      price,
    },
  );
}

const longDate = (iso: string | null, language: string) =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso)) : '';

/** The state in one sentence: "Premium is active. It renews on 23 December 2026." */
export function stateSentence(state: SubscriptionState, t: TFunction, language: string): string {
  const date = (iso: string | null) => longDate(iso, language);
  switch (state.kind) {
    case 'renews':
      return state.periodEnd
        ? t('subscription.state.renews', { date: date(state.periodEnd) })
        : t('subscription.state.active');
    case 'trialing':
      return state.periodEnd
        ? t('subscription.state.trialing', { date: date(state.periodEnd) })
        : t('subscription.state.active');
    case 'ending':
      return state.periodEnd
        ? t('subscription.state.ending', { date: date(state.periodEnd) })
        : t('subscription.state.active');
    case 'pastDue':
      return state.premium && state.source === 'stripe' && state.graceEndsAt
        ? t('subscription.state.pastDue', { date: date(state.graceEndsAt) })
        : t('subscription.state.pastDueLapsed');
    case 'granted':
      return t('subscription.state.granted');
    default:
      return t('subscription.state.free');
  }
}
