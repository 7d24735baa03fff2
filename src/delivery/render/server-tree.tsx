/**
 * The providers around the app when it is rendered to HTML outside the browser: the build's
 * prerender of the public pages (prerender.tsx) and the server's drawing of a member's first
 * screen (member-render.tsx). The browser's own tree is main.tsx's.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { PageLoadingProvider } from '#client/components/LoadingOverlays.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { LanguageProvider } from '#client/lib/language.tsx';
import { StaticRouter } from '#client/lib/router.tsx';

/**
 * `strings`: the i18next instance the tree reads its strings and language from. A member's
 * drawing has its own (a clone sharing the loaded strings), in the member's language: several
 * are drawn at once. The build's prerender, one page at a time, uses the app's.
 */
export function serverTree(
  client: QueryClient,
  location: string,
  app: ReactNode,
  strings: I18n = i18n,
) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={strings}>
          <LanguageProvider>
            <StaticRouter location={location}>
              <PageLoadingProvider>{app}</PageLoadingProvider>
            </StaticRouter>
          </LanguageProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
