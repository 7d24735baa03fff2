import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import en from '#shared/i18n/en.json';
import es from '#shared/i18n/es.json';
import { addAllStrings, i18n } from '#client/lib/i18n.ts';
import { resetToasts } from '#client/hooks/use-toast.ts';

// A dialog's code comes in a chunk of its own (lazyWhenOpen): the first test to open it waits
// while vitest transforms it, over a second on a busy two-core machine (CI failed a meeting
// report's test there on findBy's default 1 s). What is awaited is the same; only the wait.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; Radix measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// The app fetches its strings in chunks, per page and language (docs/decisions/0029); tests
// have all of both languages' strings from the start, and switch between them.
addAllStrings('en', en);
addAllStrings('es', es);
await i18n.changeLanguage('en');

// The test files share a worker and its jsdom (vitest.config.ts: `isolate: false`), so each
// test leaves the page, the globals and the storage as it found them.
const realFetch = globalThis.fetch;

afterEach(async () => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  globalThis.fetch = realFetch;
  await i18n.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = '';
});
