import { join, relative } from 'node:path';
import { AssetHashType, DockerImage, type BundlingOptions, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';
import { REPO_ROOT } from '../paths.js';

/**
 * ESM output is smaller and loads faster, but some CommonJS dependencies bundled into it still call
 * `require` (Node built-ins); the banner gives them one.
 */
const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** An empty module the bundles load instead of `source-map`, which only handlebars' precompiler uses. */
const NO_SOURCE_MAP_ENTRY = join(REPO_ROOT, 'functions', 'src', 'kit', 'bundle-stubs', 'no-source-map.ts');

/** Where a function's lazily loaded code goes, beside its index.mjs. */
export const CHUNK_NAMES = 'chunks/[name]-[hash]';

/**
 * How every function is bundled (routes, jobs and Cognito triggers alike), the one definition
 * `cdk synth` and `npm run bench` share: minified ESM for Node 22 with source maps, the AWS SDK
 * bundled, and code splitting.
 *
 * Code splitting is why the functions do not use NodejsFunction's own bundling, which writes a single
 * file: in one file, the code a handler imports only on some paths (`await import()` of SES and
 * handlebars when a mail goes out, of the Lambda client when a payment starts its on-chain check, of
 * Cognito when a wallet change mails the admins) is still read and compiled by every cold start. With
 * splitting, esbuild puts it in `chunks/` and Node reads it only when the path runs: the mailing
 * routes' cold import fell by about a quarter (docs/performance.md, "Cold import").
 */
export const FUNCTION_ESBUILD_OPTIONS: Readonly<BuildOptions> = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  splitting: true,
  entryNames: 'index',
  chunkNames: CHUNK_NAMES,
  outExtension: { '.js': '.mjs' },
  minify: true,
  // Source maps give file:line in stack traces (NODE_OPTIONS=--enable-source-maps); embedding the
  // sources would double the bundle for nothing (budget: <= 250 KB zipped per function).
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  // The SDK v3 is bundled (and tree-shaken) rather than taken from the runtime: pinned versions, the
  // same code locally and in AWS, and a smaller cold start than the full runtime SDK.
  external: [],
  alias: {
    // handlebars requires `source-map` (in a try) only to map precompiled templates, which we never
    // do; it falls back to its own SourceNode (no-source-map.ts). 27 KB less in every mail bundle.
    'source-map': NO_SOURCE_MAP_ENTRY,
  },
  logLevel: 'warning',
};

/**
 * Runs esbuild in this process (no Docker: the build machines have no Docker engine). The entry is a
 * field, not only a closure, because the CDK caches staged assets by their bundling options' JSON:
 * two functions must never share a cache key.
 */
class LocalEsbuild implements ILocalBundling {
  readonly entry: string;

  constructor(entry: string) {
    this.entry = relative(REPO_ROOT, entry);
  }

  tryBundle(outputDir: string): boolean {
    buildSync({ ...FUNCTION_ESBUILD_OPTIONS, absWorkingDir: REPO_ROOT, entryPoints: [this.entry], outdir: outputDir });
    return true;
  }
}

/**
 * A function's code: `entry` bundled with FUNCTION_ESBUILD_OPTIONS into index.mjs (handler
 * `index.handler`) and its chunks. The asset is hashed by its output, as NodejsFunction's is.
 */
export function functionCode(entry: string): Code {
  const bundling: BundlingOptions = {
    // Never used: local bundling always succeeds or throws.
    image: DockerImage.fromRegistry('local-esbuild-only'),
    local: new LocalEsbuild(entry),
  };
  return Code.fromAsset(REPO_ROOT, { assetHashType: AssetHashType.OUTPUT, bundling });
}
