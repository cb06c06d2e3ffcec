import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { FUNCTION_ESBUILD_OPTIONS } from '../../infra/lib/constructs/function-bundle.js';
import { handlerEntry, triggerEntry } from '../../infra/lib/paths.js';
import type { Check } from './budget.js';
import { eachLimited } from './each-limited.js';
import { list, paragraphs, renderTable } from './markdown.js';
import { measuredOn } from './machine.js';
import type { BenchSection } from './section.js';

/**
 * Size of every Lambda bundle as it is deployed: each handler bundled by esbuild with the options
 * `cdk synth` uses (FUNCTION_ESBUILD_OPTIONS: minified ESM for Node 22, the SDK bundled, code
 * splitting), then measured zipped without its source maps. A bundle that loads only the DynamoDB document client,
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

/** A file of a function's asset: its path in the zip and its content. */
export interface BundleFile {
  path: string;
  contents: Uint8Array;
}

/**
 * The size of a zip holding these files: each one's content deflated (level 9, as the CDK's asset
 * zips) plus its local file header and central directory entry, and the end record.
 */
export function zippedSize(files: readonly BundleFile[]): number {
  let size = 22;
  for (const file of files) {
    const name = Buffer.byteLength(file.path);
    size += deflateRawSync(file.contents, { level: 9 }).length + (30 + name) + (46 + name);
  }
  return size;
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

/** The options `cdk synth` bundles every function with (infra/lib/constructs/function-bundle.ts), in memory. */
export function esbuildOptions(): BuildOptions {
  return { ...FUNCTION_ESBUILD_OPTIONS, logLevel: 'silent', write: false };
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
 * Libraries other than the SDK that a function may load at import and that its baseline then loads
 * too: a library the function needs on every call (the template editor's routes compile a template
 * on each request; every function logs with Powertools Logger, counts with Powertools Metrics and
 * reads secrets with Powertools Parameters) is part of what it must load, not our own code's cost.
 */
export const BASELINE_LIBRARIES = [
  'handlebars',
  'powertools-logger',
  'powertools-metrics',
  'powertools-parameters',
] as const;
export type BaselineLibrary = (typeof BASELINE_LIBRARIES)[number];

export const BASELINE_LIBRARY_PACKAGES: Readonly<Record<BaselineLibrary, string>> = {
  handlebars: 'handlebars',
  'powertools-logger': '@aws-lambda-powertools/logger',
  'powertools-metrics': '@aws-lambda-powertools/metrics',
  'powertools-parameters': '@aws-lambda-powertools/parameters',
};

/** What a baseline does with each library: import it, prepare it at module scope and use it once per call. */
const LIBRARY_PARTS: Readonly<Record<BaselineLibrary, { imports: string[]; create: string; call: string }>> = {
  handlebars: {
    imports: ["import Handlebars from 'handlebars';"],
    create: "const template = Handlebars.compile('{{name}}');",
    call: "Promise.resolve(template({ name: 'a' }))",
  },
  'powertools-logger': {
    imports: ["import { Logger } from '@aws-lambda-powertools/logger';"],
    create: "const logger = new Logger({ serviceName: 'baseline', logLevel: 'SILENT' });",
    call: "Promise.resolve(logger.info('called'))",
  },
  'powertools-metrics': {
    imports: ["import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';"],
    create: "const metrics = new Metrics({ namespace: 'Baseline', serviceName: 'baseline', singleMetric: true });",
    call: "Promise.resolve(metrics.addMetric('Called', MetricUnit.Count, 1))",
  },
  'powertools-parameters': {
    // What a function loads statically: the provider base (the secret reader itself is a dynamic import).
    imports: ["import { BaseProvider } from '@aws-lambda-powertools/parameters/base';"],
    create: [
      'class Provider extends BaseProvider {',
      "  _get() { return Promise.resolve('v'); }",
      '  _getMultiple() { return Promise.resolve({}); }',
      '}',
      'const provider = new Provider({});',
    ].join('\n'),
    call: "provider.get('p', { maxAge: 60 })",
  },
};

/** What a baseline loads at import: the SDK clients and the other libraries. */
export interface BaselineImports {
  clients: readonly SdkClient[];
  libraries?: readonly BaselineLibrary[];
}

/**
 * A handler that imports these SDK clients and libraries at module scope, creates each once and
 * uses each once per call (one command per client), and does nothing else: the cold-import baseline
 * of a function that imports the same clients and libraries statically, so the ratio measures the
 * function's own code, not the SDK's or a library's.
 */
export function baselineHandler(clients: readonly SdkClient[], libraries: readonly BaselineLibrary[] = []): string {
  const parts = [
    ...SDK_CLIENTS.filter((client) => clients.includes(client)).map((client) => BASELINE_PARTS[client]),
    ...BASELINE_LIBRARIES.filter((library) => libraries.includes(library)).map((library) => LIBRARY_PARTS[library]),
  ];
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

/** What a function's baseline loads: its static SDK clients (baselineClientsOf) and its static libraries. */
export const baselineImportsOf = (
  bundle: Pick<BuiltBundle, 'sdkClients' | 'libraries'>,
): Required<BaselineImports> => ({
  clients: baselineClientsOf(bundle.sdkClients),
  libraries: [...bundle.libraries],
});

/** The clients and libraries a baseline is named after: `DynamoDB + Cognito + handlebars`, or `no AWS SDK`. */
export const baselineName = (clients: readonly SdkClient[], libraries: readonly BaselineLibrary[] = []) =>
  [
    clients.length === 0 ? 'no AWS SDK' : clients.map((client) => BASELINE_LABELS[client]).join(' + '),
    ...BASELINE_LIBRARIES.filter((library) => libraries.includes(library)),
  ].join(' + ');
const BASELINE_LABELS: Readonly<Record<SdkClient, string>> = {
  dynamodb: 'DynamoDB',
  cognito: 'Cognito',
  ses: 'SES',
  lambda: 'Lambda',
  secretsManager: 'Secrets Manager',
};

/** The source files a bundle reaches from its entry through static imports (an `await import()` is followed only when the code runs). */
function staticallyReached(inputs: Metafile['inputs'], entry: string): Set<string> {
  const reached = new Set<string>();
  const pending = [entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (reached.has(path)) continue;
    reached.add(path);
    for (const imported of inputs[path]?.imports ?? []) {
      if (imported.kind !== 'dynamic-import' && !imported.external) pending.push(imported.path);
    }
  }
  return reached;
}

/** Whether a kept, statically reached file lies in this package. */
const loadsPackage = (reached: ReadonlySet<string>, kept: ReadonlySet<string>, pkg: string) =>
  [...reached].some((path) => kept.has(path) && path.includes(`node_modules/${pkg}/`));

/**
 * The SDK clients a bundle loads when it is imported: those whose package is reached from the entry
 * through static imports and kept in the output. `inputs` are the metafile's inputs, `kept` the paths
 * with bytes in this bundle.
 */
export function staticSdkClients(inputs: Metafile['inputs'], entry: string, kept: ReadonlySet<string>): SdkClient[] {
  const reached = staticallyReached(inputs, entry);
  return SDK_CLIENTS.filter((client) => loadsPackage(reached, kept, SDK_CLIENT_PACKAGES[client]));
}

/** The baseline libraries (handlebars) a bundle loads when it is imported, found as staticSdkClients finds clients. */
export function staticLibraries(
  inputs: Metafile['inputs'],
  entry: string,
  kept: ReadonlySet<string>,
): BaselineLibrary[] {
  const reached = staticallyReached(inputs, entry);
  return BASELINE_LIBRARIES.filter((library) => loadsPackage(reached, kept, BASELINE_LIBRARY_PACKAGES[library]));
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
  /** The code Lambda loads: index.mjs and its chunks (chunks/*.mjs), source maps left out. */
  files: BundleFile[];
  /** The source maps deployed beside them, measured apart. */
  maps: BundleFile[];
  /** The source files with bytes in any of its files (what reached the bundle after tree-shaking). */
  kept: string[];
  /** The AWS SDK clients it loads at import (staticSdkClients); a baseline's own clients. */
  sdkClients: SdkClient[];
  /** The other libraries it loads at import that its baseline loads too (staticLibraries). */
  libraries: BaselineLibrary[];
}

/** All of a bundle's code as one text (index.mjs and its chunks), to look for what it carries. */
export const bundleText = (bundle: Pick<BuiltBundle, 'files'>): string =>
  bundle.files.map((file) => Buffer.from(file.contents).toString('utf8')).join('\n');

export interface BuiltBundles {
  bundles: BuiltBundle[];
  /** The DynamoDB document client alone: every function's time is also shown against it. */
  baseline: BuiltBundle;
  /** Per set of statically imported SDK clients and libraries (by baselineName), the baseline that imports those alone. */
  baselines: Map<string, BuiltBundle>;
  /** Handlers missing (not built) or failing to bundle (error). */
  problems: Check[];
}

/**
 * Bundles one function as `cdk synth` does (esbuildOptions(): its own index.mjs and chunks), in
 * memory. `entry` is a handler file, or the source of a baseline handler.
 */
export async function bundleFunction(
  root: string,
  entry: string | { contents: string },
): Promise<Omit<BuiltBundle, 'id' | 'kind'>> {
  const outdir = join(root, '.bench-bundle');
  const result = await build({
    ...esbuildOptions(),
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : {
          stdin: {
            contents: entry.contents,
            resolveDir: join(root, 'functions'),
            sourcefile: 'baseline.ts',
            loader: 'ts',
          },
        }),
    absWorkingDir: root,
    outdir,
    metafile: true,
  });
  const outputs = (result.outputFiles ?? []).map((file) => ({
    path: relative(outdir, file.path),
    contents: file.contents,
  }));
  const files = outputs.filter((file) => file.path.endsWith('.mjs'));
  if (!files.some((file) => file.path === 'index.mjs')) throw new Error('esbuild wrote no index.mjs');
  // The metafile names outputs relative to the working directory. (A chunk loaded by `await import()`
  // has an entryPoint too: the module it starts with.)
  const entryOutput = result.metafile.outputs[relative(root, join(outdir, 'index.mjs'))];
  if (!entryOutput?.entryPoint) throw new Error("esbuild's metafile has no entry");
  const kept = [
    ...new Set(
      Object.values(result.metafile.outputs).flatMap((output) =>
        Object.entries(output.inputs)
          .filter(([, input]) => input.bytesInOutput > 0)
          .map(([path]) => path),
      ),
    ),
  ];
  return {
    files,
    maps: outputs.filter((file) => file.path.endsWith('.mjs.map')),
    kept,
    sdkClients: staticSdkClients(result.metafile.inputs, entryOutput.entryPoint, new Set(kept)),
    libraries: staticLibraries(result.metafile.inputs, entryOutput.entryPoint, new Set(kept)),
  };
}

const built = new Map<string, Promise<BuiltBundles>>();

/**
 * Every function's bundle and the baselines, built once per run (the bundle-size and cold-import
 * sections and the bundle tests share them). Each function is bundled on its own, as it deploys:
 * with code splitting, one esbuild run over every entry would share chunks between functions.
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
  const problems: Check[] = [];
  const present = functionEntries(root).filter((entry) => {
    if (existsSync(entry.path)) return true;
    problems.push({ label: `${entry.id} bundle`, verdict: 'not built', detail: 'no handler yet' });
    return false;
  });
  const results = await eachLimited(present, 4, async (entry) => {
    try {
      return { id: entry.id, kind: entry.kind, ...(await bundleFunction(root, entry.path)) };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      problems.push({ label: `${entry.id} bundle`, verdict: 'error', detail: message });
      return undefined;
    }
  });
  const bundles = results.filter((bundle): bundle is BuiltBundle => bundle !== undefined);
  // One baseline per set of clients and libraries some function imports statically, and the
  // DynamoDB-only one (also the baseline of a function without any client: see baselineClientsOf).
  const importSets = new Map<string, Required<BaselineImports>>([
    [baselineName(['dynamodb']), { clients: ['dynamodb'], libraries: [] }],
  ]);
  for (const bundle of bundles) {
    const imports = baselineImportsOf(bundle);
    importSets.set(baselineName(imports.clients, imports.libraries), imports);
  }
  const baselines = new Map<string, BuiltBundle>();
  for (const [name, { clients, libraries }] of importSets) {
    const baseline = await bundleFunction(root, { contents: baselineHandler(clients, libraries) });
    baselines.set(name, {
      id: `${name} only`,
      kind: 'baseline',
      ...baseline,
      sdkClients: [...clients],
      libraries: [...libraries],
    });
  }
  const baseline = baselines.get(baselineName(['dynamodb']));
  if (!baseline) throw new Error('the DynamoDB-only baseline was not built');
  return { bundles, baseline, baselines, problems };
}

const figuresOf = ({ id, kind, files, maps }: BuiltBundle): BundleFigures => ({
  id,
  kind,
  minifiedBytes: files.reduce((sum, file) => sum + file.contents.length, 0),
  zippedBytes: zippedSize(files),
  ...(maps.length > 0 ? { mapZippedBytes: zippedSize(maps) } : {}),
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
          'with the options `npx cdk synth` uses (`FUNCTION_ESBUILD_OPTIONS` in `infra/lib/constructs/function-bundle.ts`: ' +
          'minified ESM for Node 22, the AWS SDK bundled, the require banner, code splitting): an `index.mjs` and ' +
          'the chunks under `chunks/` it loads on the paths that need them.',
        'Zipped: the code files deflated at level 9 plus their zip headers, the source maps left out (Lambda ' +
          'never loads them). Minified: the code files before zipping, together. 1 KB = 1024 bytes.',
        'Source map: every function is deployed with its source map (without embedded sources) and ' +
          '`NODE_OPTIONS=--enable-source-maps`, so an error logged in CloudWatch names the TypeScript file and ' +
          'line. The map ships in the same zip, but importing a bundle with and without `--enable-source-maps` and ' +
          'its map took the same time (auth-login 62 vs 61 ms, payment-submit-usdt 68 vs 66 ms, median of 9), so ' +
          'it does not slow the cold start; its zipped size is shown apart and not counted in the budget.',
        'Baseline (shown, not judged): a handler that only sends one GetItem through the DynamoDB document ' +
          'client, built the same way.',
      ),
      measuredOn(startedAt, machine),
    );
    return { markdown, checks };
  },
};
