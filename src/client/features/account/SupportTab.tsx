import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { SUPPORT_REPLY_HOURS } from '#shared/constants.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { MyTickets } from '../support/index.ts';

export function SupportTab() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <Card className="grid gap-3">
        <h2 className="font-serif text-xl text-brand-950">{t('settings.support.title')}</h2>
        <p className="text-slate-600">
          {t('settings.support.body', { hours: SUPPORT_REPLY_HOURS })}
        </p>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/support">{t('settings.support.contact')}</Link>
        </Button>
      </Card>
      <MyTickets />
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('settings.support.faqTitle')}</h2>
        <div className="mt-3 divide-y divide-slate-200">
          {[1, 2, 3, 4].map((n) => (
            <details key={n} className="group py-3">
              <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                {t(`settings.support.faq.q${n}`)}
              </summary>
              <p className="mt-2 text-slate-600">{t(`settings.support.faq.a${n}`)}</p>
            </details>
          ))}
        </div>
      </Card>
    </div>
  );
}
