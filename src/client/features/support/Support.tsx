import CheckCircle2 from 'lucide-react/icons/circle-check';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { SUPPORT_REPLY_HOURS } from '#shared/constants.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { SupportForm, type SentTicket } from './SupportForm.tsx';

/** /support for visitors and members: the form, then a thank-you with "submit another". */
export default function Support() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [sent, setSent] = useState<SentTicket | null>(null);
  const member = user?.ageVerified ? user : null;
  const thanks = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the outcome.
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  const defaults = {
    name: member ? `${member.firstName} ${member.lastName}`.trim() : '',
    email: member?.email ?? '',
  };
  return (
    // The visitor shell leaves spacing to its pages; the member shell has its own.
    <div className={`mx-auto w-full max-w-3xl ${user ? '' : 'px-4 py-12 sm:px-6 sm:py-16'}`}>
      <PageHeader
        title={t('support.title')}
        subtitle={t('support.subtitle', { hours: SUPPORT_REPLY_HOURS })}
      />
      <Card className="relative">
        {sent ? (
          <div role="status" className="grid justify-items-start gap-4">
            <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
            <h2
              ref={thanks}
              tabIndex={-1}
              className="font-serif text-2xl text-brand-950 focus:outline-none"
            >
              {t('support.thanks.title')}
            </h2>
            <p className="text-slate-700">
              {sent.number > 0 ? `${t('support.thanks.number', { number: sent.number })} ` : ''}
              {/* What really happened to the confirmation e-mail (sent, no mail server, failed). */}
              {t(`support.thanks.${sent.confirmation}`, {
                email: sent.email,
                hours: SUPPORT_REPLY_HOURS,
              })}
            </p>
            {member ? <p className="text-slate-700">{t('support.thanks.member')}</p> : null}
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => setSent(null)}>{t('support.thanks.another')}</Button>
              {member ? (
                <Button asChild variant="outline">
                  <Link to="/account-settings?tab=support">{t('support.thanks.seeTickets')}</Link>
                </Button>
              ) : null}
            </div>
          </div>
        ) : (
          <div className="grid gap-4">
            <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
              <LifeBuoy className="size-6 text-brand-700" aria-hidden />
              {t('support.form.title')}
            </h2>
            <SupportForm defaults={defaults} onSent={setSent} />
          </div>
        )}
      </Card>
    </div>
  );
}
