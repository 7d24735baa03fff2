import Crown from 'lucide-react/icons/crown';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PremiumIncludes } from '../subscription/index.ts';

/**
 * SPEC §2: the premium-gate message with an upgrade button (to /subscription) and a way back
 * to the courses; what Premium includes comes from the one list the subscription page shows.
 */
export function PremiumGate() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 rounded-2xl border border-gold-400/60 bg-gradient-to-br from-gold-300/30 to-white p-5">
      <p className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <Crown className="size-5 text-gold-500" aria-hidden /> {t('courses.premiumGateTitle')}
      </p>
      <p className="text-slate-700">{t('courses.premiumGateBody')}</p>
      <PremiumIncludes headingLevel={3} className="text-sm" />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary">
          <Link to="/subscription">{t('courses.subscribe')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/courses">{t('courses.backToCourses')}</Link>
        </Button>
      </div>
    </div>
  );
}
