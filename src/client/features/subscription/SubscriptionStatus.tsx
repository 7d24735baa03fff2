import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Crown from 'lucide-react/icons/crown';
import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from '#shared/schemas/subscription.ts';
import { stateSentence } from './format.ts';

/** The member's premium state in one line, with its icon (subscription page and settings). */
export function SubscriptionStatus({ state }: { state: SubscriptionState }) {
  const { t, i18n } = useTranslation();
  const failed = state.kind === 'pastDue';
  return (
    <div className="grid gap-1">
      <p
        className={
          failed
            ? 'flex items-start gap-2 font-medium text-red-800'
            : 'flex items-start gap-2 font-medium text-slate-900'
        }
      >
        {failed ? (
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
        ) : state.premium ? (
          <Crown className="mt-0.5 size-5 shrink-0 text-gold-500" aria-hidden />
        ) : null}
        <span>{stateSentence(state, t, i18n.language)}</span>
      </p>
      {state.granted && state.source === 'stripe' ? (
        <p className="text-sm text-slate-600">{t('subscription.state.alsoGranted')}</p>
      ) : null}
    </div>
  );
}
