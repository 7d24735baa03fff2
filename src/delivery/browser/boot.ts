/**
 * The page's only script tag (README.md): decides when the app takes the page over, and until
 * then keeps everything the member does (held.ts) and shows what a press does where the page
 * can show it alone (previews.ts).
 *
 * - A page drawn in advance for visitors that works as HTML alone (`data-takeover="interaction"`:
 *   the landing page, about, the legal pages) never downloads the app unless one of its
 *   buttons is pressed (the language switch, the phone menu): the press is held, the app
 *   fetched, and the press done again once the app has the page.
 * - A page with a form, and a member's page drawn by the server (`"ready"`): the page's
 *   scripts are fetched as soon as it is on screen, and the app takes it over at once when a
 *   control is reached for, or once the page has loaded and the phone has been idle a while.
 * - The app's shell (no drawing), and a page the app must finish at once (`"paint"`: a drawn
 *   page with unsaved text to put back, the sign-in page saying a session ended): the app right
 *   after the first paint.
 */
import '#client/styles/app.css';
// The worker may answer the early requests below from its cache, offline, and say so before the
// app runs: the connection state listens from here.
import '#client/lib/connection.ts';
import { chosenLanguage, cookieSays, writeLanguageCookie } from '#client/lib/language-choice.ts';
import { sessionEnded } from '#client/lib/session-ended.ts';
import { anyUnsaved, forgetAfterSignOut } from '#client/lib/unsaved.ts';
import { USER_PATH } from '#client/sw/names.ts';
import { behave } from './behaviours.ts';
import { getEarly } from './early.ts';
import { heldSoFar, startHolding } from './held.ts';
import { askPageData, pageData } from './page-data.ts';
import { keepTypedOnLeave, typedKey } from './typed.ts';

// The server has just signed someone out (GET /api/logout): the text they typed and did not
// save goes from this browser before anything else runs (docs/decisions/0049).
forgetAfterSignOut();

const root = document.getElementById('root');
const prerendered = root?.dataset.prerendered;
const scripts = root?.dataset.preload?.split(' ').filter(Boolean) ?? [];

let started = false;
function start() {
  if (started) return;
  started = true;
  preloadScripts();
  void import('#client/main.tsx');
}

let preloading: Promise<unknown> | null = null;
/** The page's scripts, fetched (and compiled) beside the app's: resolves when all are there. */
function preloadScripts(): Promise<unknown> {
  preloading ??= Promise.all(
    scripts.map(
      (href) =>
        new Promise((resolve) => {
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          link.onload = link.onerror = resolve;
          document.head.append(link);
        }),
    ),
  );
  return preloading;
}

/**
 * A page the server rendered in another language than the one the reader chose (their cookie
 * was gone, so it guessed from the browser's languages): the choice wins (issue 22). The cookie
 * is written again and the page asked for once more, now in the chosen language; if the cookie
 * does not stick (cookies off), the app starts at once and switches after taking the page over.
 */
function followChosenLanguage(): 'reloading' | 'switch' | null {
  const chosen = chosenLanguage();
  if (!prerendered || !chosen) return null;
  const guard = 'camino:language-reload';
  let reloaded: string | null = null;
  try {
    if (chosen === document.documentElement.lang) {
      sessionStorage.removeItem(guard);
      return null;
    }
    reloaded = sessionStorage.getItem(guard);
    sessionStorage.setItem(guard, location.href);
  } catch {
    if (chosen === document.documentElement.lang) return null;
    reloaded = location.href; // no session storage: no reload, which could not be guarded
  }
  writeLanguageCookie(chosen);
  if (reloaded !== location.href && cookieSays(chosen)) {
    location.replace(location.href);
    return 'reloading';
  }
  return 'switch';
}

/** Runs `then` once the page has painted something (text, the spinner), or after 1 s. */
function afterFirstPaint(then: () => void) {
  if (typeof PerformanceObserver === 'undefined') return then();
  // The first paint with something in it: a first paint of the background alone comes before
  // the page's content is on screen, and work started then would delay the text.
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
      observer.disconnect();
      setTimeout(then, 0);
    }
  }).observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown.
  setTimeout(then, 1000);
}

/** After the load event, how long the page must stay unused before the app takes it over. */
const IDLE_TAKEOVER_MS = 3000;

/** Runs `run` once the page has loaded, then `IDLE_TAKEOVER_MS` later when the phone is idle. */
function afterLoadIdle(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : run();
  const later = () => setTimeout(idle, IDLE_TAKEOVER_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

/** The controls whose use wants the app (a link is followed by the browser). */
const CONTROLS = 'button, input, select, textarea, [role="button"], [role="tab"], [role="switch"]';

/**
 * The app starts as soon as a control is reached for: a finger or a mouse button down on it,
 * or the keyboard's focus (before the click or the typing arrives). On a member's page a mouse
 * over a control too (its tooltip is the app's).
 */
function startWhenReachedFor(alsoHover: boolean) {
  const wantsApp = (event: Event) =>
    event.target instanceof Element &&
    event.target.closest(event.type === 'pointerover' ? `${CONTROLS}, a[href]` : CONTROLS);
  for (const type of ['pointerdown', 'focusin', ...(alsoHover ? ['pointerover'] : [])]) {
    addEventListener(type, (event) => void (wantsApp(event) && start()), {
      capture: true,
      passive: true,
    });
  }
}

const language = followChosenLanguage();
// The app at once, after the first paint: a member's drawn page where text typed and not saved
// waits to be put back, or the sign-in page with the notice that a session ended (both are the
// app's to show).
const takeover =
  (prerendered === 'member' && anyUnsaved()) || (location.pathname === '/sign-in' && sessionEnded())
    ? 'paint'
    : (root?.dataset.takeover ?? 'paint');

// The keyboard patterns of tabs, menus and radio groups (before and after the app has the page).
behave(document);
if (prerendered) {
  startHolding(start);
  // A member's page left before the app has it: the text typed into what the app keeps goes
  // with the member, as it does once the app has the page (typed.ts).
  const member = root?.dataset.member;
  if (member) {
    addEventListener('pagehide', () => keepTypedOnLeave(member, typedKey(location), heldSoFar()));
  }
} else {
  // The app's shell: whether someone is signed in decides everything it shows, so the session
  // check goes out now, before the app's code rather than after it, and a member's page data as
  // soon as it answers (early.ts). The language is the app's guess too (lib/i18n.ts: the
  // stored choice, else the browser's); on a wrong guess the app asks again.
  getEarly(USER_PATH, undefined, (answer) => {
    if (!answer.ok || pageData().length === 0) return;
    void answer.json().then(
      (user: { ageVerified?: boolean } | null) => askPageData(user, guessLanguage()),
      () => undefined,
    );
  });
}

function guessLanguage(): string {
  return (chosenLanguage() ?? navigator.language ?? '').toLowerCase().startsWith('es')
    ? 'es'
    : 'en';
}

if (language === 'reloading') {
  // The page in the chosen language is on its way.
} else if (language === 'switch') start();
else if (takeover === 'interaction') startWhenReachedFor(false);
else if (takeover === 'ready') {
  startWhenReachedFor(prerendered === 'member');
  // Once on screen, the page's scripts (fetched and compiled, not run), so that the app is
  // quick to come when a control is reached for; unused, it takes the page over once the page
  // has loaded and the phone has been idle a while: its hydration then delays no one's tap or
  // scroll (measured: taking over as soon as the scripts were there cost 100–470 ms of blocked
  // main thread in the load, ADR 0062). Every tap before then is answered by the page itself.
  afterFirstPaint(() => void preloadScripts());
  afterLoadIdle(() => void preloadScripts().then(start));
} else {
  // Someone using the page before it has painted gets the app at once.
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  afterFirstPaint(start);
}
