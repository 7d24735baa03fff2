import { useLayoutEffect, useState } from 'react';

/**
 * While the app takes over a page drawn before it came (takeover.ts), its first render must be
 * the drawing itself: Preact keeps the drawn elements and does not set their attributes or an
 * input's value again, so a first render that differs leaves the page showing what the server
 * drew while the app believes otherwise.
 */
let takingOver = false;

/** Runs `hydrate` as the app's first render of a drawn page (takeover.ts). */
export function asTakeover(hydrate: () => void): void {
  takingOver = true;
  try {
    hydrate();
  } finally {
    takingOver = false;
  }
}

/**
 * A value only the device knows (its time zone, what it kept in its storage): `whileDrawn` while
 * a page is drawn on the server and in the app's first render of it, the device's own right after
 * (before the browser paints), and at once on a page the app renders itself. The page is drawn
 * exactly as the app first renders it, then shows the device's value (src/delivery/README.md,
 * "What a component must do").
 */
export function useDeviceValue<T>(read: () => T, whileDrawn: T): T {
  const [value, setValue] = useState<T>(() =>
    typeof document === 'undefined' || takingOver ? whileDrawn : read(),
  );
  useLayoutEffect(() => {
    // Read once the page is the app's: the device's answer replaces the drawing's.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- only the device knows it
    setValue(read());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, as the page opens
  }, []);
  return value;
}
