import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          // One jsdom and one module graph for all the files of a worker, not one per file
          // (setting up jsdom and importing React and the app took two thirds of the time):
          // tests/client/setup.ts puts back what a test changed.
          pool: 'threads',
          isolate: false,
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
