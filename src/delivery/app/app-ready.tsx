import { useEffect } from 'react';

/** Tells boot.ts that the app now handles the page's forms (it holds submissions until then). */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready';
}

/**
 * Rendered by every lazily loaded page after the page itself (routes.tsx): its effect runs once
 * the page, prerendered or not, has been rendered or hydrated, so the app handles the page's
 * events from then. Not beside the page: Preact hydrates what surrounds a page still loading
 * at once, and a sibling's effect would say "ready" before the page's form had its handlers
 * (docs/decisions/0051).
 */
export function AppReady() {
  useEffect(markAppReady, []);
  return null;
}
