/**
 * `npm run lighthouse`: Lighthouse performance of the production build's home page (DESIGN.md
 * §10: >= 95 desktop, >= 90 mobile). Builds web/, serves web/dist with `vite preview` on a free
 * port, runs Lighthouse (desktop and mobile presets, median of several runs) in headless
 * Chromium, and writes the figures, with the landing bundle budget, to docs/performance.md.
 *
 * Options: --runs <n> (default 3), --no-build (serve the existing web/dist), --no-write.
 * Chromium: CHROME_PATH (default /usr/bin/chromium). Exit code 1 when a threshold is missed.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as prettier from 'prettier';
import { build, preview } from 'vite';
import { budgetProblems, formatKb, measureLandingBundle, type LandingBundleReport } from './check-bundle-budget.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_ROOT = path.join(ROOT, 'web');
const VITE_CONFIG = path.join(WEB_ROOT, 'vite.config.ts');
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];

export const THRESHOLDS = { desktop: 95, mobile: 90 } as const;
type Preset = keyof typeof THRESHOLDS;

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
] as const;

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<(typeof METRICS)[number][0], string>;
}

interface PresetResult {
  preset: Preset;
  runs: RunResult[];
  median: RunResult;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function runLighthouse(url: string, port: number, preset: Preset): Promise<RunResult> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics = Object.fromEntries(
    METRICS.map(([id]) => [id, lhr.audits[id]?.displayValue ?? 'n/a']),
  ) as RunResult['metrics'];
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    metrics,
  };
}

function median(runs: RunResult[]): RunResult {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('No Lighthouse runs');
  return middle;
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return CHROME_PATH;
  }
}

async function lighthouseVersion(): Promise<string> {
  const { default: pkg } = (await import('lighthouse/package.json', { with: { type: 'json' } })) as {
    default: { version: string };
  };
  return pkg.version;
}

function renderReport(results: PresetResult[], bundle: LandingBundleReport, environment: string[], runs: number) {
  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const lighthouseTable = [
    row([
      'Preset',
      'Performance',
      'Target',
      ...METRICS.map(([, label]) => label),
      'Accessibility',
      'Best practices',
      'SEO',
    ]),
    row(['---', '---', '---', ...METRICS.map(() => '---'), '---', '---', '---']),
    ...results.map(({ preset, median: m }) =>
      row([
        preset,
        `**${m.performance}**`,
        `>= ${THRESHOLDS[preset]}`,
        ...METRICS.map(([id]) => m.metrics[id]),
        m.accessibility,
        m.bestPractices,
        m.seo,
      ]),
    ),
  ];
  const allRuns = results.map(
    ({ preset, runs: list }) => `${preset}: ${list.map((run) => run.performance).join(', ')}`,
  );
  const bundleTable = [
    row(['Chunk', 'gzip']),
    row(['---', '---']),
    ...bundle.landing.map((chunk) => row([`\`${chunk.file.replace(/^assets\//, '')}\``, formatKb(chunk.gzipBytes)])),
    row(['**Total**', `**${formatKb(bundle.totalGzipBytes)}** of ${formatKb(bundle.budgetBytes)}`]),
  ];
  const lazyRows = bundle.lazyOnly.map(
    (finding) =>
      `- ${finding.label}: ${
        finding.chunks.length === 0
          ? 'not used yet'
          : `${finding.chunks.length} lazy chunk(s), ${formatKb(finding.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0))} gzip, none in the landing route`
      }`,
  );

  return `# Performance

Budgets for the web app (DESIGN.md §10) and the latest measurements. This file is written by
\`npm run lighthouse\` (\`scripts/lighthouse.ts\`); edit the script, not the figures. The sections
from "DynamoDB round trips per customer request" on are kept as they are: hand-written notes, and
the "API benchmarks" blocks that \`npm run bench\` (\`scripts/bench/\`) rewrites.

## Landing route JavaScript

Budget: the JavaScript needed to render \`/\` (the entry chunk, the home route's chunk and every
chunk they import statically) is at most ${formatKb(bundle.budgetBytes)} gzip (1 KB = 1024 bytes). Everything below the
hero, the charts (recharts), Amplify and the admin area load lazily. \`npm test\` enforces the
budget (\`scripts/test/bundle-budget.test.ts\`, which builds the app in memory); run
\`npx tsx scripts/check-bundle-budget.ts\` for the breakdown.

${bundleTable.join('\n')}

${lazyRows.join('\n')}

## Lighthouse on \`/\`

Targets: performance >= 95 with the desktop preset and >= 90 with the mobile preset (Lighthouse's
default: emulated mid-range phone, simulated slow 4G and 4x CPU slowdown). Median of ${runs}
run(s) per preset against the production build served by \`vite preview\` (gzip on, no CDN).

${lighthouseTable.join('\n')}

Performance scores of every run: ${allRuns.join('; ')}.

Measured with ${environment.join(', ')}.

## How the budgets are met

- Every route is its own chunk, and the home route renders only the hero from its chunk: the
  sections below it arrive in a second chunk right after, and prices (SWR + zod), the reports
  (recharts), the FAQ and the contact form load only when their section nears the viewport.
- The footer, the live-proof dialog and the route descriptions are lazy chunks too; \`index.html\`
  carries the site description for the first paint.
- No web fonts, no third-party images (the avatar is inline SVG) and no third-party script: the
  videos are plain iframes created only when the visitor asks for them.
- Decorative motion uses transforms and opacity only, pauses while the hero is out of view, and
  stops entirely under \`prefers-reduced-motion\`.
- Most of the landing JavaScript is the framework (react-dom, react-router). The router runs in
  React Router's declarative mode (\`useRoutes\` in \`web/src/app/app.tsx\`; the app has no loaders
  or actions), which leaves the data router's 16 KB out, and SWR is loaded only by the parts that
  fetch with it (\`SwrDefaults\` around the plan cards, the dashboard and the admin area), not by the
  app-wide provider: 119.3 KB before both, 98.2 KB after.

## Reproduce

\`\`\`sh
npm run lighthouse            # build, serve, measure, rewrite this file
npm run lighthouse -- --runs 5 --no-build
\`\`\`

Chromium comes from \`CHROME_PATH\` (default \`/usr/bin/chromium\`), started headless with
\`--no-sandbox\`. Scores vary by a few points between machines and runs; the medians above are
what counts against the targets.
`;
}

/** The hand-written sections at the end of the report (the API's DynamoDB round trips), kept on rewrite. */
const HAND_WRITTEN_FROM = '\n## DynamoDB round trips per customer request';
async function handWrittenSections(): Promise<string> {
  const current = await readFile(REPORT_FILE, 'utf8').catch(() => '');
  const at = current.indexOf(HAND_WRITTEN_FROM);
  return at === -1 ? '' : current.slice(at);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const runs = Math.max(1, Number.parseInt(values.runs, 10) || 3);

  if (!values['no-build']) {
    console.log('Building web/ ...');
    await build({ configFile: VITE_CONFIG, root: WEB_ROOT, mode: 'production', logLevel: 'warn' });
  }
  console.log('Measuring the landing route bundle ...');
  const bundle = await measureLandingBundle();

  const port = await freePort();
  const server = await preview({
    configFile: VITE_CONFIG,
    root: WEB_ROOT,
    logLevel: 'silent',
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  const url = `http://127.0.0.1:${port}/`;
  console.log(`Serving web/dist on ${url}`);

  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const results: PresetResult[] = [];
  try {
    for (const preset of ['desktop', 'mobile'] as const) {
      const presetRuns: RunResult[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const result = await runLighthouse(url, chrome.port, preset);
        console.log(`  ${preset} run ${run}: performance ${result.performance}`);
        presetRuns.push(result);
      }
      results.push({ preset, runs: presetRuns, median: median(presetRuns) });
    }
  } finally {
    chrome.kill();
    await server.close();
  }

  const environment = [
    `Lighthouse ${await lighthouseVersion()}`,
    chromiumVersion(),
    `Node ${process.version}`,
    `on ${new Date().toISOString().slice(0, 10)}`,
  ];
  for (const { preset, median: m } of results) {
    console.log(
      `${preset}: performance ${m.performance} (target ${THRESHOLDS[preset]}), ${METRICS.map(([id, label]) => `${label} ${m.metrics[id]}`).join(', ')}`,
    );
  }

  if (!values['no-write']) {
    const markdown = renderReport(results, bundle, environment, runs) + (await handWrittenSections());
    const options = (await prettier.resolveConfig(REPORT_FILE)) ?? {};
    await writeFile(REPORT_FILE, await prettier.format(markdown, { ...options, filepath: REPORT_FILE }));
    console.log(`Wrote ${path.relative(ROOT, REPORT_FILE)}`);
  }

  const problems = [
    ...budgetProblems(bundle),
    ...results
      .filter(({ preset, median: m }) => m.performance < THRESHOLDS[preset])
      .map(({ preset, median: m }) => `${preset} performance ${m.performance} is below ${THRESHOLDS[preset]}`),
  ];
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

await main();
