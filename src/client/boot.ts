/**
 * The page's only script tag (docs/decisions/0013). A public page arrives rendered to HTML: it
 * is painted first, and the app's modules (downloading meanwhile through `modulepreload`) take
 * it over after that paint. Any other page is the app's empty shell: the app starts at once.
 */
import './styles/app.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main.tsx');
};

const prerendered = document.getElementById('root')?.dataset.prerendered;
if (!prerendered || typeof PerformanceObserver === 'undefined') start();
else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().length > 0) {
      observer.disconnect();
      setTimeout(start, 0);
    }
  }).observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown.
  setTimeout(start, 1000);
}
