import { defineConfig } from 'vitest/config';

/**
 * One `npm test` runs every project: unit (shared, functions, scripts), web components,
 * infra assertions and the integration suite against a local stack started on free ports.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/test/**/*.test.ts', 'functions/test/unit/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          setupFiles: ['functions/test/setup-env.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['functions/test/integration/**/*.test.ts'],
          globalSetup: ['functions/test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      'infra/vitest.config.ts',
      'web/vitest.config.ts',
    ],
  },
});
