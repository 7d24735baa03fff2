import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import type { TwoFactorMode } from './TwoFactorDialog.tsx';

const TwoFactorDialog = lazyWhenOpen(() => import('./TwoFactorDialog.tsx'));

/** The anchor the admin panel links to (`/account-settings#two-factor`). */
export const TWO_FACTOR_ANCHOR = 'two-factor';

/**
 * Two-step verification (ADR 0031): its state, and turning it on (scan a QR code, confirm a
 * code, save recovery codes), off, or renewing the recovery codes. Admins cannot turn it off.
 */
export function TwoFactorCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<TwoFactorMode | null>(null);
  const on = user.twoFactorEnabled;
  // Sign-in asks for a second step with a passkey too (ADR 0044): the card's state says so.
  const asked = on || user.hasPasskey;
  const admin = user.role === 'admin';
  // Arriving from the admin panel's notice: bring the card into view.
  useEffect(() => {
    if (window.location.hash === `#${TWO_FACTOR_ANCHOR}`) {
      document.getElementById(TWO_FACTOR_ANCHOR)?.scrollIntoView();
    }
  }, []);
  return (
    <Card id={TWO_FACTOR_ANCHOR} className="scroll-mt-24">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden />
          {t('settings.twoFactor.title')}
        </h2>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold',
            asked ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700',
          )}
        >
          {asked ? t('settings.twoFactor.on') : t('settings.twoFactor.off')}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('settings.twoFactor.hint')}</p>
      {!on && user.hasPasskey ? (
        <p className="mt-2 text-sm text-slate-700">{t('settings.twoFactor.byPasskey')}</p>
      ) : null}
      {admin ? (
        <p className="mt-3 rounded-xl border border-gold-400/60 bg-gold-300/20 px-4 py-3 text-sm text-brand-950">
          {t('settings.twoFactor.adminNote')}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {on ? (
          <>
            <Button variant="outline" onClick={() => setMode('codes')}>
              {t('settings.twoFactor.newCodes')}
            </Button>
            {/* An admin keeps a second step: this one, unless a passkey is there (ADR 0044). */}
            {admin && !user.hasPasskey ? null : (
              <Button variant="outline" onClick={() => setMode('disable')}>
                {t('settings.twoFactor.disable')}
              </Button>
            )}
          </>
        ) : (
          <Button onClick={() => setMode('enable')}>
            {/* With a passkey, sign-in already asks a second step: the button adds another kind. */}
            {user.hasPasskey ? t('settings.twoFactor.addApp') : t('settings.twoFactor.enable')}
          </Button>
        )}
      </div>
      <TwoFactorDialog
        open={mode !== null}
        mode={mode ?? 'enable'}
        email={user.email}
        onOpenChange={(open) => {
          if (!open) setMode(null);
        }}
      />
    </Card>
  );
}
