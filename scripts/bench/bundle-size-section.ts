import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { NODE_FUNCTION_DEFAULTS } from '../../infra/lib/constructs/app-function.js';
import { handlerEntry, triggerEntry } from '../../infra/lib/paths.js';
import type { Check } from './budget.js';
import { list, paragraphs, renderTable } from './markdown.js';
import type { BenchSection } from './section.js';

/**
 * Size of every Lambda bundle as it is deployed: each handler bundled by esbuild with the CDK's own
 * settings (NODE_FUNCTION_DEFAULTS.bundling: minified ESM for Node 22, the SDK bundled), then
 * measured zipped without its source map. A bundle that loads only the DynamoDB document client,
 * built the same way, is shown beside them.
 */
export const BUNDLE_BUDGET_BYTES = 250 * 1024;
/** Whether an over-budget bundle fails the run (every function is well inside it). */
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

/** The AWS SDK clients a function may load, by the package that holds each. */
export const SDK_CLIENTS = ['dynamodb', 'cognito', 'ses', 'lambda', 'secretsManager'] as const;
export type SdkClient = (typeof SDK_CLIENTS)[number];

export const SDK_CLIENT_PACKAGES: Readonly<Record<SdkClient, string>> = {
  dynamodb: '@aws-sdk/client-dynamodb',
  cognito: '@aws-sdk/client-cognito-identity-provider',
  ses: '@aws-sdk/client-ses',
  lambda: '@aws-sdk/client-lambda',
  secretsManager: '@aws-sdk/client-secrets-manager',
};

/** What a baseline does with each client: create it at module scope and send one command. */
const BASELINE_PARTS: Readonly<Record<SdkClient, { imports: string[]; create: string; call: string }>> = {
  dynamodb: {
    imports: [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';",
    ],
    create: 'const dynamodb = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    call: "dynamodb.send(new GetCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' } }))",
  },
  cognito: {
    imports: [
      "import { AdminInitiateAuthCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';",
    ],
    create: 'const cognito = new CognitoIdentityProviderClient({});',
    call: "cognito.send(new AdminInitiateAuthCommand({ AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', UserPoolId: 'p', ClientId: 'c' }))",
  },
  ses: {
    imports: ["import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';"],
    create: 'const ses = new SESClient({});',
    call: "ses.send(new SendEmailCommand({ Source: 'a@example.com', Destination: {}, Message: { Subject: { Data: 's' }, Body: {} } }))",
  },
  lambda: {
    imports: ["import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';"],
    create: 'const lambda = new LambdaClient({});',
    call: "lambda.send(new InvokeCommand({ FunctionName: 'f', InvocationType: 'Event' }))",
  },
  secretsManager: {
    imports: ["import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';"],
    create: 'const secretsManager = new SecretsManagerClient({});',
    call: "secretsManager.send(new GetSecretValueCommand({ SecretId: 's' }))",
  },
};

/**
 * A handler that imports these SDK clients at module scope, creates each once and sends one command
 * with each, and does nothing else: the cold-import baseline of a function that imports the same
 * clients statically, so the ratio measures the function's own code, not the SDK's.
 */
export function baselineHandler(clients: readonly SdkClient[]): string {
  const parts = SDK_CLIENTS.filter((client) => clients.includes(client)).map((client) => BASELINE_PARTS[client]);
  return [
    ...parts.flatMap((part) => part.imports),
    ...parts.map((part) => part.create),
    `export const handler = async () => Promise.all([${parts.map((part) => part.call).join(', ')}]);`,
    '',
  ].join('\n');
}

/**
 * The clients of a function's cold-import baseline: those it imports statically. A function that
 * loads no SDK client at all (`health`) is compared with the DynamoDB-only handler instead: against
 * an empty module its ratio would weigh its whole code against Node's fixed cost of loading a file,
 * a figure no code meets; the bundle pins hold it to no AWS SDK at all.
 */
export const baselineClientsOf = (clients: readonly SdkClient[]): SdkClient[] =>
  clients.length === 0 ? ['dynamodb'] : [...clients];

/** The clients a baseline is named after: `DynamoDB + Cognito`, or `no AWS SDK`. */
export const baselineName = (clients: readonly SdkClient[]) =>
  clients.length === 0 ? 'no AWS SDK' : clients.map((client) => BASELINE_LABELS[client]).join(' + ');
const BASELINE_LABELS: Readonly<Record<SdkClient, string>> = {
  dynamodb: 'DynamoDB',
  cognito: 'Cognito',
  ses: 'SES',
  lambda: 'Lambda',
  secretsManager: 'Secrets Manager',
};

/**
 * The SDK clients a bundle loads when it is imported: those whose package is reached from the entry
 * through static imports (an `await import()` is followed only when the code runs) and kept in the
 * output. `inputs` are the metafile's inputs, `kept` the paths with bytes in this bundle.
 */
export function staticSdkClients(inputs: Metafile['inputs'], entry: string, kept: ReadonlySet<string>): SdkClient[] {
  const reached = new Set<string>();
  const pending = [entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (reached.has(path)) continue;
    reached.add(path);
    for (const imported of inputs[path]?.imports ?? []) {
      if (imported.kind !== 'dynamic-import' && !imported.external) pending.push(imported.path);
    }
  }
  return SDK_CLIENTS.filter((client) =>
    [...reached].some((path) => kept.has(path) && path.includes(`node_modules/${SDK_CLIENT_PACKAGES[client]}/`)),
  );
}

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
  /** The AWS SDK clients it loads at import (staticSdkClients); a baseline's own clients. */
  sdkClients: SdkClient[];
}

export interface BuiltBundles {
  bundles: BuiltBundle[];
  /** The DynamoDB document client alone: every function's time is also shown against it. */
  baseline: BuiltBundle;
  /** Per set of statically imported SDK clients (by baselineName), the baseline that imports those alone. */
  baselines: Map<string, BuiltBundle>;
  /** Handlers missing (not built) or failing to bundle (error). */
  problems: Check[];
}

/** The code, the map and the statically loaded SDK clients of each entry of one esbuild run. */
async function buildEntries(
  options: BuildOptions,
  entries: Record<string, string>,
): Promise<Map<string, Omit<BuiltBundle, 'id' | 'kind'>>> {
  const result = await build({ ...options, entryPoints: entries, outdir: 'bundles', metafile: true });
  const built = new Map<string, Omit<BuiltBundle, 'id' | 'kind'>>();
  for (const id of Object.keys(entries)) {
    const code = result.outputFiles?.find((f) => f.path.endsWith(`/bundles/${id}.mjs`));
    if (!code) throw new Error(`esbuild wrote no code for ${id}`);
    const map = result.outputFiles?.find((f) => f.path.endsWith(`/bundles/${id}.mjs.map`));
    const output = result.metafile.outputs[`bundles/${id}.mjs`];
    if (!output?.entryPoint) throw new Error(`esbuild's metafile has no entry for ${id}`);
    const kept = new Set(
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    built.set(id, {
      code: code.contents,
      map: map?.contents,
      sdkClients: staticSdkClients(result.metafile.inputs, output.entryPoint, kept),
    });
  }
  return built;
}

function builtEntry<T>(entries: Map<string, T>, id: string): T {
  const entry = entries.get(id);
  if (!entry) throw new Error(`esbuild built no bundle for ${id}`);
  return entry;
}

const built = new Map<string, Promise<BuiltBundles>>();

/**
 * Every function's bundle and the baselines, built once per run (the bundle-size and cold-import
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
    const all = await buildEntries(base, Object.fromEntries(present.map((e) => [e.id, e.path])));
    bundles = present.map((entry) => ({ id: entry.id, kind: entry.kind, ...builtEntry(all, entry.id) }));
  } catch {
    bundles = [];
    for (const entry of present) {
      try {
        const one = await buildEntries(base, { [entry.id]: entry.path });
        bundles.push({ id: entry.id, kind: entry.kind, ...builtEntry(one, entry.id) });
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
        problems.push({ label: `${entry.id} bundle`, verdict: 'error', detail: message });
      }
    }
  }
  // One baseline per set of clients some function imports statically, and the DynamoDB-only one
  // (also the baseline of a function without any client: see baselineClientsOf).
  const clientSets = new Map<string, SdkClient[]>([[baselineName(['dynamodb']), ['dynamodb']]]);
  for (const bundle of bundles) {
    const clients = baselineClientsOf(bundle.sdkClients);
    clientSets.set(baselineName(clients), clients);
  }
  const baselines = new Map<string, BuiltBundle>();
  for (const [name, clients] of clientSets) {
    const result = await build({
      ...base,
      stdin: {
        contents: baselineHandler(clients),
        resolveDir: join(root, 'functions'),
        sourcefile: 'baseline.ts',
        loader: 'ts',
      },
      outfile: 'index.mjs',
    });
    const code = result.outputFiles?.find((f) => f.path.endsWith('.mjs'));
    if (!code) throw new Error(`esbuild wrote no code for the ${name} baseline`);
    const map = result.outputFiles?.find((f) => f.path.endsWith('.mjs.map'))?.contents;
    baselines.set(name, { id: `${name} only`, kind: 'baseline', code: code.contents, map, sdkClients: clients });
  }
  const baseline = baselines.get(baselineName(['dynamodb']));
  if (!baseline) throw new Error('the DynamoDB-only baseline was not built');
  return { bundles, baseline, baselines, problems };
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
    BUNDLE_BUDGET_ENFORCED ? '' : ' (reported, not enforced)'
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
      `Budget: every function at most ${kib(BUNDLE_BUDGET_BYTES)} zipped, source map ` +
        `left out. ${
          BUNDLE_BUDGET_ENFORCED
            ? 'Enforced: a bundle over the budget fails the run.'
            : 'Reported, not enforced (`BUNDLE_BUDGET_ENFORCED` in `scripts/bench/bundle-size-section.ts` turns ' +
              'the gate on).'
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
        'Source map: every function is deployed with its source map (without embedded sources) and ' +
          '`NODE_OPTIONS=--enable-source-maps`, so an error logged in CloudWatch names the TypeScript file and ' +
          'line. The map ships in the same zip, but importing a bundle with and without `--enable-source-maps` and ' +
          'its map took the same time (auth-login 62 vs 61 ms, payment-submit-usdt 68 vs 66 ms, median of 9), so ' +
          'it does not slow the cold start; its zipped size is shown apart and not counted in the budget.',
        'Baseline (shown, not judged): a handler that only sends one GetItem through the DynamoDB document ' +
          'client, built the same way.',
      ),
      `Measured on ${startedAt.toISOString().slice(0, 10)}: ${machine}.`,
    );
    return { markdown, checks };
  },
};
