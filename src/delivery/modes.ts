/**
 * Which of the three modes of README.md's table a request for an HTML page gets: a visitor's
 * page drawn at build time, a member's page drawn now (which falls back to the shell when the
 * drawing cannot be done: server/drawing.ts), or the app's shell. No imports: the server asks it,
 * the test (tests/delivery/server/modes.test.ts) checks it against the table.
 */
export type Mode = 'prerendered' | 'drawn' | 'shell';

export interface PageRequest {
  method: string;
  /** The request carries a session cookie (whether the session is still valid is the drawing's to find). */
  session: boolean;
  /** A page of the path is drawn at build time for visitors. */
  prerendered: boolean;
  /** The path is a member route the server draws (routes.tsx: not `notDrawn`). */
  drawnRoute: boolean;
  /** The server has the drawing's bundle (a build of the client with it). */
  canDraw: boolean;
}

export function modeFor(request: PageRequest): Mode {
  if (!request.session) return request.prerendered ? 'prerendered' : 'shell';
  if (request.method === 'GET' && request.drawnRoute && request.canDraw) return 'drawn';
  return 'shell';
}
