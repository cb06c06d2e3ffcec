import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/**
 * The import rule that keeps functions/src in layers, as an ESLint config object for
 * eslint.config.js. It uses `import-x/no-restricted-paths`, which resolves each import to its file
 * (through the TypeScript resolver, so `./x.js` finds `x.ts`) and refuses the ones a zone forbids.
 * scripts/test/layer-rules.test.ts lints snippets against it. The web side's feature boundaries
 * are in eslint.config.js itself (scripts/test/eslint-feature-boundaries.test.ts).
 */

const ROOT = dirname(fileURLToPath(import.meta.url));
const FUNCTIONS = './functions/src';

const resolver = createTypeScriptImportResolver({
  project: [join(ROOT, 'functions/tsconfig.json')],
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
    from: ['data', 'adapters', 'wiring', 'handlers', 'triggers', 'config.ts'].map((p) => `${FUNCTIONS}/${p}`),
    message:
      'The domain depends on no outer layer: declare what it needs (a record type or a port) in domain/, and let data/ or adapters/ implement it.',
  },
  {
    // The one sleep and retry helper has no dependencies of its own, so the domain's retry loops use it too.
    target: `${FUNCTIONS}/domain`,
    from: `${FUNCTIONS}/kit`,
    except: ['./retry.ts'],
    message:
      'The domain depends on no outer layer: of the kit it uses only kit/retry.ts; declare what else it needs in domain/.',
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
