import Send from 'lucide-react/icons/send';
import { useEffect, useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import type { ChannelResult, NotificationTestResult } from '#shared/schemas/notifications.ts';
import { CHANNELS } from '#shared/values/notifications.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import { useSendTest } from './api.ts';
import { PushDeviceCard } from './PushDeviceCard.tsx';
import { pushState, type PushState } from './push.ts';

const GOOD = new Set(['delivered', 'sent']);

function outcomeText(
  t: (key: string, options?: Record<string, unknown>) => string,
  channel: (typeof CHANNELS)[number],
  result: ChannelResult,
  push: PushState | null,
): string {
  if (channel === 'push' && result.outcome === 'notSubscribed' && push === 'denied') {
    return t('notify.test.outcome.permissionDenied');
  }
  if (channel === 'push' && result.outcome === 'delivered') {
    return t('notify.test.outcome.deliveredPush', { count: result.count ?? 1 });
  }
  return t(`notify.test.outcome.${result.outcome}`);
}

/** /notification-test: one message through every channel, and what happened on each. */
export default function NotificationTest() {
  const { t } = useTranslation();
  const send = useSendTest();
  // The answer as the mutation holds it (no copy in state handed over by `mutate`'s callback, which
  // TanStack Query drops when the answer comes while nothing is subscribed: ADR 0073).
  const result: NotificationTestResult | null = send.data ?? null;
  const [push, setPush] = useState<PushState | null>(null);
  useEffect(() => {
    void pushState().then(setPush);
  }, []);
  return (
    <>
      <PageHeader title={t('notify.test.title')} subtitle={t('notify.test.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="grid content-start gap-4">
          <Button className="w-fit" disabled={send.isPending} onClick={() => send.mutate()}>
            <Send className="size-4" aria-hidden />
            {send.isPending ? t('notify.test.sending') : t('notify.test.send')}
          </Button>
          <section aria-live="polite" className="grid gap-3">
            {result ? (
              <>
                <h2 className="font-serif text-xl text-brand-950">{t('notify.test.results')}</h2>
                <dl className="grid gap-3">
                  {CHANNELS.map((channel) => (
                    <div
                      key={channel}
                      data-testid={`test-${channel}`}
                      className="grid gap-0.5 rounded-xl border border-slate-200 p-3"
                    >
                      <dt className="text-sm font-semibold text-slate-900">
                        {t(`notify.test.channel.${channel}`)}
                      </dt>
                      <dd
                        className={cn(
                          'break-words text-sm',
                          GOOD.has(result[channel].outcome) ? 'text-green-800' : 'text-amber-800',
                        )}
                      >
                        {outcomeText(t, channel, result[channel], push)}
                      </dd>
                    </div>
                  ))}
                </dl>
                <Link
                  to="/notifications"
                  className="w-fit text-sm font-medium text-brand-700 underline underline-offset-2"
                >
                  {t('notify.test.viewList')}
                </Link>
              </>
            ) : null}
          </section>
        </Card>
        <PushDeviceCard onChange={setPush} />
      </div>
    </>
  );
}
