import { useQueryClient } from '@tanstack/react-query';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../hooks/use-toast.ts';
import { isOnline, subscribe } from '../lib/connection.ts';
import { replayOutbox } from '../lib/outbox.ts';
import { errorMessage } from '../lib/queryClient.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';

/** Whether the network answers (lib/connection.ts). */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);

/**
 * The member shell's connection state (docs/decisions/0024): a notice while offline, and the
 * writes queued meanwhile sent once the connection is back (and when the app starts). Also
 * registers the service worker, once the member app is up.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();

  useEffect(() => registerServiceWorker(), []);

  useEffect(() => {
    if (!online) return;
    void replayOutbox()
      .then(async ({ sent, refused }) => {
        if (sent > 0) toast({ title: t('offline.synced', { count: sent }) });
        for (const { error } of refused) {
          toast({
            title: t('offline.refused'),
            description: errorMessage(error, t),
            variant: 'destructive',
          });
        }
        if (sent + refused.length > 0) await queryClient.invalidateQueries();
      })
      .catch((error: unknown) => console.warn('Could not send the writes made offline:', error));
  }, [online, queryClient, t]);

  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 border-b border-gold-300 bg-gold-300/30 px-4 py-2 text-sm text-brand-950 sm:items-center sm:px-6"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden />
      <p className="min-w-0">
        <strong className="font-semibold">{t('offline.title')}</strong> {t('offline.body')}
      </p>
    </div>
  );
}
