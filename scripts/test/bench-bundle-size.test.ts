import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { handlerEntry } from '../../infra/lib/paths.js';
import { describe, expect, it } from 'vitest';
import {
  aliasesOf,
  BUNDLE_BUDGET_BYTES,
  esbuildOptions,
  judgeBundle,
  zippedSize,
  type BundleFigures,
} from '../bench/bundle-size-section.js';

const bundle = (zippedBytes: number, kind: BundleFigures['kind'] = 'route'): BundleFigures => ({
  id: 'auth-login',
  kind,
  minifiedBytes: zippedBytes * 4,
  zippedBytes,
});

describe('bundle-size section', () => {
  it('sizes a one-file zip as its deflated content plus the zip headers', () => {
    const code = Buffer.from('export const handler = async () => ({ statusCode: 200 });\n'.repeat(200));
    const deflated = deflateRawSync(code, { level: 9 }).length;
    // Local header (30) and central directory entry (46), each with the name, and the end record (22).
    expect(zippedSize(code, 'index.mjs')).toBe(deflated + 30 + 9 + 46 + 9 + 22);
    expect(zippedSize(code, 'index.mjs')).toBeLessThan(code.length);
  });

  it('reports an over-budget bundle until the budget is enforced, then fails it', () => {
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES), BUNDLE_BUDGET_BYTES, true).verdict).toBe('pass');
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES + 1), BUNDLE_BUDGET_BYTES, false).verdict).toBe('reported');
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES + 1), BUNDLE_BUDGET_BYTES, true).verdict).toBe('fail');
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES * 2, 'baseline'), BUNDLE_BUDGET_BYTES, true).verdict).toBe(
      'reported',
    );
    expect(judgeBundle(bundle(256_000), BUNDLE_BUDGET_BYTES, false).detail).toBe(
      '250.0 KB zipped (1000.0 KB minified), budget 250.0 KB',
    );
  });

  it("bundles with the CDK's settings: minified ESM for Node 22, the SDK inside, no embedded sources", () => {
    const options = esbuildOptions();
    expect(options).toMatchObject({
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      minify: true,
      sourcemap: 'external',
      sourcesContent: false,
      external: [],
      mainFields: ['module', 'main'],
    });
    expect(options.banner?.js).toContain('createRequire');
    // The SDK's credential chain is swapped for the environment link, as `cdk synth` does.
    expect(options.alias?.['@aws-sdk/credential-provider-node']).toMatch(
      /functions\/src\/adapters\/lambda-credentials\.ts$/,
    );
    // handlebars' optional source-map dependency is left out.
    expect(options.alias?.['source-map']).toMatch(/functions\/src\/kit\/bundle-stubs\/no-source-map\.ts$/);
  });

  it("mirrors the CDK's --alias arguments and refuses any other extra argument", () => {
    expect(aliasesOf({ '--alias': ['a=/x/a.ts', '@s/b=c'] })).toEqual({ a: '/x/a.ts', '@s/b': 'c' });
    expect(aliasesOf(undefined)).toEqual({});
    expect(() => aliasesOf({ '--define:X': '1' })).toThrow(/not mirrored/);
    expect(() => aliasesOf({ '--alias': ['no-target'] })).toThrow(/malformed/);
  });
});

/** Every .ts file under a folder of the repository (the bundled sources). */
function sourcesUnder(folder: string): string[] {
  const root = join(import.meta.dirname, '..', '..', folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(root, file));
}

describe('what the Lambda bundles may import', () => {
  it("imports zod as a namespace: zod's { z } object cannot be tree-shaken and brings every locale", () => {
    // `import { z } from 'zod'` re-exports a namespace object, which esbuild keeps whole: about
    // 63 KB zipped more in every function, well under the bundle budget's radar. Types are fine.
    const offenders = [...sourcesUnder('shared/src'), ...sourcesUnder('functions/src')].filter((file) =>
      /^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod'/m.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    ['health', /@aws-sdk\/|@smithy\//],
    ['packages-list', /client-cognito-identity-provider|client-ses|handlebars/],
  ])('bundles %s without the clients it never uses', async (id, forbidden) => {
    const result = await build({
      ...esbuildOptions(),
      entryPoints: [handlerEntry(id)],
      outfile: 'index.mjs',
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('functions/src/kit/'))).toBe(true);
    expect(inputs.filter((path) => forbidden.test(path))).toEqual([]);
  });
});
