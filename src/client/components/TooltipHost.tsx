import * as Tooltip from '@radix-ui/react-tooltip';
import {
  forwardRef,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type Ref,
} from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#shared/constants.ts';
import { tipEntries, type TipEntry } from './ui/tip-store.ts';

/** Held this long, a control on a touch screen shows its name instead of being pressed. */
const LONG_PRESS_MS = 500;
/** How long a name shown by a long press stays (a touch elsewhere closes it sooner). */
const LONG_PRESS_SHOWN_MS = 3000;

/**
 * Every tooltip of the page (components/ui/Tip.tsx), under one Radix provider with SPEC §9's
 * delays: 700 ms on hover, and 300 ms after one closes during which the next opens at once.
 */
export default function TooltipHost() {
  const entries = useSyncExternalStore(tipEntries.subscribe, tipEntries.get, tipEntries.get);
  // Said on the page (as data-app="ready" is), so a test can wait for the tooltips to be there.
  useEffect(() => {
    document.documentElement.dataset.tooltips = 'ready';
  }, []);
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {entries.map((entry) => (
        <HostedTip key={entry.id} entry={entry} />
      ))}
    </Tooltip.Provider>
  );
}

function HostedTip({ entry }: { entry: TipEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger asChild>
        <Attach element={entry.element} onLongPress={setOpen} />
      </Tooltip.Trigger>
      {/* In the dialog the control is in, if any: a modal dialog is above the rest of the page,
          which is inert while it is open (components/ui/Drawer.tsx). */}
      <Tooltip.Portal container={entry.element.closest('dialog') ?? undefined}>
        <Tooltip.Content
          side="bottom"
          sideOffset={6}
          collisionPadding={8}
          className="z-[95] max-w-[min(20rem,calc(100vw-1rem))] rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
        >
          {entry.label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** The trigger's handlers, as Radix gives them to the element it wraps. */
const HANDLERS = {
  onPointerMove: 'pointermove',
  onPointerLeave: 'pointerleave',
  onPointerDown: 'pointerdown',
  onFocus: 'focus',
  onBlur: 'blur',
  onClick: 'click',
} as const;
type Handlers = Partial<Record<keyof typeof HANDLERS, (event: Event) => void>>;

/**
 * Radix's trigger, attached to the control already on the page rather than rendered: its
 * element is the anchor the tooltip is placed by, and its events drive the tooltip. Nothing is
 * added to the control: its accessible name is the tooltip's text already.
 */
const Attach = forwardRef<
  HTMLElement,
  Handlers & { element: HTMLElement; onLongPress: (open: boolean) => void }
>(function Attach({ element, onLongPress, ...props }, ref) {
  // The latest handlers, read by the listeners (attached once per element).
  const handlers = useRef<Handlers>(props);
  useLayoutEffect(() => {
    handlers.current = props;
  });
  useLayoutEffect(() => {
    setRef(ref, element);
    return () => setRef(ref, null);
  }, [ref, element]);
  useLayoutEffect(() => {
    const detach = Object.entries(HANDLERS).map(([prop, type]) => {
      const listener = (event: Event) => {
        // Focus shows the name to a keyboard user, not when a dialog that opens puts focus on
        // its close button after a tap or a click.
        if (type === 'focus' && !focusVisible(element)) return;
        handlers.current[prop as keyof Handlers]?.(event);
      };
      element.addEventListener(type, listener);
      return () => element.removeEventListener(type, listener);
    });
    return () => detach.forEach((off) => off());
  }, [element]);
  useLongPress(element, onLongPress);
  return null;
});

/**
 * A touch screen has no hover: pressing and holding a control shows its name; the press that
 * showed it does not also act (its click is dropped), and neither does the phone's own menu.
 */
function useLongPress(element: HTMLElement, show: (open: boolean) => void) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hide: ReturnType<typeof setTimeout> | undefined;
    let shown = false;
    const cancel = () => clearTimeout(timer);
    const down = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      shown = false;
      cancel();
      timer = setTimeout(() => {
        shown = true;
        show(true);
        clearTimeout(hide);
        hide = setTimeout(() => show(false), LONG_PRESS_SHOWN_MS);
      }, LONG_PRESS_MS);
    };
    const swallow = (event: Event) => {
      if (!shown) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.type === 'click') shown = false;
    };
    const previousCallout = element.style.getPropertyValue('-webkit-touch-callout');
    element.style.setProperty('-webkit-touch-callout', 'none');
    element.addEventListener('pointerdown', down);
    for (const type of ['pointerup', 'pointercancel', 'pointerleave']) {
      element.addEventListener(type, cancel);
    }
    element.addEventListener('click', swallow, { capture: true });
    element.addEventListener('contextmenu', swallow, { capture: true });
    return () => {
      cancel();
      clearTimeout(hide);
      element.style.setProperty('-webkit-touch-callout', previousCallout);
      element.removeEventListener('pointerdown', down);
      for (const type of ['pointerup', 'pointercancel', 'pointerleave']) {
        element.removeEventListener(type, cancel);
      }
      element.removeEventListener('click', swallow, { capture: true });
      element.removeEventListener('contextmenu', swallow, { capture: true });
    };
  }, [element, show]);
}

function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
