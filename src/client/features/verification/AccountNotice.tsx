import KeyRound from 'lucide-react/icons/key-round';
import MailCheck from 'lucide-react/icons/mail-check';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../lib/router.tsx';
import { VERIFICATION_LINK_HOURS } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Button } from '../../components/ui/Button.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { hideVerifyNotice, snoozeSecondFactor, verifyNoticeHidden } from './notice-state.ts';
import { useEmailVerificationStatus, useResendVerification } from './api.ts';

const STRIP =
  'flex flex-wrap items-start gap-x-3 gap-y-2 border-b border-brand-100 bg-brand-50/80 px-4 py-3 text-sm text-brand-950 sm:items-center sm:px-6';

/**
 * One calm notice under the member shell's header, at most: confirm the e-mail address
 * (ADR 0040), or else, for premium members and admins, turn on two-step verification (ADR 0044).
 */
export function AccountNotice({ user }: { user: CurrentUser }) {
  if (!user.emailVerified) return <ConfirmEmailNotice user={user} />;
  return <SecondFactorNotice user={user} />;
}

/**
 * Asks an unconfirmed member to open the link, with "send it again". Not shown where no mail
 * can leave (no mail server): the member could not do what it asks. Hidden with × for the rest
 * of the visit (until the browser closes).
 */
function ConfirmEmailNotice({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => verifyNoticeHidden(user.id));
  const status = useEmailVerificationStatus(!hidden);
  const resend = useResendVerification();
  if (hidden || !status.data?.canSend || status.data.verified) return null;
  return (
    <section aria-labelledby="verify-notice-title" className={STRIP}>
      <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-700 sm:mt-0" aria-hidden />
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="verify-notice-title" className="font-semibold">
          {t('verify.banner.title')}
        </h2>
        <p className="text-slate-700">{t('verify.banner.body', { email: user.email })}</p>
        <p role="status" className="text-slate-700 empty:hidden">
          {resend.isSuccess
            ? t('verify.sent', { email: user.email, hours: VERIFICATION_LINK_HOURS })
            : ''}
        </p>
        {resend.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(resend.error, t)}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? t('verify.sending') : t('verify.resend')}
        </Button>
        <HideButton
          label={t('verify.banner.hide')}
          onClick={() => {
            hideVerifyNotice(user.id);
            setHidden(true);
          }}
        />
      </div>
    </section>
  );
}

/**
 * Invites a premium member or an admin to add a second step of signing in: a passkey first (the
 * easy one), an authenticator app as the alternative (ADR 0044); "Not now": 30 days.
 */
function SecondFactorNotice({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const notNow = () => {
    snoozeSecondFactor(user.id);
    setHidden(true);
  };
  // Already on the settings page: bring the card into view.
  const scrollTo = (anchor: string) => () => {
    if (location.pathname === '/account-settings') {
      document.getElementById(anchor)?.scrollIntoView();
    }
  };
  return (
    <section aria-labelledby="second-factor-notice-title" className={STRIP}>
      <KeyRound className="mt-0.5 size-5 shrink-0 text-brand-700 sm:mt-0" aria-hidden />
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="second-factor-notice-title" className="font-semibold">
          {t('secureAccount.title')}
        </h2>
        <p className="text-slate-700">
          {user.role === 'admin' ? t('secureAccount.bodyAdmin') : t('secureAccount.body')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button asChild size="sm">
          <Link to="/account-settings#passkeys" onClick={scrollTo('passkeys')}>
            {t('secureAccount.turnOn')}
          </Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/account-settings#two-factor" onClick={scrollTo('two-factor')}>
            {t('secureAccount.useApp')}
          </Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={notNow}>
          {t('secureAccount.notNow')}
        </Button>
      </div>
    </section>
  );
}

function HideButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-900/5 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <X className="size-4" aria-hidden />
    </button>
  );
}
