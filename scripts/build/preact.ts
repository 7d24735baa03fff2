/**
 * The app is written against React's API and runs on Preact (docs/decisions/0051): these
 * aliases send every import of React and React DOM, the app's and its libraries' (Radix,
 * TanStack Query, react-i18next, react-hook-form), to preact/compat. Shared by the build
 * (vite.config.ts) and the client tests (vitest.config.ts), so that both run the same framework.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // React 17's shim of a hook Preact has (react-i18next imports it).
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** Libraries that import React: the client tests bundle them so that the aliases apply. */
export const reactLibraries = [
  /@radix-ui\//,
  /@tanstack\/react-query/,
  /@testing-library\/preact/,
  /@hookform\//,
  /react-hook-form/,
  /react-i18next/,
  /react-markdown/,
  /lucide-react/,
  /use-sync-external-store/,
];
