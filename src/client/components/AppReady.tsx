import { useEffect } from 'react';

/** Tells boot.ts that the app now handles the page's forms (it holds submissions until then). */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready';
}

/**
 * Rendered inside the visitor pages' Suspense boundary: its effect runs once that boundary, the
 * prerendered page included, has been hydrated, so React handles the page's events from then.
 */
export function AppReady() {
  useEffect(markAppReady, []);
  return null;
}
