import {
  Suspense,
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type Ref,
} from 'react';
import { afterFirstScreen } from '../../lib/idle.ts';
import { registerTip, tipEntries, unregisterTip, want } from './tip-store.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Tooltips (SPEC §9: 700 ms, 300 ms to skip to the next), one shared component: `<Tip label=…>`
 * around an icon-only control shows its name on hover and keyboard focus, and on a touch screen
 * when it is pressed and held. The control keeps its own accessible name (`aria-label`), which
 * is the tooltip's text.
 *
 * A first screen does not download the tooltips (Radix Tooltip and its positioning, ~20 KB):
 * `Tip` only registers its control (tip-store.ts), and the one host that draws every tooltip
 * (TooltipHost.tsx, under a single Radix provider that carries the delays) is loaded once the
 * first screen has settled, or at the first hover or focus of such a control. It attaches to
 * the controls already on the page: nothing is rendered again or remounted when it arrives.
 */
export function Tip({
  label,
  children,
}: {
  label: string;
  /** One control (a button, a link, a Radix trigger) that takes a ref to its element. */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
}) {
  const id = useId();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const childRef = children.props.ref;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setRef(childRef, node);
      setElement(node);
    },
    [childRef],
  );
  useEffect(() => {
    if (!element) return;
    registerTip({ id, label, element });
    // Already under the pointer or focused (a page the server drew, taken over while the mouse
    // was on the control): its name is wanted now, not once the page has settled.
    if (element.matches(':hover') || element === document.activeElement) want();
    element.addEventListener('pointerenter', want, { once: true });
    element.addEventListener('focus', want, { once: true });
    return () => {
      unregisterTip(id);
      element.removeEventListener('pointerenter', want);
      element.removeEventListener('focus', want);
    };
  }, [id, label, element]);
  return cloneElement(children, { ref });
}

// Precached for offline use (scripts/build/sw.ts); should it fail to load anyway, the page goes
// on without tooltips rather than failing with it.
const TooltipHost = readyLazy('TooltipHost', (): Promise<{ default: () => ReactElement | null }> =>
  import('../TooltipHost.tsx').catch(() => ({ default: () => null })),
);

/** Mounted once (main.tsx): loads the tooltips' host after the first screen, or when wanted. */
export function LazyTooltips() {
  const [settled, setSettled] = useState(false);
  const asked = useSyncExternalStore(tipEntries.subscribe, tipEntries.wanted, () => false);
  useEffect(() => afterFirstScreen(() => setSettled(true)), []);
  if (!settled && !asked) return null;
  return (
    <Suspense fallback={null}>
      <TooltipHost />
    </Suspense>
  );
}
