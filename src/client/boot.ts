/**
 * The page's only script tag (docs/decisions/0013). A public page arrives rendered to HTML: it
 * is painted first, then the app and the page's modules are fetched and take it over (a request
 * started before the first paint would compete with it for a phone's bandwidth). Any other page
 * is the app's empty shell: the app starts at once (its modules are preloaded by the HTML).
 */
import './styles/app.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  preloadPage();
  void import('./main.tsx');
};

const root = document.getElementById('root');
const prerendered = root?.dataset.prerendered;
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
  if (heldForm?.isConnected) heldForm.requestSubmit();
  heldForm = null;
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });

if (!prerendered || typeof PerformanceObserver === 'undefined') start();
else {
  // Someone using the page before it has painted twice gets the app at once.
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().length > 0) {
      observer.disconnect();
      setTimeout(start, 0);
    }
  }).observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown.
  setTimeout(start, 1000);
}
