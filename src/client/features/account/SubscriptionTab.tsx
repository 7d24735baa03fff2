import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';

export function SubscriptionTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('settings.subscription.title')}</h2>
      <p className="flex items-center gap-2 font-medium text-slate-900">
        {user.isPremium ? <Crown className="size-5 text-gold-500" aria-hidden /> : null}
        {user.isPremium ? t('settings.subscription.premium') : t('settings.subscription.free')}
      </p>
      <p className="text-slate-600">{t('settings.subscription.benefits')}</p>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/subscription">{t('settings.subscription.manage')}</Link>
      </Button>
    </Card>
  );
}
