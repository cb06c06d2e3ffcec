import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/**
 * The import rules that keep the code in layers, as ESLint config objects for eslint.config.js.
 * Both use `import-x/no-restricted-paths`, which resolves each import to its file (through the
 * TypeScript resolver, so `./x.js` finds `x.ts` and `@/…` follows web/tsconfig.json) and refuses
 * the ones a zone forbids. scripts/test/layer-rules.test.ts lints snippets against them.
 */

const ROOT = dirname(fileURLToPath(import.meta.url));
const FUNCTIONS = './functions/src';
const FEATURES = './web/src/features';

const resolver = createTypeScriptImportResolver({
  project: [join(ROOT, 'functions/tsconfig.json'), join(ROOT, 'web/tsconfig.json')],
  noWarnOnMultipleProjects: true,
});

/**
 * functions/src: handler → wiring → domain, with data/ and adapters/ implementing the domain's
 * ports. The domain imports nothing outside itself (and `@goldbot/shared`); data/ and adapters/
 * may import the domain's types but never the composition or the handlers; wiring never imports a
 * handler; a handler takes its dependencies from wiring, never from data/ or adapters/ directly.
 */
export const FUNCTIONS_LAYER_ZONES = [
  {
    target: `${FUNCTIONS}/domain`,
    from: ['data', 'adapters', 'wiring', 'handlers', 'kit', 'triggers', 'config.ts'].map((p) => `${FUNCTIONS}/${p}`),
    message:
      'The domain depends on no outer layer: declare what it needs (a record type or a port) in domain/, and let data/ or adapters/ implement it.',
  },
  {
    target: [`${FUNCTIONS}/data`, `${FUNCTIONS}/adapters`],
    from: ['wiring', 'handlers', 'triggers'].map((p) => `${FUNCTIONS}/${p}`),
    message: 'data/ and adapters/ implement the domain ports; only wiring/ composes them, and handlers sit on top.',
  },
  {
    target: `${FUNCTIONS}/wiring`,
    from: [`${FUNCTIONS}/handlers`, `${FUNCTIONS}/triggers`],
    message: 'wiring/ composes dependencies for the handlers; it never imports one.',
  },
  {
    target: `${FUNCTIONS}/kit`,
    from: [`${FUNCTIONS}/wiring`, `${FUNCTIONS}/handlers`],
    message: 'The handler kit serves every handler; it never imports one or the composition.',
  },
  {
    target: `${FUNCTIONS}/handlers`,
    from: [`${FUNCTIONS}/data`, `${FUNCTIONS}/adapters`],
    message: 'A handler takes its stores and clients from wiring/ (functions/src/wiring), never builds them itself.',
  },
];

export const functionsLayers = {
  name: 'goldbot/functions-layers',
  files: ['functions/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [resolver] },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: FUNCTIONS_LAYER_ZONES }] },
};

/**
 * web/src/features: a feature's `index.ts` is its public surface. Code in features/<a> may import
 * features/<b>/index.ts and nothing else of feature <b>; what two features share belongs in
 * web/src/components, lib or hooks, or in a feature's public exports.
 */
export function webFeatureZones(features = readdirSync(join(ROOT, FEATURES), { withFileTypes: true })) {
  const names = features.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return names.map((name) => ({
    target: `${FEATURES}/${name}`,
    from: FEATURES,
    except: names.map((other) => (other === name ? `./${name}` : `./${other}/index.ts`)),
    message: `A feature imports another feature only through that feature's index.ts (web/src/features/<name>/index.ts).`,
  }));
}

/**
 * `severity`: how eslint.config.js enforces the feature boundaries. It stays 'off' until the web
 * code imports other features only through their index.ts, then becomes 'error' like the
 * functions layers. The test lints with 'error' either way.
 */
export const webFeatureBoundaries = (severity) => ({
  name: 'goldbot/web-feature-boundaries',
  files: ['web/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [resolver] },
  rules: { 'import-x/no-restricted-paths': [severity, { basePath: ROOT, zones: webFeatureZones() }] },
});
