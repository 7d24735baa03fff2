import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { MemoryRouter } from '#client/lib/router.tsx';
import { Toaster } from '#client/components/ui/Toaster.tsx';
import { LanguageProvider } from '#client/lib/language.tsx';
import { createQueryClient } from '#client/lib/queryClient.ts';

export function renderWithProviders(ui: ReactElement, { route = '/' } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <Toaster />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch stub that records calls and answers from a handler. */
export function stubFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
