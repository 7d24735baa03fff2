import { useMutation, useQueryClient } from '@tanstack/react-query';
import Globe from 'lucide-react/icons/globe';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Button } from '../components/ui/Button.tsx';
import { toast } from '../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../lib/auth-api.ts';
import { apiRequest, errorMessage } from '../lib/queryClient.ts';
import { rememberKept, zoneLabel, zonePlace } from '../lib/time-zone.ts';

const saveTimeZone = async (timeZone: string) =>
  (await apiRequest('PATCH', '/api/user/preferences', { timeZone })).json() as Promise<CurrentUser>;

/**
 * The device is in another time zone than the one the member's reminders and days follow (a
 * trip, a move): offers to switch, once (ADR 0038). "Use" saves the device's zone; "Keep" saves
 * the current one as chosen and is remembered on this device for this device zone, so the
 * question comes back only from yet another zone. Not a dialog: the page stays usable.
 */
export default function TimeZoneOffer({
  user,
  zone,
  onDone,
}: {
  user: CurrentUser;
  zone: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const label = (z: string) => zoneLabel(z, i18n.language);
  const place = (z: string) => zonePlace(z, i18n.language);
  const saved = user.preferences.timeZone;
  const use = useMutation({
    mutationFn: saveTimeZone,
    onSuccess: async (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      onDone();
      toast({
        title: t('timeZoneOffer.changed', { zone: label(updated.preferences.timeZone) }),
      });
      // "Today" may be another date now: the dashboard, the reading, goals...
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0],
      });
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
  const keep = () => {
    rememberKept(user.id, saved, zone);
    onDone();
    // Kept on purpose is a choice: a later sign-in no longer takes the device's zone.
    void saveTimeZone(saved)
      .then((updated) => queryClient.setQueryData(CURRENT_USER_KEY, updated))
      .catch(() => undefined /* remembered on this device all the same */);
  };
  return (
    <section
      aria-labelledby={titleId}
      className="border-b border-brand-100 bg-brand-50 px-4 py-2.5 text-sm text-brand-950 sm:px-6"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p id={titleId} className="flex min-w-0 flex-1 basis-64 items-start gap-2">
          <Globe className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <span>{t('timeZoneOffer.body', { device: label(zone), saved: label(saved) })}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={use.isPending} onClick={() => use.mutate(zone)}>
            {t('timeZoneOffer.use', { zone: place(zone) })}
          </Button>
          <Button size="sm" variant="outline" disabled={use.isPending} onClick={keep}>
            {t('timeZoneOffer.keep', { zone: place(saved) })}
          </Button>
        </div>
      </div>
    </section>
  );
}
