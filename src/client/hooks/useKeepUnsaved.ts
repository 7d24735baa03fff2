import { useEffect } from 'react';

const PREFIX = 'camino:unsaved:';

/**
 * Text typed but not yet saved, kept in this tab's sessionStorage: it survives the trip to
 * sign-in when the session ends under the member (lib/queryClient.ts), or a reload, and is
 * dropped once saved. Only this tab sees it; it is gone when the tab closes.
 */
export function keptUnsaved<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Forgets what was kept under `key`: it is saved (or safely queued to be). */
export function forgetUnsaved(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** Keeps `value` under `key` while `unsaved`, and forgets it when it is saved. */
export function useKeepUnsaved<T>(key: string, value: T, unsaved: boolean): void {
  useEffect(() => {
    try {
      if (unsaved) sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
      else sessionStorage.removeItem(PREFIX + key);
    } catch {
      // storage unavailable (private mode, quota): nothing is kept
    }
  }, [key, value, unsaved]);
}
