import { Suspense, useEffect, useState } from 'react';
import { useToast } from '../hooks/use-toast.ts';
import { afterFirstScreen } from '../lib/idle.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

const Toaster = readyLazy('Toaster', () =>
  import('./ui/Toaster.tsx').then((m) => ({ default: m.Toaster })),
);

/**
 * The toast region (Radix Toast) loads once the first screen has settled and the page is idle,
 * or at once when a toast is raised before that: it is not part of what a first screen needs,
 * and on a phone its download would compete with the page's own (docs/decisions/0032).
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterFirstScreen(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
