/**
 * The controls that have a tooltip (components/ui/Tip.tsx registers them; the host,
 * components/TooltipHost.tsx, draws one for each), and whether the tooltips are wanted yet.
 */
export interface TipEntry {
  id: string;
  label: string;
  element: HTMLElement;
}

const entries = new Map<string, TipEntry>();
let snapshot: readonly TipEntry[] = [];
let wanted = false;
const listeners = new Set<() => void>();
const publish = () => {
  snapshot = [...entries.values()];
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function registerTip(entry: TipEntry) {
  entries.set(entry.id, entry);
  publish();
}

export function unregisterTip(id: string) {
  entries.delete(id);
  publish();
}

/** The controls with a tooltip, for the host; and whether the tooltips are wanted yet. */
export const tipEntries = {
  subscribe,
  get: () => snapshot,
  wanted: () => wanted,
};

/** The tooltips are wanted now: a control that has one was hovered or focused. */
export function want() {
  if (wanted) return;
  wanted = true;
  publish();
}
