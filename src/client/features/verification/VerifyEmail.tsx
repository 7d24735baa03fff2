import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Loader2 from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_LINK_HOURS } from '#shared/constants.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { errorMessage } from '../../lib/queryClient.ts';
import { useConfirmEmailLink, useResendVerification } from './api.ts';

/**
 * The page the confirmation e-mail links to (`/verify-email?token=…`, ADR 0040), for a visitor
 * or a signed-in member alike: it checks the link at once and says how it went, with the next
 * step (the dashboard, signing in, or a new link).
 */
export default function VerifyEmail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useAuth();
  const link = useConfirmEmailLink(token || null);
  const outcome = token ? link.data : 'invalid';
  const next = user ? (
    <Button asChild className="w-full sm:w-auto">
      <Link to="/">{t('verify.page.toDashboard')}</Link>
    </Button>
  ) : (
    <Button asChild className="w-full sm:w-auto">
      <Link to="/sign-in">{t('verify.page.signIn')}</Link>
    </Button>
  );
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-3xl border border-slate-200/80 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl text-brand-950">{t('verify.page.title')}</h1>
        <div className="mt-6 grid gap-6">
          {outcome === undefined ? (
            <Message tone="pending">{t('verify.page.checking')}</Message>
          ) : outcome === 'confirmed' ? (
            <>
              <Message tone="done">{t('verify.page.confirmed')}</Message>
              {next}
            </>
          ) : outcome === 'expired' ? (
            <>
              <Message tone="problem">{t('verify.page.expired')}</Message>
              {user && !user.emailVerified ? <SendAgain email={user.email} /> : null}
              {user ? null : <p className="text-slate-700">{t('verify.page.expiredVisitor')}</p>}
              {next}
            </>
          ) : outcome === 'invalid' ? (
            <>
              <Message tone="problem">{t('verify.page.invalid')}</Message>
              {user && !user.emailVerified ? <SendAgain email={user.email} /> : null}
              {next}
            </>
          ) : (
            <>
              <Message tone="problem">{t('verify.page.failed')}</Message>
              <Button className="w-full sm:w-auto" onClick={() => void link.refetch()}>
                {t('common.retry')}
              </Button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function Message({
  tone,
  children,
}: {
  tone: 'pending' | 'done' | 'problem';
  children: ReactNode;
}) {
  const Icon = tone === 'pending' ? Loader2 : tone === 'done' ? CircleCheck : CircleAlert;
  return (
    <p
      role={tone === 'problem' ? 'alert' : 'status'}
      className="flex items-start gap-3 text-lg text-slate-800"
    >
      <Icon
        className={
          tone === 'pending'
            ? 'mt-1 size-5 shrink-0 animate-spin text-brand-500'
            : tone === 'done'
              ? 'mt-1 size-5 shrink-0 text-emerald-600'
              : 'mt-1 size-5 shrink-0 text-gold-500'
        }
        aria-hidden
      />
      <span>{children}</span>
    </p>
  );
}

/** A signed-in member whose link did not work sends themselves a new one, here. */
function SendAgain({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className="grid gap-3">
      <p className="text-slate-700">
        {t('verify.page.expiredMember', { hours: VERIFICATION_LINK_HOURS })}
      </p>
      <Button
        variant="outline"
        className="w-full sm:w-auto"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? t('verify.sending') : t('verify.resend')}
      </Button>
      <p role="status" className="text-slate-700 empty:hidden">
        {resend.isSuccess ? t('verify.sent', { email, hours: VERIFICATION_LINK_HOURS }) : ''}
      </p>
      {resend.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(resend.error, t)}
        </p>
      ) : null}
    </div>
  );
}
