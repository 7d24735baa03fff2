import { Suspense, lazy, useEffect, useState } from 'react';
import { useToast } from '../hooks/use-toast.ts';

const Toaster = lazy(() => import('./ui/Toaster.tsx').then((m) => ({ default: m.Toaster })));

/** After the page's load event: the first screen's own requests have gone out by then. */
const SETTLE_MS = 2000;

/**
 * The toast region (Radix Toast) loads once the first screen has settled and the page is idle,
 * or at once when a toast is raised before that: it is not part of what a first screen needs,
 * and on a phone its download would compete with the page's own (docs/decisions/0032).
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idleId: number | undefined;
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        idleId = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      } else setIdle(true);
    };
    const settle = () => (timer = setTimeout(whenIdle, SETTLE_MS));
    if (document.readyState === 'complete') settle();
    else addEventListener('load', settle, { once: true });
    return () => {
      removeEventListener('load', settle);
      clearTimeout(timer);
      if (idleId !== undefined) cancelIdleCallback(idleId);
    };
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
