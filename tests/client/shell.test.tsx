import { act, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { Suspense, lazy, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  PageLoadingFallback,
  PageLoadingOverlay,
  PageLoadingProvider,
} from '#client/components/LoadingOverlays.tsx';
import { LanguageSwitch } from '#client/components/LanguageSwitch.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '#client/lib/auth-api.ts';
import { LanguageProvider, useLanguage } from '#client/lib/language.tsx';
import { createQueryClient } from '#client/lib/queryClient.ts';
import { json, stubFetch } from './render.tsx';
import { i18n, startLanguage } from '#client/lib/i18n.ts';

describe('loading overlays (SPEC §2, §9)', () => {
  it('animates the dots every 500 ms', () => {
    vi.useFakeTimers();
    try {
      render(<PageLoadingOverlay />);
      expect(screen.getByText('Loading Page...')).toBeInTheDocument();
      expect(screen.getByText(/Please wait while we prepare your content/)).toBeInTheDocument();
      const dots = screen.getByTestId('loading-dots');
      expect(dots.textContent).toBe('');
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(dots.textContent).toBe('.');
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(dots.textContent).toBe('...');
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(dots.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows while a lazy page loads and hides 200 ms after it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let resolve: (m: { default: () => ReactElement }) => void = () => undefined;
      const Page = lazy(() => new Promise<{ default: () => ReactElement }>((r) => (resolve = r)));
      render(
        <PageLoadingProvider>
          <Suspense fallback={<PageLoadingFallback />}>
            <Page />
          </Suspense>
        </PageLoadingProvider>,
      );
      expect(screen.getByText('Loading Page...')).toBeInTheDocument();
      await act(async () => resolve({ default: () => <h1>Ready</h1> }));
      expect(await screen.findByText('Ready')).toBeInTheDocument();
      expect(screen.getByText('Loading Page...')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(150);
      });
      expect(screen.getByText('Loading Page...')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(60);
      });
      expect(screen.queryByText('Loading Page...')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('language (SPEC §3, §4, §8)', () => {
  it('switches the whole UI and stores the choice under "language"', async () => {
    render(
      <LanguageProvider>
        <LanguageSwitch />
      </LanguageProvider>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(localStorage.getItem('language')).toBe('es');
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('radiogroup', { name: 'Idioma' })).toBeInTheDocument();
  });

  it('saves two quick switches in order, so the account ends with the last one shown', async () => {
    const queryClient = createQueryClient();
    const member = { id: 'u1', ageVerified: true, preferences: { language: 'en' } };
    queryClient.setQueryData(CURRENT_USER_KEY, member);
    // The server answers slowly: the second switch is made before the first is saved.
    const calls = stubFetch(async (url, init) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { language } = JSON.parse(String(init.body)) as { language: string };
      return json(200, { ...member, preferences: { language } });
    });
    let setLanguage: ((next: 'en' | 'es') => Promise<unknown>) | undefined;
    function Grab() {
      setLanguage = useLanguage().setLanguage;
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <Grab />
        </LanguageProvider>
      </QueryClientProvider>,
    );
    await act(async () => {
      await Promise.all([setLanguage!('es'), setLanguage!('en')]);
    });
    const saved = calls
      .filter((c) => c.url.endsWith('/api/user/preferences'))
      .map((c) => (JSON.parse(String(c.init.body)) as { language: string }).language);
    expect(saved).toEqual(['es', 'en']);
  });

  it('is an error to use outside its provider', () => {
    function Orphan() {
      useLanguage();
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow(/within a LanguageProvider/);
    spy.mockRestore();
  });

  it('gives Spanish to an es-ES browser and keeps en or es only', async () => {
    const original = { language: navigator.language, languages: navigator.languages };
    Object.defineProperty(navigator, 'languages', { value: ['es-ES', 'es'], configurable: true });
    Object.defineProperty(navigator, 'language', { value: 'es-ES', configurable: true });
    localStorage.clear();
    try {
      expect(startLanguage()).toBe('es');
      // The first language the app speaks, not the first of the list.
      Object.defineProperty(navigator, 'languages', {
        value: ['fr-FR', 'es-MX', 'en'],
        configurable: true,
      });
      expect(startLanguage()).toBe('es');
      Object.defineProperty(navigator, 'languages', { value: ['fr-FR', 'de'], configurable: true });
      expect(startLanguage()).toBe('en');
      localStorage.setItem('language', 'en');
      Object.defineProperty(navigator, 'languages', { value: ['es-ES', 'es'], configurable: true });
      expect(startLanguage()).toBe('en');
    } finally {
      Object.defineProperty(navigator, 'language', {
        value: original.language,
        configurable: true,
      });
      Object.defineProperty(navigator, 'languages', {
        value: original.languages,
        configurable: true,
      });
    }
  });
});
