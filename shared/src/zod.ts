import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * The one zod every workspace uses: `zod/mini`, the functional API of the same zod 4 core, with
 * zod's English messages. Import it as a namespace, `import * as z from '@goldbot/shared/zod'`
 * (inside shared: `'../zod.js'`); scripts/test/bench-bundle-size.test.ts enforces both.
 *
 * Why mini (lean bundles, docs/performance.md): classic zod's chainable methods live on every schema's
 * prototype, so a bundle carries all of them (about 75 KB minified, 8-16 ms of cold import per
 * function); mini's checks are plain functions that esbuild drops when unused (about 15 KB).
 *
 * Why the locale here: classic registers English itself; mini has no locale, so every message no
 * schema spells out (a wrong type, an unknown enum value, a config error) would read "Invalid
 * input". Registered once, in the module every schema imports, it keeps those messages as they
 * were. shared/package.json lists this file under `sideEffects`, so a bundler never drops the call
 * when an importer uses only the re-exported functions.
 */
config(en());

export * from 'zod/mini';
