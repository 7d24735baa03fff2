import { useLayoutEffect } from 'react';
import { forgetUnsaved, keepUnsaved, keptUnsaved } from '../lib/unsaved.ts';
import { useAuth } from './useAuth.ts';

/**
 * Text typed but not yet saved, kept in this tab under the member's id (lib/unsaved.ts): it
 * survives the trip to sign-in when the session ends under the member (lib/queryClient.ts), or a
 * reload, and is dropped once saved. Only this tab sees it, only the same member gets it back,
 * and it is gone when the tab closes or the member signs out.
 */
export function useKeptUnsaved<T>(key: string): {
  /** What the signed-in member kept under `key` (read once, as the editor opens). */
  kept: () => T | null;
  /** Forgets it: it is saved (or safely queued to be). */
  forget: () => void;
} {
  const memberId = useAuth().user?.id;
  return {
    kept: () => (memberId ? keptUnsaved<T>(memberId, key) : null),
    forget: () => {
      if (memberId) forgetUnsaved(memberId, key);
    },
  };
}

/**
 * Keeps `value` under `key` for the member signed in while `unsaved`, and forgets it once saved.
 * Written as the keystroke renders, not after the next paint: Preact runs `useLayoutEffect` after a
 * frame, and a member who types and at once leaves the page (a link, the address bar, a session
 * ending) would lose the last words typed.
 */
export function useKeepUnsaved<T>(key: string, value: T, unsaved: boolean): void {
  const memberId = useAuth().user?.id;
  useLayoutEffect(() => {
    if (!memberId) return;
    if (unsaved) keepUnsaved(memberId, key, value);
    else forgetUnsaved(memberId, key);
  }, [memberId, key, value, unsaved]);
}
