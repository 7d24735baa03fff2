import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import { resetToasts } from '#client/hooks/use-toast.ts';

// jsdom has no ResizeObserver; Radix measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(async () => {
  cleanup();
  resetToasts();
  await i18n.changeLanguage('en');
  localStorage.clear();
});
