/**
 * Whether the network answers (docs/decisions/0024). `navigator.onLine` false is certain; true
 * may still be a dead network, so requests that fail (told by the service worker, or by the page's
 * own writes) count too, until a request gets through again: while offline, `/healthz` is tried
 * every few seconds.
 */
import { CONNECTION_MESSAGE, type ConnectionMessage } from '../sw/names.ts';

/** How often a page that saw requests fail checks whether the network is back. */
export const RECHECK_MS = 5000;

let failing = false;
let recheck: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const isOnline = () => navigator.onLine && !failing;

function setFailing(value: boolean) {
  if (failing === value) return;
  failing = value;
  clearInterval(recheck);
  recheck = undefined;
  if (failing) {
    recheck = setInterval(() => {
      fetch('/healthz', { cache: 'no-store' }).then(
        (response) => response.ok && setFailing(false),
        () => undefined,
      );
    }, RECHECK_MS);
  }
  emit();
}

/** A request of the page's own never reached the server. */
export const reportNetworkFailure = () => setFailing(true);

let started = false;
function start() {
  if (started) return;
  started = true;
  addEventListener('online', () => {
    setFailing(false);
    emit();
  });
  addEventListener('offline', emit);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<ConnectionMessage> | null;
    if (data?.type === CONNECTION_MESSAGE) setFailing(!data.online);
  });
}

// Listening from the start: the worker's first word may come before any component subscribes,
// even before the app runs (boot.ts imports this module: it answers boot's early requests).
if (typeof window !== 'undefined') start();

/** For useSyncExternalStore. */
export function subscribe(onChange: () => void) {
  start();
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}
