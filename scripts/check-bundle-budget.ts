/**
 * Landing-route JavaScript budget (docs/decisions.md, "Budgets"): the JavaScript a visitor's
 * browser must run before the home page is interactive - the entry chunk, the app it starts
 * (APP_START_MODULE), the home route's chunk and every chunk they import statically - must stay
 * within 110 KB gzip, and recharts, Amplify and the admin area must never be part of it (they load
 * lazily, in chunks of their own).
 *
 * Builds the SPA in memory (nothing is written to web/dist) and inspects the chunk graph.
 * Run: `npx tsx scripts/check-bundle-budget.ts` (exit code 1 when the budget is broken);
 * `scripts/test/bundle-budget.test.ts` runs the same check in `npm test`.
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rolldown } from 'vite';
import { APP_START_MODULE } from './build-site.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_ROOT = path.join(ROOT, 'web');

/** 110 KB, with 1 KB = 1024 bytes (KiB, as Lighthouse reports transfer sizes). */
export const LANDING_BUDGET_BYTES = 110 * 1024;
export const LANDING_ROUTE_MODULE = 'src/features/marketing/routes/home.tsx';

/** Code that must only ever arrive lazily. */
export const LAZY_ONLY = [
  { label: 'recharts', pattern: /[\\/]node_modules[\\/](recharts|victory-vendor|d3-[\w-]+)[\\/]/ },
  { label: 'Amplify', pattern: /[\\/]node_modules[\\/](aws-amplify|@aws-amplify[\\/][\w-]+)[\\/]/ },
  { label: 'admin area', pattern: /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]/ },
] as const;

export interface ChunkSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface LazyOnlyFinding {
  label: string;
  /** Chunks holding this code; empty when the app does not use it (yet). */
  chunks: ChunkSize[];
  /** Landing chunks that contain it: must stay empty. */
  inLanding: string[];
}

export interface LandingBundleReport {
  budgetBytes: number;
  totalGzipBytes: number;
  landing: ChunkSize[];
  lazyOnly: LazyOnlyFinding[];
}

type Chunk = Rolldown.OutputChunk;

const sizeOf = (chunk: Chunk): ChunkSize => ({
  file: chunk.fileName,
  rawBytes: Buffer.byteLength(chunk.code),
  gzipBytes: gzipSync(chunk.code).length,
});

/** Analyses the chunks of a client build (pure: no I/O). */
export function analyzeLandingBundle(chunks: readonly Chunk[]): LandingBundleReport {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const landingModule = path.join(WEB_ROOT, LANDING_ROUTE_MODULE);
  const home = chunks.find((chunk) => chunk.facadeModuleId === landingModule);
  if (!home) throw new Error(`No chunk is built for ${LANDING_ROUTE_MODULE}; is the home route still lazy-loaded?`);

  const app = chunks.find((chunk) => chunk.facadeModuleId === path.join(WEB_ROOT, APP_START_MODULE));
  if (!app) throw new Error(`No chunk is built for ${APP_START_MODULE}; does src/main.tsx still import it?`);

  const landing = new Map<string, Chunk>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || landing.has(chunk.fileName)) return;
    landing.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  visit(entry);
  visit(app);
  visit(home);

  const landingSizes = [...landing.values()].map(sizeOf).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const lazyOnly = LAZY_ONLY.map(({ label, pattern }): LazyOnlyFinding => {
    const holding = chunks.filter((chunk) => Object.keys(chunk.modules).some((id) => pattern.test(id)));
    return {
      label,
      chunks: holding.map(sizeOf),
      inLanding: holding.filter((chunk) => landing.has(chunk.fileName)).map((chunk) => chunk.fileName),
    };
  });
  return {
    budgetBytes: LANDING_BUDGET_BYTES,
    totalGzipBytes: landingSizes.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    landing: landingSizes,
    lazyOnly,
  };
}

/** Builds web/ with its own vite config, in memory, and returns the client chunks. */
export async function buildWebInMemory(): Promise<Chunk[]> {
  // A production build whatever the caller's environment: vitest sets NODE_ENV=test, which would
  // otherwise select React's development builds and measure the wrong thing.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile: path.join(WEB_ROOT, 'vite.config.ts'),
      root: WEB_ROOT,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, reportCompressedSize: false },
    });
  } finally {
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  }
  const outputs = Array.isArray(result) ? result : [result];
  const chunks: Chunk[] = [];
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('Unexpected watcher from vite build');
    for (const item of output.output) if (item.type === 'chunk') chunks.push(item);
  }
  return chunks;
}

export async function measureLandingBundle(): Promise<LandingBundleReport> {
  return analyzeLandingBundle(await buildWebInMemory());
}

export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function budgetProblems(report: LandingBundleReport): string[] {
  const problems: string[] = [];
  if (report.totalGzipBytes > report.budgetBytes) {
    problems.push(
      `Landing route initial JS is ${formatKb(report.totalGzipBytes)} gzip, over the ${formatKb(report.budgetBytes)} budget`,
    );
  }
  for (const finding of report.lazyOnly) {
    if (finding.inLanding.length > 0) {
      problems.push(`${finding.label} is in the landing route's initial JS (${finding.inLanding.join(', ')})`);
    }
  }
  return problems;
}

export function describeReport(report: LandingBundleReport): string {
  const lines = [
    `Landing route initial JS: ${formatKb(report.totalGzipBytes)} gzip of ${formatKb(report.budgetBytes)}`,
    ...report.landing.map((chunk) => `  ${formatKb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`),
    'Lazy-only code:',
    ...report.lazyOnly.map(
      (finding) =>
        `  ${finding.label}: ${
          finding.chunks.length === 0
            ? 'not used'
            : finding.chunks.map((chunk) => `${chunk.file} (${formatKb(chunk.gzipBytes)})`).join(', ')
        }`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const report = await measureLandingBundle();
  console.log(describeReport(report));
  const problems = budgetProblems(report);
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
