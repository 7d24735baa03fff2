/**
 * The page's only script tag (docs/decisions/0013). A public page arrives rendered to HTML.
 * - A page that works as HTML alone (the landing page, about, the course overview, the legal
 *   pages: links and text) never downloads the app unless the reader presses one of its buttons
 *   (the language switch, the phone menu) or uses a form: the press is held, the app fetched and
 *   the press replayed once the app handles the page. Links are plain links.
 * - A page with a form (sign-in, sign-up, a forgotten password) and a member's first screen drawn
 *   by the server are read before anything is pressed: the app takes them over when a field or a
 *   button is reached for, or once the page has loaded and the phone has had nothing to do for a
 *   while (docs/decisions/0060, 0061). A submit or a press before then is held and replayed.
 * - Any other page is the app's shell: its loading screen is painted from the HTML alone, the
 *   session check goes out at once, and the app right after the first paint
 *   (docs/decisions/0032).
 */
import './styles/app.css';
// The worker may answer the early requests below from its cache, offline, and say so before the
// app runs: the connection state listens from here.
import './lib/connection.ts';
import { getEarly } from './lib/early.ts';
import { chosenLanguage, cookieSays, writeLanguageCookie } from './lib/language-choice.ts';
import { USER_PATH } from './sw/names.ts';
import { anyUnsaved, forgetAfterSignOut } from './lib/unsaved.ts';
import { sessionEnded } from './lib/session-ended.ts';
import { askPageData, pageData } from './page-data.ts';

// The server has just signed someone out (GET /api/logout): the text they typed and did not
// save goes from this browser before anything else runs (docs/decisions/0049).
forgetAfterSignOut();

function guessLanguage(): string {
  return (chosenLanguage() ?? navigator.language ?? '').toLowerCase().startsWith('es')
    ? 'es'
    : 'en';
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  preloadPage();
  void import('./main.tsx');
};

const root = document.getElementById('root');
const prerendered = root?.dataset.prerendered;

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
const language = followChosenLanguage();
/** The page's own chunks and strings, fetched beside the app's once the page is painted. */
const preloadPage = () => {
  for (const href of root?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
};
/**
 * Until the app has taken the page over, a form must not submit natively (it would send a
 * password as a GET to the page's own URL): the submit is held, the app started, and the form
 * submitted again once the app handles the page (components/AppReady.tsx sets data-app="ready").
 */
let heldForm: HTMLFormElement | null = null;
/** Every press held, in order: two verses chosen before the takeover are both chosen after. */
let heldButtons: HTMLElement[] = [];
const MOST_PRESSES_HELD = 20;
const ready = () => document.documentElement.dataset.app === 'ready';
document.addEventListener(
  'submit',
  (event) => {
    if (ready() || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    heldForm = event.target;
    start();
  },
  true,
);
new MutationObserver((_, observer) => {
  if (!ready()) return;
  observer.disconnect();
  document.documentElement.removeAttribute('aria-busy');
  if (heldForm?.isConnected) heldForm.requestSubmit();
  // Hydration keeps the page's elements: the buttons pressed are the ones the app now handles,
  // pressed again in the order they were (one press may remove the next one's button).
  const presses = heldButtons;
  heldForm = null;
  heldButtons = [];
  for (const button of presses) if (button.isConnected) button.click();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });

/**
 * A press on one of the page's buttons before the app runs (a page that works as HTML alone, a
 * member's first screen drawn by the server): held, then replayed once the app handles it.
 */
function holdPresses() {
  document.addEventListener(
    'click',
    (event) => {
      if (ready() || !(event.target instanceof Element)) return;
      const button = event.target.closest<HTMLElement>('button, [role="button"]');
      // A form's submit button: the submit itself is held (above).
      const submits =
        button instanceof HTMLButtonElement && !!button.form && button.type === 'submit';
      if (!button || submits) return;
      event.preventDefault();
      event.stopPropagation();
      if (heldButtons.length < MOST_PRESSES_HELD) heldButtons.push(button);
      document.documentElement.setAttribute('aria-busy', 'true');
      start();
    },
    true,
  );
}

/**
 * A member's first screen drawn by the server (docs/decisions/0060), or a page with a form
 * (0061), is read before anything is pressed: the app takes it over when a control is reached
 * for (below), or once the page has loaded and the phone has had nothing to do for a while (a
 * member's live parts then start: notifications, offline support; a form is ready before the
 * password manager's fill is submitted). Its scripts are fetched, not run, as soon as the page
 * has loaded, so that taking over does not wait for the network.
 */
const IDLE_TAKEOVER_MS = 3000;
function takeOverWhenIdle() {
  const whenIdle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : run();
  const prefetch = () => {
    const links = document.createDocumentFragment();
    for (const href of root?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
  };
  const afterLoad = () => {
    whenIdle(prefetch);
    setTimeout(() => whenIdle(start), IDLE_TAKEOVER_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}

// The app at once, after the first paint: a member's drawn page where text typed and not saved
// waits to be put back, or the sign-in page with the notice that a session ended (both are the
// app's to show).
const takeover =
  (prerendered === 'member' && anyUnsaved()) || (location.pathname === '/sign-in' && sessionEnded())
    ? 'paint'
    : root?.dataset.takeover;
if (!prerendered) {
  // The app's shell: whether someone is signed in decides everything it shows, so the session
  // check goes out now, before the app's code rather than after it, and a member's page data as
  // soon as it answers (lib/early.ts). The language is the app's guess too (lib/i18n.ts: the
  // stored choice, else the browser's); on a wrong guess the app asks again.
  getEarly(USER_PATH, undefined, (answer) => {
    if (!answer.ok || !pageData(window.location.pathname)) return;
    void answer.json().then(
      (user: { ageVerified?: boolean } | null) => askPageData(user, guessLanguage()),
      () => undefined,
    );
  });
}
if (language === 'reloading') {
  // The page in the chosen language is on its way.
} else if (language === 'switch' || typeof PerformanceObserver === 'undefined') start();
else if (takeover === 'interaction' || takeover === 'idle') {
  holdPresses();
  // A finger on a button or a field, or the keyboard on one: the app starts loading before the
  // click (or the typing) arrives. On a member's page, a mouse over a control too: its tooltip
  // is the app's (a visitor's page that works as HTML alone stays so while links are hovered).
  const member = prerendered === 'member';
  const wantsApp = (event: Event) =>
    event.target instanceof Element &&
    event.target.closest(
      event.type === 'pointerover'
        ? 'button, input, select, textarea, a[href], [role="button"]'
        : 'button, input, select, textarea',
    );
  for (const type of ['pointerdown', 'focusin', ...(member ? ['pointerover'] : [])]) {
    addEventListener(type, (event) => void (wantsApp(event) && start()), {
      capture: true,
      passive: true,
    });
  }
  if (takeover === 'idle') takeOverWhenIdle();
} else {
  // The app's shell (its loading screen), or a page whose first screen is the app's to finish
  // (above): painted first, then the app.
  if (prerendered === 'member') holdPresses();
  // Someone using the page before it has painted gets the app at once.
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  // The first paint with something in it (text, the spinner): a first paint of the background
  // alone comes before the page's content is on screen, and the app's work would delay it.
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
      observer.disconnect();
      setTimeout(start, 0);
    }
  }).observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown.
  setTimeout(start, 1000);
}
