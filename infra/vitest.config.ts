import { defineProject } from 'vitest/config';

/**
 * The `infra` project of the root vitest config (`test.projects`): CDK template assertions and
 * cdk-nag checks. Root is this folder, so the globs work from the repo root and from infra/.
 * Synthesizing the app takes seconds (assets are staged, not bundled), hence the long timeout.
 */
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: 'infra',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
