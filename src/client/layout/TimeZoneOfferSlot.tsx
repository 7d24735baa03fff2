import { Suspense, useEffect, useState } from 'react';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { withStrings } from '../lib/i18n.ts';
import { zoneToOffer } from '../lib/time-zone.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// Loaded only when there is something to offer: most days the device and the account agree.
const TimeZoneOffer = readyLazy(
  'TimeZoneOffer',
  withStrings(['timeZoneOffer'], () => import('./TimeZoneOffer.tsx')),
);

/** Where the member shell offers the device's time zone (layout/TimeZoneOffer.tsx), if at all. */
export function TimeZoneOfferSlot({ user }: { user: CurrentUser }) {
  const [answered, setAnswered] = useState(false);
  const [zone, setZone] = useState<string | null>(null);
  const { id, ageVerified, preferences } = user;
  // Asked once the page is on screen: the device's zone is the browser's to tell, so a page the
  // server drew (docs/decisions/0060) is taken over as drawn, and the offer follows. Behind the
  // age gate nothing can be saved yet.
  useEffect(
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the device is known only here
    () => setZone(ageVerified ? zoneToOffer({ id, preferences }) : null),
    [id, ageVerified, preferences],
  );
  if (!zone || answered) return null;
  return (
    <Suspense fallback={null}>
      <TimeZoneOffer user={user} zone={zone} onDone={() => setAnswered(true)} />
    </Suspense>
  );
}
