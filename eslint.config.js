import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Page delivery's browser side (the entry, the app's takeover, the drawing) is client code.
    files: ['src/client/**/*.{ts,tsx}', 'src/delivery/{browser,app,render}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, camino: boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'camino/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', '**/server/**'], message: 'client must not import server code' },
          ],
          paths: [
            {
              name: 'react-hook-form',
              importNames: ['useForm'],
              message:
                'use hooks/useDrawnForm.ts: its fields carry their defaults in a drawn page (src/delivery/README.md)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
              message: 'shared imports neither side',
            },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'bench/**', 'src/server/cli/**'], rules: { 'no-console': 'off' } },
);
