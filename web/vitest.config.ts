import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The `web` project of the root vitest config (`test.projects`). Root is this folder, so the
 * globs below work whether vitest runs from the repo root or from web/.
 */
export default mergeConfig(
  viteConfig,
  defineProject({
    root: import.meta.dirname,
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // jsdom renders of whole screens with user-event typing: about a second alone, several when
      // `npm test` runs them beside the local stacks on a 2-core runner.
      testTimeout: 20_000,
    },
  }),
);
