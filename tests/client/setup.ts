import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, loadLanguage } from '#client/lib/i18n.ts';
import { resetToasts } from '#client/hooks/use-toast.ts';

// jsdom has no ResizeObserver; Radix measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// The app fetches one language's strings at start; tests switch between both.
await loadLanguage('en');
await loadLanguage('es');
await i18n.changeLanguage('en');

afterEach(async () => {
  cleanup();
  resetToasts();
  await i18n.changeLanguage('en');
  localStorage.clear();
});
