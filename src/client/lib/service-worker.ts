/**
 * The page's side of the service worker (src/client/sw/, docs/decisions/0024): registering it
 * once the member app is up and the browser is idle, having it keep what the page already shows,
 * and forgetting the member's offline data on sign-out.
 */
import {
  CLAIM_MESSAGE,
  DATA_CACHE,
  OUTBOX_DB,
  SHEETS_CACHE,
  SW_URL,
  offlineRule,
} from '../sw/names.ts';
import { queryClient } from './queryClient.ts';

let registered = false;

/** Production builds only: `npm run dev` serves no sw.js, and its modules change constantly. */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  // The first time a worker takes the page over, what the page already had came from the network
  // without it, so none of it was kept: the answers it keeps offline are asked for again, once,
  // through it. Today's reading, the dashboard and the memory list then open offline after this
  // one visit.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepWhatThePageShows, {
      once: true,
    });
  } else if (document.getElementById('root')?.dataset.prerendered === 'member') {
    // A page the server drew (docs/decisions/0060) came with its answers, which the worker
    // never saw: asked again through it, once the page is idle, so they open offline too.
    if ('requestIdleCallback' in window) requestIdleCallback(keepWhatThePageShows);
    else setTimeout(keepWhatThePageShows, 1000);
  }
  const register = () => {
    navigator.serviceWorker
      .register(SW_URL)
      .then(async () => {
        // Active, and still not this page's: the page came while the worker was installing,
        // after its activation claimed the pages there were. It asks to be claimed too.
        const ready = await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: CLAIM_MESSAGE });
      })
      .catch((error: unknown) => {
        console.warn('The service worker could not be registered:', error);
      });
  };
  // Its precaching must not compete with the page's own first load.
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

function keepWhatThePageShows() {
  // The session query (SESSION_KEY, /api/session) is one of them.
  void queryClient.refetchQueries({
    // By the URL its key spells, or by its first part (today's reading's key adds the language).
    predicate: ({ queryKey }) =>
      offlineRule(queryKey.map(String).join('/').split('?')[0]!) !== undefined ||
      offlineRule(String(queryKey[0]).split('?')[0]!) !== undefined,
  });
}

/** The member's data kept on this device for offline use: the kept answers and queued writes. */
export async function clearOfflineData(): Promise<void> {
  await Promise.allSettled([
    typeof caches === 'undefined' ? Promise.resolve() : caches.delete(DATA_CACHE),
    typeof caches === 'undefined' ? Promise.resolve() : caches.delete(SHEETS_CACHE),
    typeof indexedDB === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(OUTBOX_DB);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
  ]);
}
