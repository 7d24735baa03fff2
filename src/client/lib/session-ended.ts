/**
 * Set when a signed-in member's session ended under them (lib/queryClient.ts); the sign-in page
 * says so. This module touches nothing else: boot.ts reads it before the app runs.
 */
export const SESSION_ENDED_FLAG = 'camino:session-ended';

/** Whether the sign-in page has to tell the person that their session ended. */
export function sessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_FLAG) === '1';
  } catch {
    return false;
  }
}
