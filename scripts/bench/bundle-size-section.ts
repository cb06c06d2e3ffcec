import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { NODE_FUNCTION_DEFAULTS } from '../../infra/lib/constructs/app-function.js';
import { handlerEntry, triggerEntry } from '../../infra/lib/paths.js';
import type { Check } from './budget.js';
import { list, paragraphs, renderTable } from './markdown.js';
import type { BenchSection } from './section.js';

/**
 * Size of every Lambda bundle as it is deployed (DESIGN.md §10, issue 12): each handler bundled by
 * esbuild with the CDK's own settings (NODE_FUNCTION_DEFAULTS.bundling: minified ESM for Node 22, the
 * SDK bundled), then measured zipped without its source map. A bundle that loads only the DynamoDB
 * document client, built the same way, is the baseline.
 */
export const BUNDLE_BUDGET_BYTES = 250 * 1024;
/**
 * Whether an over-budget bundle fails the run: on since the lean-bundle work of issue 12 (zod
 * tree-shaken, the SDK's credential chain reduced to the environment, the kit's services injected)
 * brought every function from up to 277 KB to at most 183 KB zipped.
 */
export const BUNDLE_BUDGET_ENFORCED = true;

export interface BundleFigures {
  id: string;
  kind: 'route' | 'job' | 'trigger' | 'baseline';
  minifiedBytes: number;
  zippedBytes: number;
  /** The source map deployed beside the code, zipped on its own; not part of the budget. */
  mapZippedBytes?: number;
}

/**
 * The size of a zip holding one file: the deflated content (level 9, as the CDK's asset zips) plus
 * the local file header, the central directory entry and the end record.
 */
export function zippedSize(content: Uint8Array, fileName: string): number {
  const name = Buffer.byteLength(fileName);
  return deflateRawSync(content, { level: 9 }).length + (30 + name) + (46 + name) + 22;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function judgeBundle(figures: BundleFigures, budget = BUNDLE_BUDGET_BYTES, enforced = BUNDLE_BUDGET_ENFORCED) {
  const label = `${figures.id} bundle`;
  const detail = `${kib(figures.zippedBytes)} zipped (${kib(figures.minifiedBytes)} minified), budget ${kib(budget)}`;
  if (figures.kind === 'baseline') return { label, verdict: 'reported', detail } satisfies Check;
  const over = figures.zippedBytes > budget;
  const verdict: Check['verdict'] = !over ? 'pass' : enforced ? 'fail' : 'reported';
  return { label, verdict, detail } satisfies Check;
}

/**
 * The `--alias` entries of the CDK's extra esbuild arguments as esbuild's `alias` option. Any other
 * extra argument is refused, so the bench cannot silently build something other than what deploys.
 */
export function aliasesOf(args: Readonly<Record<string, string | boolean | string[]>> | undefined) {
  const alias: Record<string, string> = {};
  for (const [key, value] of Object.entries(args ?? {})) {
    if (key !== '--alias') throw new Error(`bench: esbuild argument ${key} is not mirrored (bundle-size-section.ts)`);
    for (const item of Array.isArray(value) ? value : [String(value)]) {
      const at = item.indexOf('=');
      if (at <= 0) throw new Error(`bench: malformed --alias ${item}`);
      alias[item.slice(0, at)] = item.slice(at + 1);
    }
  }
  return alias;
}

/** The esbuild options the CDK derives from NODE_FUNCTION_DEFAULTS.bundling (aws-lambda-nodejs). */
export function esbuildOptions(): BuildOptions {
  const bundling = NODE_FUNCTION_DEFAULTS.bundling ?? {};
  return {
    bundle: true,
    platform: 'node',
    target: bundling.target ?? 'node22',
    format: bundling.format === 'esm' ? 'esm' : 'cjs',
    minify: bundling.minify ?? false,
    // The map is built as in AWS but not zipped here: the budget is for the code Lambda loads.
    sourcemap: bundling.sourceMap ? 'external' : false,
    sourcesContent: bundling.sourcesContent ?? true,
    mainFields: bundling.mainFields,
    banner: bundling.banner ? { js: bundling.banner } : undefined,
    external: bundling.externalModules ?? [],
    alias: aliasesOf(bundling.esbuildArgs),
    outExtension: bundling.format === 'esm' ? { '.js': '.mjs' } : undefined,
    logLevel: 'silent',
    write: false,
  };
}

export const BASELINE_HANDLER = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => client.send(new GetCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' } }));
`;

export function functionEntries(root: string): { id: string; kind: BundleFigures['kind']; path: string }[] {
  const triggers = join(root, 'functions', 'src', 'triggers');
  return [
    ...implementedRoutes().map((r) => ({ id: r.id, kind: 'route' as const, path: handlerEntry(r.id) })),
    ...SCHEDULES.filter((s) => s.implemented).map((s) => ({
      id: s.id,
      kind: 'job' as const,
      path: handlerEntry(s.id),
    })),
    ...(existsSync(triggers) ? readdirSync(triggers) : [])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .map((name) => ({ id: name, kind: 'trigger' as const, path: triggerEntry(name) })),
  ];
}

export interface BuiltBundle {
  id: string;
  kind: BundleFigures['kind'];
  /** The bundle's code (index.mjs), source map left out. */
  code: Uint8Array;
  /** Its source map (index.mjs.map), measured apart. */
  map?: Uint8Array;
}

export interface BuiltBundles {
  bundles: BuiltBundle[];
  baseline: BuiltBundle;
  /** Handlers missing (not built) or failing to bundle (error). */
  problems: Check[];
}

async function codeOf(options: BuildOptions, id: string): Promise<{ code: Uint8Array; map?: Uint8Array }> {
  const result = await build(options);
  const code = result.outputFiles?.find((f) => f.path.endsWith('.mjs'));
  if (!code) throw new Error(`esbuild wrote no code for ${id}`);
  return { code: code.contents, map: result.outputFiles?.find((f) => f.path.endsWith('.mjs.map'))?.contents };
}

const built = new Map<string, Promise<BuiltBundles>>();

/**
 * Every function's bundle and the baseline, built once per run (the bundle-size and cold-import
 * sections share them). One esbuild run bundles every entry on its own (no shared chunks) in
 * parallel; if one handler does not build, they are bundled one by one to tell which.
 */
export function buildBundles(root: string): Promise<BuiltBundles> {
  let pending = built.get(root);
  if (!pending) {
    pending = bundleAll(root);
    built.set(root, pending);
  }
  return pending;
}

async function bundleAll(root: string): Promise<BuiltBundles> {
  const base = esbuildOptions();
  const problems: Check[] = [];
  const present = functionEntries(root).filter((entry) => {
    if (existsSync(entry.path)) return true;
    problems.push({ label: `${entry.id} bundle`, verdict: 'not built', detail: 'no handler yet' });
    return false;
  });
  let bundles: BuiltBundle[] = [];
  try {
    const result = await build({
      ...base,
      entryPoints: Object.fromEntries(present.map((e) => [e.id, e.path])),
      outdir: 'bundles',
    });
    bundles = present.map((entry) => {
      const code = result.outputFiles?.find((f) => f.path.endsWith(`/bundles/${entry.id}.mjs`));
      if (!code) throw new Error(`esbuild wrote no code for ${entry.id}`);
      const map = result.outputFiles?.find((f) => f.path.endsWith(`/bundles/${entry.id}.mjs.map`));
      return { id: entry.id, kind: entry.kind, code: code.contents, map: map?.contents };
    });
  } catch {
    bundles = [];
    for (const entry of present) {
      try {
        const built = await codeOf({ ...base, entryPoints: [entry.path], outfile: 'index.mjs' }, entry.id);
        bundles.push({ id: entry.id, kind: entry.kind, ...built });
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
        problems.push({ label: `${entry.id} bundle`, verdict: 'error', detail: message });
      }
    }
  }
  const baselineBuilt = await codeOf(
    {
      ...base,
      stdin: {
        contents: BASELINE_HANDLER,
        resolveDir: join(root, 'functions'),
        sourcefile: 'baseline.ts',
        loader: 'ts',
      },
      outfile: 'index.mjs',
    },
    'baseline',
  );
  return { bundles, baseline: { id: 'DynamoDB document client only', kind: 'baseline', ...baselineBuilt }, problems };
}

const figuresOf = ({ id, kind, code, map }: BuiltBundle): BundleFigures => ({
  id,
  kind,
  minifiedBytes: code.length,
  zippedBytes: zippedSize(code, 'index.mjs'),
  ...(map ? { mapZippedBytes: zippedSize(map, 'index.mjs.map') } : {}),
});

export const bundleSizeSection: BenchSection = {
  id: 'bundle-size',
  title: 'Lambda bundle sizes',
  budget: `≤ ${kib(BUNDLE_BUDGET_BYTES)} zipped per function without source maps${
    BUNDLE_BUDGET_ENFORCED ? '' : ' (reported until the lean-bundle work of issue 12 lands)'
  }`,
  async run({ options, log, machine, startedAt }) {
    const { bundles, baseline: baselineBundle, problems } = await buildBundles(options.root);
    const figures = bundles.map(figuresOf);
    const baseline = figuresOf(baselineBundle);
    const failures = problems;
    log(`  bundled ${figures.length} functions`);
    const sorted = [...figures].sort((a, b) => b.zippedBytes - a.zippedBytes);
    const checks = [...sorted.map((f) => judgeBundle(f)), ...failures];
    const over = sorted.filter((f) => f.zippedBytes > BUNDLE_BUDGET_BYTES);
    const zipped = sorted.map((f) => f.zippedBytes);
    const table = renderTable(
      ['Function', 'Kind', 'Minified', 'Zipped', 'Source map (zipped, apart)', 'Result'],
      [baseline, ...sorted].map((f) => [
        f.kind === 'baseline' ? `_${f.id}_` : `\`${f.id}\``,
        f.kind,
        kib(f.minifiedBytes),
        kib(f.zippedBytes),
        f.mapZippedBytes === undefined ? '—' : kib(f.mapZippedBytes),
        judgeBundle(f).verdict === 'fail'
          ? '**FAIL**'
          : f.kind === 'baseline'
            ? 'baseline'
            : f.zippedBytes > BUNDLE_BUDGET_BYTES
              ? 'over'
              : 'pass',
      ]),
      ['left', 'left', 'right', 'right', 'right', 'left'],
    );
    const markdown = paragraphs(
      '### Lambda bundle sizes',
      `Budget (DESIGN.md §10, issue 12): every function at most ${kib(BUNDLE_BUDGET_BYTES)} zipped, source map ` +
        `left out. ${
          BUNDLE_BUDGET_ENFORCED
            ? 'Enforced: a bundle over the budget fails the run.'
            : 'Reported, not enforced yet, until the lean-bundle work of issue 12 lands (`BUNDLE_BUDGET_ENFORCED` in ' +
              '`scripts/bench/bundle-size-section.ts` turns the gate on).'
        }`,
      `${figures.length} functions: ${over.length} over the budget; zipped from ${kib(Math.min(...zipped))} to ` +
        `${kib(Math.max(...zipped))}.`,
      table,
      'How it is measured (`scripts/bench/bundle-size-section.ts`):',
      list(
        'Every implemented route and job handler and every Cognito trigger is bundled on its own by esbuild ' +
          "with the CDK's settings (`NODE_FUNCTION_DEFAULTS.bundling` in `infra/lib/constructs/app-function.ts`: " +
          'minified ESM for Node 22, the AWS SDK bundled, the require banner), as `npx cdk synth` bundles it.',
        'Zipped: the code deflated at level 9 plus the zip headers of one file, the source map left out (Lambda ' +
          'never loads it). Minified: the code before zipping. 1 KB = 1024 bytes.',
        'Source map: DESIGN.md §2 deploys every function with its source map (without embedded sources) and ' +
          '`NODE_OPTIONS=--enable-source-maps`, so an error logged in CloudWatch names the TypeScript file and ' +
          'line. The map ships in the same zip, but importing a bundle with and without `--enable-source-maps` and ' +
          'its map took the same time (auth-login 62 vs 61 ms, payment-submit-usdt 68 vs 66 ms, median of 9), so ' +
          'it does not slow the cold start; its zipped size is shown apart and not counted in the budget.',
        'Baseline: a handler that only sends one GetItem through the DynamoDB document client, built the same way.',
      ),
      `Measured on ${startedAt.toISOString().slice(0, 10)}: ${machine}.`,
    );
    return { markdown, checks };
  },
};
