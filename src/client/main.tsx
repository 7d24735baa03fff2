import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import * as Tooltip from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#shared/constants.ts';
import './lib/i18n.ts';
import './styles/app.css';
import { App } from './App.tsx';
import { PageLoadingProvider } from './components/LoadingOverlays.tsx';
import { Toaster } from './components/ui/Toaster.tsx';
import { LanguageProvider } from './lib/language.tsx';
import { queryClient } from './lib/queryClient.ts';

// The server puts a per-response CSP nonce here; injected <style> elements carry it.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <Tooltip.Provider
          delayDuration={TOOLTIP_DELAY_MS}
          skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
        >
          <BrowserRouter>
            <PageLoadingProvider>
              <App />
            </PageLoadingProvider>
          </BrowserRouter>
          <Toaster />
        </Tooltip.Provider>
      </LanguageProvider>
    </QueryClientProvider>
  </StrictMode>,
);
