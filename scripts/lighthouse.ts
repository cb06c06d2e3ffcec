/**
 * `npm run lighthouse`: Lighthouse performance of every public page and of the customer dashboard
 * (docs/decisions.md, "Budgets": 100 with the desktop preset, at least 98 with the mobile preset, mobile LCP at
 * most 1.5 s, CLS at most 0.02), against the local stack. Builds the site (scripts/build-site.ts:
 * the public pages prerendered), starts a local stack of its own on free ports
 * (scripts/local/spawn-stack.ts), signs a customer in for `/dashboard`, serves web/dist with
 * `vite preview` (`/api` proxied to that stack), runs Lighthouse in headless Chromium (both
 * presets, the median of several runs per route), and writes the table, with the landing bundle
 * budget, to docs/performance.md.
 *
 * Options: --runs <n> (default 3), --no-build (serve the existing web/dist), --no-write,
 * --only <path,...> (measure these routes only; implies --no-write), --reports <dir> (keep every
 * run's full Lighthouse JSON there, for its diagnostics: layout shifts, long tasks, the LCP element).
 * Chromium: CHROME_PATH (default /usr/bin/chromium). Exit code 1 when a route misses a target.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as prettier from 'prettier';
import puppeteer from 'puppeteer-core';
import { preview } from 'vite';
import { STORAGE_KEYS } from '@goldbot/shared';
import { buildSite, PRERENDERED_LIST_FILE, WEB_DIST } from './build-site.js';
import { budgetProblems, formatKb, measureLandingBundle, type LandingBundleReport } from './check-bundle-budget.js';
import { ensureUser, localCognitoClient, localIdToken } from './local/cognito-local.js';
import { freePort } from './local/processes.js';
import { spawnLocalStack, type SpawnedStack } from './local/spawn-stack.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_ROOT = path.join(ROOT, 'web');
const VITE_CONFIG = path.join(WEB_ROOT, 'vite.config.ts');
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];

/** What every measured route must reach (docs/decisions.md, "Budgets"). */
export const TARGETS = { desktop: 100, mobile: 98, mobileLcpMs: 1500, cls: 0.02 } as const;
type Preset = 'desktop' | 'mobile';
const DASHBOARD = '/dashboard';
/** The customer the dashboard is measured as (created in the local stack on first use). */
const CUSTOMER = { email: 'lighthouse-customer@example.com', password: 'Lighthouse1!' };

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
] as const;
type MetricId = (typeof METRICS)[number][0];

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<MetricId, { display: string; value: number }>;
}

interface RouteResult {
  route: string;
  presets: Record<Preset, { runs: RunResult[]; median: RunResult }>;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function runLighthouse(
  url: string,
  port: number,
  preset: Preset,
  keepStorage: boolean,
  reportFile?: string,
): Promise<RunResult> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The dashboard's session is in localStorage, put there before the run.
      disableStorageReset: keepStorage,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (reportFile) await writeFile(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse measured ${lhr.finalDisplayedUrl} instead of ${url} (a redirect: signed out?)`);
  }
  const metrics = Object.fromEntries(
    METRICS.map(([id]) => [
      id,
      { display: lhr.audits[id]?.displayValue ?? 'n/a', value: lhr.audits[id]?.numericValue ?? Number.NaN },
    ]),
  ) as RunResult['metrics'];
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    metrics,
  };
}

/** The run with the median performance score. */
export function median(runs: RunResult[]): RunResult {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('No Lighthouse runs');
  return middle;
}

/** What a route misses of TARGETS, in words; empty when it meets them all. */
export function missedTargets({ presets }: Pick<RouteResult, 'presets'>): string[] {
  const { desktop, mobile } = { desktop: presets.desktop.median, mobile: presets.mobile.median };
  const lcp = mobile.metrics['largest-contentful-paint'].value;
  const misses = [
    desktop.performance < TARGETS.desktop ? `desktop ${desktop.performance} < ${TARGETS.desktop}` : '',
    mobile.performance < TARGETS.mobile ? `mobile ${mobile.performance} < ${TARGETS.mobile}` : '',
    !(lcp <= TARGETS.mobileLcpMs) ? `mobile LCP ${(lcp / 1000).toFixed(1)} s > ${TARGETS.mobileLcpMs / 1000} s` : '',
  ];
  for (const preset of ['desktop', 'mobile'] as const) {
    const cls = presets[preset].median.metrics['cumulative-layout-shift'].value;
    if (!(cls <= TARGETS.cls)) misses.push(`${preset} CLS ${cls.toFixed(3)} > ${TARGETS.cls}`);
  }
  return misses.filter((miss) => miss !== '');
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

function renderReport(results: RouteResult[], bundle: LandingBundleReport, environment: string[], runs: number) {
  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const metric = (run: RunResult, id: MetricId) => run.metrics[id].display;
  const routeTable = [
    row(['Route', 'Desktop', 'Mobile', 'Mobile FCP', 'Mobile LCP', 'Mobile TBT', 'CLS', 'Result']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    ...results.map((result) => {
      const { desktop, mobile } = { desktop: result.presets.desktop.median, mobile: result.presets.mobile.median };
      const cls = Math.max(
        desktop.metrics['cumulative-layout-shift'].value,
        mobile.metrics['cumulative-layout-shift'].value,
      );
      const misses = missedTargets(result);
      return row([
        `\`${result.route}\``,
        `**${desktop.performance}**`,
        `**${mobile.performance}**`,
        metric(mobile, 'first-contentful-paint'),
        metric(mobile, 'largest-contentful-paint'),
        metric(mobile, 'total-blocking-time'),
        cls.toFixed(3),
        misses.length === 0 ? 'pass' : `**miss**: ${misses.join('; ')}`,
      ]);
    }),
  ];
  const allRuns = results.map(
    ({ route, presets }) =>
      `\`${route}\` ${(['desktop', 'mobile'] as const)
        .map((preset) => `${preset} ${presets[preset].runs.map((run) => run.performance).join(', ')}`)
        .join(', ')}`,
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

Budgets for the web app (docs/decisions.md, "Budgets") and the latest measurements. This file is written by
\`npm run lighthouse\` (\`scripts/lighthouse.ts\`); edit the script, not the figures. The sections
from "DynamoDB round trips per customer request" on are kept as they are: hand-written notes, and
the "API benchmarks" blocks that \`npm run bench\` (\`scripts/bench/\`) rewrites.

## Landing route JavaScript

Budget: the JavaScript needed to make \`/\` interactive (the entry chunk, the app it loads,
\`web/src/app/start-app.tsx\`, the home route's chunk and every chunk they import statically) is at most ${formatKb(bundle.budgetBytes)} gzip (1 KB = 1024 bytes). Everything below the
hero, the charts (recharts), Amplify and the admin area load lazily. \`npm test\` enforces the
budget (\`scripts/test/bundle-budget.test.ts\`, which builds the app in memory); run
\`npx tsx scripts/check-bundle-budget.ts\` for the breakdown.

${bundleTable.join('\n')}

${lazyRows.join('\n')}

## Lighthouse on every public page and the dashboard

Targets, for every public page and for \`/dashboard\` signed in as a customer: performance
${TARGETS.desktop} with the desktop preset and at least ${TARGETS.mobile} with the mobile preset (Lighthouse's default:
emulated mid-range phone, simulated slow 4G and 4x CPU slowdown), mobile LCP at most
${TARGETS.mobileLcpMs / 1000} s, CLS at most ${TARGETS.cls} with either preset. Median of ${runs} run(s) per route and preset
against the production build (\`npm run build\`: the public pages prerendered) served by
\`vite preview\` (gzip on, no CDN), \`/api\` proxied to a local stack (\`npm start\`'s, on free ports).
CLS is the larger of the two presets'.

${routeTable.join('\n')}

Performance scores of every run: ${allRuns.join('; ')}.

Measured with ${environment.join(', ')}.

## How the budgets are met

- Every public page is prerendered to static HTML at build time (\`scripts/build-site.ts\`, React's
  \`prerender\`), with the CSS of the app and of the lazy modules it renders inlined in its head:
  nothing blocks its first paint but the HTML itself. Those stylesheets are also declared in the
  head, disabled (not fetched), so that the app's module loader does not fetch them again and
  restyle the whole page once per file while it hydrates.
- The app's JavaScript is fetched only once the page has painted: the entry (\`web/src/main.tsx\`,
  under 2 KB) waits for the first contentful paint, then imports the app
  (\`web/src/app/start-app.tsx\`). Before that, the scripts raced the page's own first paint; on a
  fast local server they finished first, and Lighthouse's simulation then counted their download
  on slow 4G as holding the paint back (mobile LCP 1.5-1.7 s, equal to FCP, with the same HTML).
  The app shell, which shows nothing until the app runs, preloads the app's chunks instead.
  The entry imports React's DOM renderer (\`react-dom/client\`) first and the app in the next
  task: evaluated as one module graph they held a phone's main thread for about a third of a
  second in a single task.
- Hydration runs as a transition (\`startTransition\` around \`hydrateRoot\`), so React yields to the
  browser every few milliseconds, and the stored session takes over from the static one in a
  transition too (\`web/src/features/auth/session.tsx\`): before, a signed-in visitor's
  session differing from the static HTML made React redo the whole page in one synchronous
  render, finishing the hydration with it (the largest part of the dashboard's 220 ms of mobile
  blocking time).
- No preload links are added per chunk when a lazy module loads (\`modulePreload: false\` in
  \`web/vite.config.ts\`): the loader inserted one \`<link>\` per chunk in a single task during the
  render, over a hundred milliseconds of a 4x-slowed main thread for the dashboard's thirty-odd
  chunks. The browser fetches each chunk's imports as it reads the chunk.
- The site's Intl formatters (\`web/src/lib/format.ts\`) are made on first use: the first one loads
  the locale data, tens of milliseconds on a phone, which held up every module importing them.
- The dashboard is prerendered as its loading state (header, footer and the dashboard's frame,
  rendered with the session still being checked, so nobody's data is in it): its heading paints
  at once, and the signed-in page then takes the frame's place. The frame is at least a screen
  tall and the package cards keep the price's height while it loads, so nothing on screen moves
  when the page or its data arrive.
- The dashboard's particle background is drawn in a worker (\`OffscreenCanvas\`,
  \`web/src/features/dashboard/lib/particle-worker.ts\`): the endless animation costs the page's
  main thread nothing, so it neither blocks input nor keeps the page from going idle.
- Every route is its own chunk, and the home route renders only the hero from its chunk: the
  sections below it arrive in a second chunk right after, and prices (SWR + zod), the reports
  (recharts), the FAQ and the contact form load only when their section nears the viewport.
- The footer, the live-proof dialog and the route descriptions are lazy chunks too.
- No web fonts, no third-party images (the avatar is inline SVG) and no third-party script: the
  videos are plain iframes created only when the visitor asks for them.
- Decorative motion uses transforms and opacity only, pauses while the hero is out of view, and
  stops entirely under \`prefers-reduced-motion\`; content a prerendered page already shows is
  never hidden again to be revealed.
- Most of the landing JavaScript is the framework (react-dom, react-router). The router runs in
  React Router's declarative mode (\`useRoutes\` in \`web/src/app/app.tsx\`; the app has no loaders
  or actions), which leaves the data router's 16 KB out, and SWR is loaded only by the parts that
  fetch with it (\`SwrDefaults\` around the plan cards, the dashboard and the admin area), not by the
  app-wide provider: 119.3 KB before both, 98.2 KB after (about 1.5 KB more since the entry is
  split from the app).

## Reproduce

\`\`\`sh
npm run lighthouse                         # build, start a stack, serve, measure, rewrite this file
npm run lighthouse -- --runs 5 --no-build
npm run lighthouse -- --only /pricing,/dashboard   # a few routes, this file untouched
npm run lighthouse -- --only /dashboard --reports /tmp/lh   # keep each run's JSON report
\`\`\`

A miss is found in the JSON reports' diagnostics: \`layout-shifts\` (what moved),
\`long-tasks\` and \`bootup-time\` (what held the main thread), and
\`largest-contentful-paint-element\` (what painted last, and its phases).

Chromium comes from \`CHROME_PATH\` (default \`/usr/bin/chromium\`), started headless with
\`--no-sandbox\`. Scores vary by a few points between machines and runs, and drop on a machine
busy with other work (Lighthouse's simulated throttling multiplies the CPU time it observes); the
medians above are what counts against the targets.
`;
}

/** The hand-written sections at the end of the report (the API's DynamoDB round trips), kept on rewrite. */
const HAND_WRITTEN_FROM = '\n## DynamoDB round trips per customer request';
async function handWrittenSections(): Promise<string> {
  const current = await readFile(REPORT_FILE, 'utf8').catch(() => '');
  const at = current.indexOf(HAND_WRITTEN_FROM);
  return at === -1 ? '' : current.slice(at);
}

/** The stored session the SPA restores (web/src/lib/session-storage.ts), for a customer of `stack`. */
async function customerSession(stack: SpawnedStack): Promise<Record<string, string>> {
  const { urls, pool } = stack.info;
  await ensureUser(localCognitoClient(urls.cognito), pool, CUSTOMER);
  const token = await localIdToken(urls.cognito, pool, CUSTOMER);
  // The first /api/auth/me makes the profile, as after a first sign-in.
  const response = await fetch(`${urls.api}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status} for the Lighthouse customer`);
  const me = (await response.json()) as { userId: string; username: string; email: string; referralCode: string };
  const user = { _id: me.userId, username: me.username, email: me.email, referralCode: me.referralCode, role: 'user' };
  return { [STORAGE_KEYS.user]: JSON.stringify(user), [STORAGE_KEYS.token]: token, authMethod: 'password' };
}

/** Puts `entries` into the site's localStorage in the Chromium Lighthouse drives. */
async function storeSession(chromePort: number, origin: string, entries: Record<string, string>): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      only: { type: 'string' },
      reports: { type: 'string' },
    },
  });
  const runs = Math.max(1, Number.parseInt(values.runs, 10) || 3);
  const reportsDir = values.reports ? path.resolve(values.reports) : undefined;
  if (reportsDir) await mkdir(reportsDir, { recursive: true });

  if (!values['no-build']) {
    console.log('Building the site (public pages prerendered) ...');
    await buildSite();
  } else if (!existsSync(path.join(WEB_DIST, PRERENDERED_LIST_FILE))) {
    throw new Error('web/dist has no prerendered site: run without --no-build (or `npm run build`) first');
  }
  const { pages } = JSON.parse(await readFile(path.join(WEB_DIST, PRERENDERED_LIST_FILE), 'utf8')) as {
    pages: string[];
  };
  const only = values.only?.split(',').map((route) => route.trim());
  // The dashboard is prerendered too (its frame), so it may already be in the list.
  const routes = [...new Set([...pages, DASHBOARD])].filter((route) => !only || only.includes(route));
  console.log('Measuring the landing route bundle ...');
  const bundle = await measureLandingBundle();

  console.log('Starting a local stack ...');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'goldbot-lighthouse-'));
  const stack = await spawnLocalStack({ root: ROOT, dataDir });
  process.env.API_PROXY_TARGET = stack.info.urls.api;
  const port = await freePort();
  const server = await preview({
    configFile: VITE_CONFIG,
    root: WEB_ROOT,
    logLevel: 'silent',
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  const origin = `http://127.0.0.1:${port}`;
  console.log(`Serving web/dist on ${origin}, /api on ${stack.info.urls.api}`);

  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  // Interrupted: leave no Chromium and no stack behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      chrome.kill();
      void stack.stop().finally(() => process.exit(130));
    });
  }
  const results: RouteResult[] = [];
  // Scores fall on a machine busy with other work: the report says how busy this one was.
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    for (const route of routes) {
      const presets = {} as RouteResult['presets'];
      for (const preset of ['desktop', 'mobile'] as const) {
        const presetRuns: RunResult[] = [];
        for (let run = 1; run <= runs; run += 1) {
          const signedIn = route === DASHBOARD;
          // A fresh sign-in per run: the dashboard must not meet an expiring token.
          if (signedIn) await storeSession(chrome.port, origin, await customerSession(stack));
          const reportFile = reportsDir
            ? path.join(
                reportsDir,
                `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${preset}-${run}.json`,
              )
            : undefined;
          const result = await runLighthouse(origin + route, chrome.port, preset, signedIn, reportFile);
          console.log(
            `  ${route} ${preset} run ${run}: performance ${result.performance}, LCP ${result.metrics['largest-contentful-paint'].display}`,
          );
          presetRuns.push(result);
        }
        presets[preset] = { runs: presetRuns, median: median(presetRuns) };
      }
      results.push({ route, presets });
    }
  } finally {
    chrome.kill();
    await server.close();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const environment = [
    `Lighthouse ${await lighthouseVersion()}`,
    chromiumVersion(),
    `Node ${process.version}`,
    `on ${new Date().toISOString().slice(0, 10)}`,
    `load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
  ];
  const problems = [
    ...budgetProblems(bundle),
    ...results.flatMap((result) => missedTargets(result).map((miss) => `${result.route}: ${miss}`)),
  ];
  if (!values['no-write'] && !only) {
    const markdown = renderReport(results, bundle, environment, runs) + (await handWrittenSections());
    const options = (await prettier.resolveConfig(REPORT_FILE)) ?? {};
    await writeFile(REPORT_FILE, await prettier.format(markdown, { ...options, filepath: REPORT_FILE }));
    console.log(`Wrote ${path.relative(ROOT, REPORT_FILE)}`);
  }
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
