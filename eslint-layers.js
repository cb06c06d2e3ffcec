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
 * ports. The domain imports nothing outside itself (and `@goldbot/shared`) but lib/; data/ and
 * adapters/ may import the domain's types but never the composition or the handlers; wiring never
 * imports a handler; a handler takes its dependencies from wiring, never from data/ or adapters/
 * directly. The handler kit (kit/) is a leaf under the handlers: it imports the domain's errors
 * and types but no store, client, composition or handler; wiring/ injects what needs AWS. lib/
 * holds the dependency-free helpers (retry and sleep) and imports nothing from the other layers.
 */
export const FUNCTIONS_LAYER_ZONES = [
  {
    target: `${FUNCTIONS}/domain`,
    from: ['data', 'adapters', 'wiring', 'handlers', 'triggers', 'config.ts'].map((p) => `${FUNCTIONS}/${p}`),
    message:
      'The domain depends on no outer layer: declare what it needs (a record type or a port) in domain/, and let data/ or adapters/ implement it.',
  },
  {
    target: `${FUNCTIONS}/domain`,
    from: `${FUNCTIONS}/kit`,
    message:
      'The domain depends on no outer layer: the handler kit is not its to use; declare what it needs in domain/, or take a dependency-free helper from lib/.',
  },
  {
    target: `${FUNCTIONS}/lib`,
    from: ['domain', 'data', 'adapters', 'wiring', 'kit', 'handlers', 'triggers', 'config.ts'].map(
      (p) => `${FUNCTIONS}/${p}`,
    ),
    message: 'lib/ holds dependency-free helpers that every layer may use; it imports nothing from the other layers.',
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
    from: [`${FUNCTIONS}/wiring`, `${FUNCTIONS}/handlers`, `${FUNCTIONS}/triggers`],
    message: 'The handler kit serves every handler; it never imports one or the composition.',
  },
  {
    target: `${FUNCTIONS}/kit`,
    from: [`${FUNCTIONS}/data`, `${FUNCTIONS}/adapters`],
    message:
      'The handler kit is a leaf: it loads no store and no AWS client. Take what needs the table or a client as a parameter, and let wiring/ pass it in (wiring/aws-checks.ts).',
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
  settings: {
    'import-x/resolver-next': [resolver],
    // no-cycle follows the imports of the files it reaches; it reads only files with these endings.
    'import-x/extensions': ['.ts', '.js'],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: FUNCTIONS_LAYER_ZONES }],
    // Layers that run one way still allow a loop inside one folder (a → b → a): refused too, so
    // every module can be read, tested and loaded on its own. Type-only imports are erased at
    // build time and may go both ways.
    'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
  },
};
