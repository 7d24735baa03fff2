import { isOnline } from '../../lib/connection.ts';
import { WARM_SEARCH_MESSAGE } from '../../sw/names.ts';

/**
 * The member is about to search with no network: the service worker reads the translation's
 * downloaded verses now, while the words are typed, so the search answers at once.
 */
export function warmOfflineSearch(translation: string): void {
  if (isOnline()) return;
  navigator.serviceWorker?.controller?.postMessage({
    type: WARM_SEARCH_MESSAGE,
    translation,
    offline: true,
  });
}
