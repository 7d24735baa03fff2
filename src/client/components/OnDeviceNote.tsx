import CloudOff from 'lucide-react/icons/cloud-off';
import type { ReactNode } from 'react';

/**
 * Says that what the page shows was read from this device, with no network (the offline
 * download, issue 40), and what waits for the network.
 */
export function OnDeviceNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-gold-300/30 px-3 py-2 text-sm text-brand-950">
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
