import { Suspense, lazy, useEffect, useState } from 'react';
import { useToast } from '../hooks/use-toast.ts';

const Toaster = lazy(() => import('./ui/Toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The toast region (Radix Toast) loads once the page is idle, or at once when a toast is
 * raised before that: it is not part of what a first paint needs.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
