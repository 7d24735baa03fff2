import BookOpen from 'lucide-react/icons/book-open';
import Columns3 from 'lucide-react/icons/columns-3';
import Compass from 'lucide-react/icons/compass';
import Crown from 'lucide-react/icons/crown';
import Loader2 from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { LESSONS } from 'virtual:camino/courses';
import type { SubscriptionState } from '#shared/schemas/subscription.ts';
import { CHECKOUT_SESSION_ID } from '#shared/values/subscription.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import {
  CONFIRM_POLL_TRIES,
  useCheckoutResult,
  useRefreshWhenPremium,
  useSubscription,
} from './api.ts';
import { PremiumIncludes } from './PremiumIncludes.tsx';

function FirstStep({
  to,
  icon,
  title,
  hint,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  hint: string;
}) {
  return (
    <Link
      to={to}
      className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="flex items-center gap-2 font-medium text-brand-900">
        {icon}
        {title}
      </span>
      <span className="text-sm text-slate-600">{hint}</span>
    </Link>
  );
}

/** Thanks a subscriber for their support; a member given Premium by an admin is welcomed. */
function Welcome({ name, state }: { name: string; state: SubscriptionState }) {
  const { t } = useTranslation();
  const subscribed = state.source === 'stripe';
  return (
    <div className="grid gap-6">
      <Card className="grid gap-2 border-gold-400/60 bg-gradient-to-br from-gold-300/30 to-white">
        <p className="flex items-center gap-2 font-serif text-2xl text-brand-950">
          <Crown className="size-6 shrink-0 text-gold-500" aria-hidden />
          {t(subscribed ? 'welcomePremium.greeting' : 'welcomePremium.greetingGranted', { name })}
        </p>
      </Card>
      <section aria-labelledby="first-steps" className="grid gap-3">
        <h2 id="first-steps" className="font-serif text-2xl text-brand-950">
          {t('welcomePremium.firstSteps')}
        </h2>
        <div className="grid gap-3 md:grid-cols-3">
          <FirstStep
            to="/course-202-intro"
            icon={<BookOpen className="size-5" aria-hidden />}
            title={t('welcomePremium.start202')}
            hint={t('welcomePremium.start202Hint', { count: LESSONS['202'] })}
          />
          <FirstStep
            to="/bible"
            icon={<Columns3 className="size-5" aria-hidden />}
            title={t('welcomePremium.tryCompare')}
            hint={t('welcomePremium.tryCompareHint')}
          />
          <FirstStep
            to="/course-303-intro"
            icon={<Compass className="size-5" aria-hidden />}
            title={t('welcomePremium.explore303')}
            hint={t('welcomePremium.explore303Hint')}
          />
        </div>
      </section>
      <Card>
        <PremiumIncludes linked />
      </Card>
    </div>
  );
}

function BackToPlans({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-3">
      <p className="text-slate-700">{message}</p>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/subscription">{t('welcomePremium.backToPlans')}</Link>
      </Button>
    </Card>
  );
}

/**
 * /welcome-premium: where Checkout returns. The server asks Stripe about the session, so this
 * works whether the webhook came first or not; while Stripe confirms, the page keeps asking.
 * Without payments on this server there is nothing to confirm: the page says so (no "Try
 * again" that cannot work), and a member who has Premium anyway (an admin's grant) is welcomed.
 */
export default function WelcomePremium() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const raw = params.get('session_id');
  const sessionId = raw && CHECKOUT_SESSION_ID.test(raw) ? raw : null;
  const overview = useSubscription();
  const paymentsOff = overview.data?.configured === false;
  // Stripe is asked only where there is a Stripe to ask.
  const result = useCheckoutResult(paymentsOff ? null : sessionId);
  // Back from Checkout: the state Stripe confirms; otherwise the member's state (a grant...).
  const state = sessionId && !paymentsOff ? result.data?.state : overview.data?.state;
  const premiumState = state?.premium ? state : null;
  useRefreshWhenPremium(premiumState !== null);
  const name = user?.firstName ?? '';

  let body: ReactNode;
  if (premiumState) {
    body = <Welcome name={name} state={premiumState} />;
  } else if (sessionId && overview.isLoading) {
    body = <Waiting text={t('welcomePremium.confirming')} />;
  } else if (sessionId && paymentsOff) {
    body = <BackToPlans message={t('welcomePremium.paymentsOff')} />;
  } else if (!sessionId) {
    body = overview.isLoading ? (
      <Waiting text={t('common.loading')} />
    ) : (
      <BackToPlans message={t('welcomePremium.notPremium')} />
    );
  } else if (result.isError) {
    body = <QueryError error={result.error} onRetry={() => void result.refetch()} />;
  } else if (result.data && !result.data.complete && result.answers > 2) {
    body = <BackToPlans message={t('welcomePremium.notComplete')} />;
  } else if (result.answers >= CONFIRM_POLL_TRIES) {
    body = (
      <Card className="grid gap-3">
        <p role="status" className="text-slate-700">
          {t('welcomePremium.slow')}
        </p>
        <Button variant="outline" className="w-fit" onClick={() => void result.refetch()}>
          {t('welcomePremium.checkAgain')}
        </Button>
      </Card>
    );
  } else {
    body = <Waiting text={t('welcomePremium.confirming')} />;
  }

  return (
    <>
      <PageHeader title={t('welcomePremium.title')} />
      <div className="grid max-w-4xl gap-6">{body}</div>
    </>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Card role="status" className="flex items-center gap-3 text-slate-700">
      <Loader2 className="size-5 animate-spin text-brand-500" aria-hidden />
      {text}
    </Card>
  );
}
