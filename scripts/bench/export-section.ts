import { EXPORT_DATASETS, type ExportDataset } from '@goldbot/shared';
import { ROUTE_FUNCTION_TIMEOUT } from '../../infra/lib/constructs/app-function.js';
import { adminEvent, lambdaContext, loadHandler, type LambdaHandler } from './admin-invoke.js';
import { batchWriteAll } from './bench-dynamodb.js';
import type { Check } from './budget.js';
import { formatUnits } from './budget.js';
import type { CapacityMeter } from './capacity-meter.js';
import { ADMIN, TABLE_NAME, withBenchHandlers } from './bench-handlers.js';
import { seedFixedItems } from './capacity-section.js';
import { list, paragraphs, renderTable } from './markdown.js';
import { measuredOn } from './machine.js';
import {
  customersFor,
  emptyCounts,
  recordsIn,
  seedItems,
  StatsAccumulator,
  type SeedContext,
  type SeedCounts,
} from './seed-data.js';
import type { BenchSection } from './section.js';

/**
 * The admin CSV exports (GET /api/admin/export/{dataset}) at the large data set: each dataset's
 * whole list (status all, no search; subscriptions: the current year, the screen's default),
 * through the real handler in this process against DynamoDB Local, every part of it when the
 * export answers in parts (`x-export-next-cursor`). Budget: each invocation ends within half the
 * route function's timeout (infra/lib/constructs/app-function.ts), and the parts together hold every
 * row of the list.
 */
export const TIMEOUT_SHARE = 0.5;
const ROUTE = 'admin-export';

interface Part {
  milliseconds: number;
  rows: number;
  bytes: number;
  readUnits: number;
  requests: number;
  scans: number;
}

export interface ExportMeasurement {
  dataset: ExportDataset;
  parts: Part[];
  /** Rows of the list the export should hold (the seeded records in the dataset's scope). */
  expectedRows: number;
  truncated: boolean;
}

const sum = (parts: readonly Part[], key: keyof Part) => parts.reduce((total, part) => total + part[key], 0);

/** The dataset's rows in the seed: users and payments whole, subscriptions of the current year. */
function expectedRows(dataset: ExportDataset, counts: SeedCounts, subscriptionsThisYear: number): number {
  switch (dataset) {
    case 'payments':
      return counts.payments;
    case 'withdrawals':
      return counts.withdrawals;
    case 'users':
      // The seeded customers plus the benchmark's administrator.
      return counts.users + 1;
    case 'subscriptions':
      return subscriptionsThisYear;
  }
}

async function measureExport(
  handler: LambdaHandler,
  meter: CapacityMeter,
  dataset: ExportDataset,
  expected: number,
): Promise<ExportMeasurement> {
  const parts: Part[] = [];
  let cursor: string | undefined;
  let truncated = false;
  do {
    const query: Record<string, string> = cursor ? { cursor } : {};
    const started = performance.now();
    const { result, tally } = await meter.measure(() =>
      handler(adminEvent(ROUTE, ADMIN, query, { dataset }), lambdaContext(ROUTE)),
    );
    const milliseconds = Math.round(performance.now() - started);
    if (result.statusCode !== 200) throw new Error(`${dataset}: HTTP ${result.statusCode}: ${result.body ?? ''}`);
    const headers = (result.headers ?? {}) as Record<string, string | number | boolean>;
    const body = result.body ?? '';
    parts.push({
      milliseconds,
      rows: Number(headers['x-export-rows'] ?? 0),
      bytes: Buffer.byteLength(body, 'utf8'),
      readUnits: tally.readUnits,
      requests: tally.requests,
      scans: tally.scans,
    });
    truncated ||= headers['x-export-truncated'] === 'true';
    const next = headers['x-export-next-cursor'];
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
  } while (cursor !== undefined);
  return { dataset, parts, expectedRows: expected, truncated };
}

/** One Check per dataset: every part within the time budget, every row delivered, no Scan. */
export function judgeExport(measured: ExportMeasurement, budgetMs: number): Check {
  const slowest = Math.max(...measured.parts.map((p) => p.milliseconds));
  const rows = sum(measured.parts, 'rows');
  const scans = sum(measured.parts, 'scans');
  const problems = [
    ...(slowest > budgetMs ? [`slowest invocation ${slowest} ms > ${budgetMs} ms`] : []),
    ...(rows < measured.expectedRows || measured.truncated
      ? [`${rows} of ${measured.expectedRows} rows${measured.truncated ? ' (truncated)' : ''}`]
      : []),
    ...(scans > 0 ? [`${scans} Scan(s)`] : []),
  ];
  const detail =
    `${rows} rows in ${measured.parts.length} part(s), slowest invocation ${slowest} ms ` +
    `(budget ${budgetMs} ms)${problems.length > 0 ? `: ${problems.join('; ')}` : ''}`;
  return { label: `admin-export ${measured.dataset}`, verdict: problems.length > 0 ? 'fail' : 'pass', detail };
}

const n = (x: number) => x.toLocaleString('en-US');

export const exportSection: BenchSection = {
  id: 'exports',
  title: 'Admin CSV exports at the large data set',
  budget: `each export invocation ≤ ${TIMEOUT_SHARE * 100}% of the route's ${ROUTE_FUNCTION_TIMEOUT.toSeconds()} s timeout, every row delivered`,
  async run({ options, log, machine, startedAt }) {
    const { root, largeRecords, seedParallel } = options;
    const timeoutMs = ROUTE_FUNCTION_TIMEOUT.toMilliseconds();
    const budgetMs = Math.round(timeoutMs * TIMEOUT_SHARE);
    return withBenchHandlers({ root, log }, async ({ db, meter }) => {
      const now = new Date();
      const context: SeedContext = { now, adminId: ADMIN.userId, walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
      const stats = new StatsAccumulator();
      stats.contactBucketsOfToday(now);
      await seedFixedItems(db.client, stats, now);

      const counts = emptyCounts();
      const customers = customersFor(largeRecords);
      const year = String(now.getUTCFullYear());
      let subscriptionsThisYear = 0;
      const items = (function* () {
        for (const item of seedItems(0, customers, context, stats, counts)) {
          if (item.entity === 'Subscription' && String(item.createdAt ?? '').startsWith(year)) {
            subscriptionsThisYear += 1;
          }
          yield item;
        }
      })();
      const seedStarted = Date.now();
      const written = await batchWriteAll(db.client, TABLE_NAME, items, seedParallel);
      await batchWriteAll(db.client, TABLE_NAME, stats.toItems(), seedParallel);
      const seedSeconds = (Date.now() - seedStarted) / 1000;
      log(
        `  ${n(recordsIn(counts))} records (${n(customers)} customers): ${n(written)} items in ${seedSeconds.toFixed(1)} s`,
      );

      const handler = await loadHandler(root, ROUTE);
      // Warm-up: module-level caches and connections, as a warm Lambda has them.
      await handler(
        adminEvent(ROUTE, ADMIN, { search: 'no-such-row-anywhere' }, { dataset: 'users' }),
        lambdaContext(ROUTE),
      );

      const measured: ExportMeasurement[] = [];
      for (const dataset of EXPORT_DATASETS) {
        const result = await measureExport(
          handler,
          meter,
          dataset,
          expectedRows(dataset, counts, subscriptionsThisYear),
        );
        log(
          `    ${dataset}: ${sum(result.parts, 'rows')} rows, ${result.parts.length} part(s), ` +
            `${result.parts.map((p) => `${p.milliseconds} ms`).join(' + ')}`,
        );
        measured.push(result);
      }
      const checks = measured.map((m) => judgeExport(m, budgetMs));
      const markdown = exportMarkdown({
        measured,
        checks,
        counts,
        timeoutMs,
        budgetMs,
        emulator: db.emulator,
        machine,
        startedAt,
        seedSeconds,
      });
      return { markdown, checks };
    });
  },
};

function exportMarkdown(input: {
  measured: ExportMeasurement[];
  checks: Check[];
  counts: SeedCounts;
  timeoutMs: number;
  budgetMs: number;
  emulator: string;
  machine: string;
  startedAt: Date;
  seedSeconds: number;
}): string {
  const { measured, checks, counts } = input;
  const rows = measured.map((m, i) => {
    const slowest = Math.max(...m.parts.map((p) => p.milliseconds));
    return [
      `\`${m.dataset}\``,
      `${n(sum(m.parts, 'rows'))} of ${n(m.expectedRows)}`,
      String(m.parts.length),
      `${n(sum(m.parts, 'milliseconds'))} ms`,
      `${n(slowest)} ms`,
      `${(sum(m.parts, 'bytes') / 1_000_000).toFixed(2)} MB`,
      `${n(Math.max(...m.parts.map((p) => p.bytes)))} B`,
      formatUnits(sum(m.parts, 'readUnits')),
      n(sum(m.parts, 'requests')),
      checks[i]?.verdict === 'pass' ? 'within' : `**over**`,
    ];
  });
  return paragraphs(
    '### Admin CSV exports at the large data set',
    `Budget: every invocation of \`admin-export\` ends within ${input.budgetMs / 1000} s, half the route ` +
      `function's ${input.timeoutMs / 1000} s timeout (\`ROUTE_FUNCTION_TIMEOUT\`, ` +
      '`infra/lib/constructs/app-function.ts`), and the export holds every row of the list. An export that does not fit ' +
      'one response answers in parts (`x-export-next-cursor`); the back-office fetches them one after another and saves ' +
      'one file.',
    renderTable(
      ['Dataset', 'Rows', 'Parts', 'Total time', 'Slowest part', 'CSV', 'Largest part', 'RCU', 'Requests', 'Budget'],
      rows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
    'How it is measured (`scripts/bench/export-section.ts`):',
    list(
      `**Data.** ${input.emulator}: the capacity section's large data set (${n(recordsIn(counts))} records: ` +
        `${n(counts.users)} users, ${n(counts.payments)} payments, ${n(counts.subscriptions)} subscriptions, ` +
        `${n(counts.withdrawals)} withdrawals, ${n(counts.contactMessages)} contact messages), seeded in ` +
        `${input.seedSeconds.toFixed(0)} s.`,
      '**Requests.** Each dataset whole: status `all`, no search; subscriptions of the current year (the history ' +
        "screen's default). The real handler runs in-process with the event API Gateway passes for an administrator, " +
        'after one warm-up invocation; each part is one invocation, timed from the event to the answer.',
      '**Figures.** Rows: rows in the file against the rows of the list in the seed. CSV: the bytes of all parts ' +
        "together. RCU and Requests: what DynamoDB Local reported for the export's own reads, all parts together " +
        "(the session guard's profile read left out). DynamoDB Local answers slower than DynamoDB, so the times are " +
        'an upper bound of what the function takes in AWS.',
    ),
    measuredOn(input.startedAt, input.machine),
  );
}
