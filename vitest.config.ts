import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { stringsModule } from './scripts/build/strings.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup-server.ts'],
          include: [
            'tests/server/**/*.test.ts',
            'tests/shared/**/*.test.ts',
            'tests/bible/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // lib/i18n.ts imports the loaders of the chunks of strings (docs/decisions/0029).
        plugins: [react(), stringsModule()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        // Fault tests: real server processes against private PostgreSQL clusters and Redis
        // servers that the tests stop and restart (tests/helpers/services.ts). One file at a
        // time: each runs processes that need the machine's cores.
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup-reliability.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
