import { defineConfig } from 'vitest/config';

/**
 * One `npm test` runs every project: unit (shared, functions, scripts), web components,
 * infra assertions, the integration suite against a local stack started on free ports, and the
 * smoke pass of every route through the synthesized bundles on a stack of its own.
 */
// Tests run on Node 20; the SDK's notice about its future Node 22 floor is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/test/**/*.test.ts', 'functions/test/unit/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          setupFiles: ['functions/test/setup-env.ts'],
          // A few files hash passwords with scrypt or walk every route's schemas: fast alone, but
          // `npm test` runs them beside the stack-starting projects on a 2-core runner. Budgets are
          // measured by the bench, never by a unit test's clock.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['functions/test/integration/**/*.test.ts'],
          globalSetup: ['functions/test/integration/global-setup.ts'],
          setupFiles: ['functions/test/integration/fresh-amount-holds.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // The smoke pass of the deployed bundles: one request per route through `npm start --
        // --bundled` (infra/cdk.out, synthesized first when missing or stale).
        test: {
          name: 'bundled',
          environment: 'node',
          include: ['functions/test/bundled/**/*.test.ts'],
          globalSetup: ['functions/test/bundled/bundled-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        // Route fuzzing (docs/security.md): a stack of its own, because the admin cases really
        // change prices, switches, templates and wallets. FUZZ_RUNS=1000 in `npm run test:fuzz`.
        test: {
          name: 'fuzz',
          environment: 'node',
          include: ['functions/test/fuzz/**/*.test.ts'],
          globalSetup: ['functions/test/integration/global-setup.ts'],
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      // The short chaos run (`npm run test:chaos`, that is `npm run chaos -- --seed 1,2,3 --ops 200`):
      // a stack of its own on free ports, in a child process, with faults injected; every invariant
      // must hold.
      {
        test: {
          name: 'chaos',
          environment: 'node',
          include: ['scripts/chaos/**/*.test.ts'],
          testTimeout: 600_000,
          fileParallelism: false,
        },
      },
      'infra/vitest.config.ts',
      'web/vitest.config.ts',
    ],
  },
});
