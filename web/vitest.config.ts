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
    },
  }),
);
