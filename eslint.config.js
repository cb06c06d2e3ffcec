import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { functionsLayers } from './eslint-layers.js';

/**
 * Web feature boundaries: a file under web/src/features/<feature>/ reaches another feature only
 * through that feature's `<name>-public.ts` (`@/features/<name>/<name>-public`), its public
 * surface. It is named after its feature rather than index.ts so that no two files in web/src
 * share a name (scripts/test/web-unique-file-names.test.ts). What two features share lives in
 * web/src/components, web/src/lib or web/src/hooks instead. Two patterns enforce it: no other
 * `@/features/<other>/...` path, and no relative path that climbs out of the
 * feature's own folder (`../` once more than the file is deep in it). The second needs the file's
 * depth, so there is one config object per feature and depth (minimatch's `*` never crosses a
 * `/`, so each file matches exactly one of them).
 */
const WEB_FEATURES_DIR = new URL('./web/src/features/', import.meta.url);
const WEB_FEATURE_MAX_DEPTH = 8;
const webFeatureNames = readdirSync(WEB_FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const webFeatureBoundaries = webFeatureNames.flatMap((feature) =>
  Array.from({ length: WEB_FEATURE_MAX_DEPTH }, (_, depth) => ({
    name: `web/feature-boundaries/${feature}/depth-${depth}`,
    files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Another feature's folder, anything but its `<name>-public` file (the \1 back-reference).
              regex: `^@/features/(?!${escapeRegExp(feature)}(?:/|$))([^/]+)(?:/(?!\\1-public$).*)?$`,
              message:
                "Import another feature through its public surface ('@/features/<name>/<name>-public'); move what two features share to web/src/components, lib or hooks.",
            },
            {
              regex: '^@/app(?:/|$)',
              message:
                'A feature does not import the app shell (web/src/app): the app composes the features. Put what both need in web/src/config, lib or components.',
            },
            {
              regex: `^(?:\\.\\./){${depth + 1},}`,
              message:
                "This relative path leaves the feature's folder: import another feature through its public surface ('@/features/<name>/<name>-public'), shared code through '@/components', '@/lib' or '@/hooks'.",
            },
          ],
        },
      ],
    },
  })),
);

/**
 * The shared folders (components, hooks, lib, config) serve every feature and import none: what
 * they need from a feature is passed in, or the shared piece moves down to them. Tests' helpers live
 * in web/src/test, which may use features.
 */
const webSharedFolders = {
  name: 'web/shared-folders',
  files: ['web/src/{components,hooks,lib,config}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(?:@/features|@/app)(?:/|$)',
            message:
              'web/src/components, hooks, lib and config are shared by every feature and import none (nor the app shell): pass what they need in, or move the shared piece down here.',
          },
          {
            regex: '^(?:\\.\\./)+(?:features|app)(?:/|$)',
            message:
              'web/src/components, hooks, lib and config are shared by every feature and import none (nor the app shell): pass what they need in, or move the shared piece down here.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.local/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webFeatureBoundaries,
  webSharedFolders,
  functionsLayers,
);
