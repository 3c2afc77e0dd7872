import { defineConfig } from 'vitest/config';

const setupFiles = ['./test/fail-on-console-error.ts'];

export default defineConfig({
  test: {
    // One PostgreSQL server for the whole run; each test file clones its own database from a migrated template.
    globalSetup: ['./packages/db/src/testing/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'db',
          include: ['packages/db/test/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/test/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: [...setupFiles, './test/no-network.ts'],
        },
      },
    ],
  },
});
