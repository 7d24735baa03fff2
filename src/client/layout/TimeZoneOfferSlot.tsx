import { Suspense, lazy, useMemo, useState } from 'react';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { withStrings } from '../lib/i18n.ts';
import { zoneToOffer } from '../lib/time-zone.ts';

// Loaded only when there is something to offer: most days the device and the account agree.
const TimeZoneOffer = lazy(withStrings(['timeZoneOffer'], () => import('./TimeZoneOffer.tsx')));

/** Where the member shell offers the device's time zone (layout/TimeZoneOffer.tsx), if at all. */
export function TimeZoneOfferSlot({ user }: { user: CurrentUser }) {
  const [answered, setAnswered] = useState(false);
  const { id, ageVerified, preferences } = user;
  // Behind the age gate nothing can be saved yet.
  const zone = useMemo(
    () => (ageVerified ? zoneToOffer({ id, preferences }) : null),
    [id, ageVerified, preferences],
  );
  if (!zone || answered) return null;
  return (
    <Suspense fallback={null}>
      <TimeZoneOffer user={user} zone={zone} onDone={() => setAnswered(true)} />
    </Suspense>
  );
}
