/**
 * `npm run bench [-- <section>...] [--no-write] [--small N] [--large N] [--parallel N]
 * [--duration S] [--connections C]`: measures the API's budgets (docs/decisions.md, "Budgets")
 * offline, writes each section's table into docs/performance.md between its marker comments
 * (replacing the previous run of that section only) and exits non-zero when a budget is exceeded
 * or a measurement broke.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { summarize, type Check } from './budget.js';
import { describeMachine } from './machine.js';
import { list, paragraphs, replaceAreaIntro, upsertSection } from './markdown.js';
import { SECTIONS, selectSections } from './registry.js';
import type { BenchOptions, SectionContext, SectionResult } from './section.js';

const root = resolve(import.meta.dirname, '..', '..');
const REPORT_FILE = join(root, 'docs', 'performance.md');
// Local tooling runs on Node 20; Lambda runs Node 22, where the SDK has nothing to warn about.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function fail(message: string): never {
  process.stderr.write(`npm run bench: ${message}\n`);
  process.exit(2);
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function parseOptions(): { names: string[]; write: boolean; options: BenchOptions } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'no-write': { type: 'boolean', default: false },
      small: { type: 'string' },
      large: { type: 'string' },
      parallel: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      `usage: npm run bench [-- <section>...] [--no-write] [--small 1000] [--large 100000] [--parallel 8] [--duration 10] [--connections 10]\n` +
        `sections: ${SECTIONS.map((s) => `${s.id} (${s.budget})`).join('; ')}\n`,
    );
    process.exit(0);
  }
  const options: BenchOptions = {
    root,
    smallRecords: positiveInteger('small', values.small, 1_000),
    largeRecords: positiveInteger('large', values.large, 100_000),
    seedParallel: positiveInteger('parallel', values.parallel, 8),
    durationSeconds: positiveInteger('duration', values.duration, 10),
    connections: positiveInteger('connections', values.connections, 10),
  };
  if (options.largeRecords <= options.smallRecords) fail('--large must be more than --small');
  return { names: positionals, write: !values['no-write'], options };
}

const AREA_INTRO = paragraphs(
  '## API benchmarks (`npm run bench`)',
  'The sections below are written by `npm run bench` (`scripts/bench/`), each between its own marker comments: ' +
    'edit the scripts, not the figures. One command, offline, a few minutes on 2 cores; it exits non-zero when a ' +
    'budgeted figure is past its budget or a measurement broke. Each section owns its budget:',
  list(...SECTIONS.map((s) => `\`${s.id}\`: ${s.title}; ${s.budget}.`)),
  'Run one section with `npm run bench -- <section>`; `--no-write` leaves this file alone, `--small`/`--large` set the data sets ' +
    'of the capacity section and `--duration`/`--connections` the load of the throughput section.',
);

async function writeReport(results: Map<string, SectionResult>, wallSeconds: number): Promise<void> {
  let doc = await readFile(REPORT_FILE, 'utf8');
  const order = SECTIONS.map((s) => s.id);
  for (const [id, result] of results) {
    const content = `${result.markdown.trim()}\n\nThis section took ${Math.round(result.seconds)} s of a ${wallSeconds} s run.`;
    doc = upsertSection(doc, id, content, { order, areaIntro: AREA_INTRO });
  }
  doc = replaceAreaIntro(doc, AREA_INTRO);
  const config = (await resolveConfig(REPORT_FILE)) ?? {};
  await writeFile(REPORT_FILE, await format(doc, { ...config, filepath: REPORT_FILE }));
}

async function main(): Promise<void> {
  const { names, write, options } = parseOptions();
  const selection = selectSections(names);
  if ('error' in selection) fail(selection.error);
  const startedAt = new Date();
  const context: SectionContext = {
    options,
    log: (line) => process.stdout.write(`${line}\n`),
    machine: describeMachine(root),
    startedAt,
  };
  const results = new Map<string, SectionResult>();
  const checks: Check[] = [];
  for (const section of selection.sections) {
    context.log(`\n== ${section.id}: ${section.title} (${section.budget})`);
    const started = Date.now();
    try {
      const result = await section.run(context);
      const seconds = (Date.now() - started) / 1000;
      results.set(section.id, { ...result, seconds });
      checks.push(...result.checks);
      for (const check of result.checks) context.log(`  [${check.verdict}] ${check.label}: ${check.detail}`);
      context.log(`  (${seconds.toFixed(0)} s)`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      checks.push({ label: section.id, verdict: 'error', detail: message.split('\n')[0] ?? message });
      context.log(`  [error] the section did not finish, docs/performance.md keeps its previous figures:\n${message}`);
    }
  }
  if (write && results.size > 0) {
    await writeReport(results, Math.round((Date.now() - startedAt.getTime()) / 1000));
    context.log(`\nWrote ${[...results.keys()].join(', ')} to docs/performance.md`);
  }
  const summary = summarize(checks);
  const wall = ((Date.now() - startedAt.getTime()) / 1000).toFixed(0);
  context.log(
    `\nbench: ${summary.passed} within budget, ${summary.failed.length} failed, ${summary.notBuilt.length} not built, ` +
      `${checks.length - summary.passed - summary.failed.length - summary.notBuilt.length} reported (${wall} s)`,
  );
  for (const check of summary.failed) context.log(`  FAILED ${check.label}: ${check.detail}`);
  // The SDK's keep-alive sockets and the stopped children's pipes must not hold the process open.
  process.exit(summary.exitCode);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
