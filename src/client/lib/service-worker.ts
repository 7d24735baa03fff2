/**
 * The page's side of the service worker (src/client/sw/, docs/decisions/0024): registering it
 * once the member app is up and the browser is idle, and forgetting the member's offline data
 * on sign-out.
 */
import { DATA_CACHE, OUTBOX_DB, SW_URL } from '../sw/names.ts';

let registered = false;

/** Production builds only: `npm run dev` serves no sw.js, and its modules change constantly. */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const register = () => {
    navigator.serviceWorker.register(SW_URL).catch((error: unknown) => {
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

/** The member's data kept on this device for offline use: the kept answers and queued writes. */
export async function clearOfflineData(): Promise<void> {
  await Promise.allSettled([
    typeof caches === 'undefined' ? Promise.resolve() : caches.delete(DATA_CACHE),
    typeof indexedDB === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(OUTBOX_DB);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
  ]);
}
