import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { errorMessage } from '../../lib/queryClient.ts';
import { disablePush, enablePush, pushState, type PushState } from './push.ts';

/** Push on this device: its state, and a button to turn it on (asks permission) or off. */
export function PushDeviceCard({ onChange }: { onChange?: (state: PushState) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      onChange?.(next);
      if (next === 'on') toast({ title: t('notify.push.enabled') });
      else if (next === 'off' && state === 'on') toast({ title: t('notify.push.disabled') });
    } catch (error) {
      toast({
        title: t('errors.title'),
        description: t('notify.push.failed', { reason: errorMessage(error, t) }),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="grid content-start gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('notify.push.title')}</h2>
      <p role="status" className="text-sm text-slate-700" data-testid="push-state">
        {state ? t(`notify.push.${state}`) : '\u00a0'}
      </p>
      {state === 'off' || state === 'on' ? (
        <Button
          variant={state === 'on' ? 'outline' : 'primary'}
          className="w-fit"
          disabled={busy}
          onClick={() => void run(state === 'on' ? disablePush : enablePush)}
        >
          {t(state === 'on' ? 'notify.push.disable' : 'notify.push.enable')}
        </Button>
      ) : null}
    </Card>
  );
}
