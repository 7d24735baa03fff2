import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { markAppReady } from '#delivery/app/app-ready.tsx';
import { LazyToaster } from './components/LazyToaster.tsx';
import { PageLoadingProvider } from './components/LoadingOverlays.tsx';
import { LazyTooltips } from './components/ui/Tip.tsx';
import { asLanguage, i18n, loadLanguage, switchLanguage } from './lib/i18n.ts';
import { chosenLanguage, writeLanguageCookie } from './lib/language-choice.ts';
import { CURRENT_USER_KEY } from './lib/auth-api.ts';
import type { DrawnAnswers } from '#delivery/app/drawn.ts';
import { LanguageProvider } from './lib/language.tsx';
import { takeOver } from '#delivery/app/takeover.ts';
import { queryClient } from './lib/queryClient.ts';
import { preloadSession } from '#delivery/app/preload.ts';

// The server puts a per-response CSP nonce here; injected <style> elements carry it.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// A public page may arrive rendered to HTML for a visitor, in the language the server chose
// (docs/decisions/0013): the app takes it over in that language, as a visitor. The reader's own
// choice wins over the server's guess (issue 22): kept as it is, told to the server again (the
// cookie may have gone), and shown once the page is the app's.
// A member's first screen may arrive rendered too, with the answers it was drawn from
// (member-render.tsx, docs/decisions/0060): the app takes it over with them, asking nothing again.
const drawnFor = root.dataset.prerendered;
const prerendered = drawnFor === 'visitor' || drawnFor === 'member';
const chosen = chosenLanguage();
if (chosen) writeLanguageCookie(chosen);
const language = prerendered
  ? asLanguage(document.documentElement.lang)
  : (chosen ?? asLanguage(i18n.language));
// A visitor's prerendered page knows there is no session; otherwise ask for it now, while the
// strings download, and for a member's first screen as soon as it answers.
let drawn: DrawnAnswers | null = null;
if (drawnFor === 'member') {
  const state = document.getElementById('camino-state')?.textContent;
  drawn = state ? (JSON.parse(state) as DrawnAnswers) : null;
  if (!drawn) preloadSession();
} else if (prerendered) queryClient.setQueryData(CURRENT_USER_KEY, null);
else preloadSession();
// Only the reader's language's core strings are downloaded before the first render; each page
// brings its own (routes.tsx, docs/decisions/0029).
await loadLanguage(language);
await i18n.changeLanguage(language);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <BrowserRouter>
          <PageLoadingProvider>
            <App />
          </PageLoadingProvider>
        </BrowserRouter>
        <LazyToaster />
        <LazyTooltips />
      </LanguageProvider>
    </QueryClientProvider>
  </StrictMode>
);
if (drawnFor === 'member' || drawnFor === 'visitor') {
  // Not awaited: the member app's and the pages' modules import this chunk, which must have
  // finished running before they can.
  void takeOver(root, app, drawnFor, drawn).then(() => {
    // Hydration needs the page's own language; the reader's choice follows once the page is
    // the app's (read again now: a press on the language switch, done again, may have changed it).
    if (drawnFor !== 'visitor' || !chosen || chosen === language) return;
    const now = chosenLanguage();
    if (now && now !== asLanguage(i18n.language)) void switchLanguage(now);
  });
} else {
  const reactRoot = createRoot(root);
  // A transition (docs/decisions/0032); Preact renders the first screen in one task, shorter
  // than evaluating React DOM alone was (docs/decisions/0051).
  startTransition(() => reactRoot.render(app));
  // Everything on the page is the app's own from the start: boot.ts stops holding submissions.
  markAppReady();
}
