/**
 * The drawing a render belongs to, while the server draws a member's page (render/drawing.tsx,
 * docs/decisions/0060). The app's modules read what belongs to one drawing here (the member's
 * own answers, the device's cookies, the lazy parts it rendered, whether it was given up), never
 * from switches of their own, so that several members' pages are drawn at once without mixing.
 * The drawing's entry installs, once as it loads, how to find the current one (Node's
 * AsyncLocalStorage, which follows each drawing through its awaits); in the browser nothing is
 * installed and there is never a drawing. No imports: the browser must never load Node's modules.
 */

/** What the server gives itself: a GET of its own API as the member, answered in process. */
export interface DrawnAnswer {
  status: number;
  /** The answer's Content-Type, when it has one. */
  type?: string;
  /** The body as text ('' for an empty answer). */
  body: string;
}

export interface Drawing {
  /** The page's language, which the member's own requests ask in. */
  language: 'en' | 'es';
  /** A GET of the API as the member; refused once the drawing is given up. */
  get(url: string): Promise<Response>;
  /** The request's device cookies (device-cookies.ts reads only its own names). */
  cookies: Readonly<Partial<Record<string, string>>>;
  /** The named lazy components the drawing rendered (ready-lazy.tsx). */
  lazies: Set<string>;
  /** Aborted when the drawing is given up (too slow): nothing more is asked or drawn for it. */
  signal: AbortSignal;
}

let find: () => Drawing | undefined = () => undefined;

/** The drawing this code runs for, on the server; always undefined in the browser. */
export function currentDrawing(): Drawing | undefined {
  return find();
}

/** Called once by the drawing's entry (render/drawing.tsx), where Node's modules may be used. */
export function installDrawingContext(source: () => Drawing | undefined): void {
  find = source;
}
