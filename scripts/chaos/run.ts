/**
 * `npm run chaos [-- --seed 1 --ops 2000 --faults 0.1 --customers 50 --concurrency 8]`: starts a
 * throw-away local stack of its own on free ports, with faults injected into the handlers'
 * DynamoDB, SES, Cognito and Lambda calls, the scheduled jobs and the TRON double
 * (scripts/local/faults.ts), and runs a seeded, concurrent random workload against it
 * (workload.ts). Then the faults are turned off, the jobs run once more to drain what was left
 * to retry, and the invariants (invariants.ts) are checked against the table and the SES outbox.
 *
 * Prints operations by kind, faults by kind, retries and every invariant with what was checked,
 * and exits 1 when an invariant fails, when an answer was outside {2xx, 4xx with a message, 503
 * with Retry-After} or took over 10 seconds, or when a promise was left unhandled.
 *
 * `--faults` takes what FAULTS takes: a rate for every client, or rates per client and command.
 * The seed draws the operations, their choices and the faults; the interleaving of concurrent
 * requests is the machine's, so a failing seed is replayed with `--concurrency 1` when in doubt.
 * `--dump <file>` writes the items the invariants were checked on, to study a violation.
 * `--blind-approvals` has the admins also approve payments the chain has not matched (workload.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { localDynamoClient } from '../local/dynamodb-local.js';
import {
  createFaultInjector,
  FaultSettingError,
  FaultTally,
  parseFaults,
  seededRandom,
  type FaultInjector,
} from '../local/faults.js';
import { freePort } from '../local/processes.js';
import { startLocalStack, type RunningLocalStack } from '../local/stack.js';
import { sleep } from '../../functions/src/lib/retry.js';
import { checkInvariants, type InvariantResult, type Item, type SentMail } from './invariants.js';
import { createWorkload, newTally, type WorkloadTally } from './workload.js';

const root = resolve(import.meta.dirname, '..', '..');
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function fail(message: string): never {
  process.stderr.write(`npm run chaos: ${message}\n`);
  process.exit(2);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    fail(`--${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

export interface ChaosOptions {
  /** One run per seed, one after another on the same stack (the invariants then hold for all of them together). */
  seeds: number[];
  ops: number;
  faults: string;
  customers: number;
  concurrency: number;
  /** Admins also approve payments the chain has not matched (`--blind-approvals`, workload.ts). */
  blindApprovals: boolean;
  /** A file to write the table's items to after the last seed (`--dump`). */
  dump?: string;
}

function parseOptions(): ChaosOptions {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      ops: { type: 'string' },
      faults: { type: 'string' },
      customers: { type: 'string' },
      concurrency: { type: 'string' },
      dump: { type: 'string' },
      'blind-approvals': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run chaos -- [--seed 1 | --seed 1,2,3] [--ops 2000] [--faults 0.1 | dynamodb:0.1,ses:0.5,tron:0.2] [--customers 50] [--concurrency 8] [--dump items.json] [--blind-approvals]\n',
    );
    process.exit(0);
  }
  const faults = values.faults ?? '0.1';
  try {
    parseFaults(faults);
  } catch (error) {
    if (error instanceof FaultSettingError) fail(error.message.replaceAll('FAULTS=', '--faults '));
    throw error;
  }
  return {
    seeds: (values.seed ?? '1').split(',').map((seed) => wholeNumber('seed', seed.trim(), 1, 0)),
    ops: wholeNumber('ops', values.ops, 2000),
    faults,
    customers: wholeNumber('customers', values.customers, 50, 4),
    concurrency: wholeNumber('concurrency', values.concurrency, 8),
    blindApprovals: values['blind-approvals'],
    ...(values.dump ? { dump: values.dump } : {}),
  };
}

/**
 * Every item of the run's table. A Scan, which no request path or job may use: this checker reads
 * a throw-away local table once, after the run, to recount everything the aggregates summarise.
 */
async function readTable(db: DynamoDBDocumentClient, tableName: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function readMails(sesUrl: string): Promise<SentMail[]> {
  const response = await fetch(`${sesUrl}/store`);
  return ((await response.json()) as { emails: SentMail[] }).emails;
}

export interface ChaosReport {
  options: ChaosOptions;
  seed: number;
  tally: WorkloadTally;
  faults: FaultInjector['tally'];
  invariants: InvariantResult[];
  unhandled: string[];
  ok: boolean;
}

function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

export function formatReport(report: ChaosReport): string {
  const { tally, faults, invariants } = report;
  const byKind = Object.entries(faults.byKind()).filter(([, n]) => n > 0);
  const lines = [
    `chaos run: seed ${report.seed}, ${report.options.ops} operations, faults ${report.options.faults}`,
    '',
    'Operations by kind',
    table([...tally.operations].sort().map(([kind, n]) => [kind, String(n)])),
    '',
    `Answers: ${tally.answers} (${[...tally.statuses]
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')})`,
    `Retries: ${tally.retries} requests asked again; ${tally.jobRuns} job runs, ${tally.jobFailures} failed (the next run picks up)`,
    '',
    `Faults by kind (${faults.calls} calls seen)`,
    byKind.length > 0 ? table(byKind.map(([kind, n]) => [kind, String(n)])) : '  none',
    '',
    'Invariants',
    table([
      ...invariants.map((i): [string, string] => [
        `${i.violations.length === 0 ? 'ok  ' : 'FAIL'} ${i.name}`,
        i.checked,
      ]),
      [
        `${tally.badAnswers.length === 0 ? 'ok  ' : 'FAIL'} every answer 2xx, 4xx with a message or 503 with Retry-After, within 10 s`,
        `${tally.answers} answers, ${tally.badAnswers.length} off`,
      ],
      [`${report.unhandled.length === 0 ? 'ok  ' : 'FAIL'} no unhandled rejection`, `${report.unhandled.length} seen`],
    ]),
  ];
  const problems = [
    ...invariants.flatMap((i) => i.violations.slice(0, 20).map((v) => `${i.name}: ${v}`)),
    ...tally.badAnswers.slice(0, 20).map((a) => `answer: ${a}`),
    ...report.unhandled.slice(0, 5).map((u) => `unhandled: ${u}`),
  ];
  if (problems.length > 0) lines.push('', 'Violations (first of each)', ...problems.map((p) => `  ${p}`));
  return lines.join('\n');
}

export async function runChaos(options: ChaosOptions, log: (line: string) => void): Promise<ChaosReport[]> {
  const unhandled: string[] = [];
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
  };
  process.on('unhandledRejection', onUnhandled);
  // Per-client limits are for people; the run's clients ask far more often (as the integration suite does).
  process.env.RATE_LIMIT_SCALE ??= '100';
  // The handlers log every injected fault they survive: only what they could not is worth printing.
  process.env.LOG_LEVEL ??= 'silent';
  const faults = createFaultInjector(parseFaults(options.faults), options.seeds[0]);
  faults.enabled = false;
  const dataDir = mkdtempSync(join(tmpdir(), 'goldbot-chaos-'));
  let stack: RunningLocalStack | undefined;
  const reports: ChaosReport[] = [];
  try {
    stack = await startLocalStack({
      root,
      dataDir,
      cacheDir: join(root, '.local', 'cache'),
      ports: {
        dynamodb: await freePort(),
        cognito: await freePort(),
        ses: await freePort(),
        api: await freePort(),
        tron: await freePort(),
      },
      admin: { email: 'admin@example.com', password: 'Admin123!' },
      // The run triggers the jobs itself, at random moments.
      scheduler: false,
      faults,
      log: () => undefined,
    });
    const db = DynamoDBDocumentClient.from(localDynamoClient(stack.urls.dynamodb));
    for (const seed of options.seeds) {
      faults.random = seededRandom(seed);
      faults.tally = new FaultTally();
      const tally = newTally();
      const seenBefore = unhandled.length;
      const workload = createWorkload(
        {
          stack,
          root,
          random: seededRandom(seed ^ 0x5eed),
          ops: options.ops,
          customers: options.customers,
          concurrency: options.concurrency,
          retryCapMs: 300,
          blindApprovals: options.blindApprovals,
          db,
          log,
        },
        tally,
      );
      log(`chaos: seed ${seed} on ${stack.urls.api}; signing in ${options.customers} customers and 2 admins`);
      faults.enabled = true;
      await workload.setUp();
      log(`chaos: seed ${seed}, ${options.ops} operations, faults ${options.faults}`);
      await workload.run();
      // Faults off: the background chain checks finish, and every job runs once more to drain.
      faults.enabled = false;
      await sleep(1_000);
      await workload.drain();
      await sleep(500);
      const items = await readTable(db, stack.tableName);
      // The items the invariants were checked on, to study a violation after the stack is gone.
      if (options.dump) writeFileSync(options.dump, JSON.stringify(items));
      const invariants = checkInvariants({
        items,
        mails: await readMails(stack.urls.sesInbox),
        now: new Date(),
      });
      const seen = unhandled.slice(seenBefore);
      const ok =
        invariants.every((i) => i.violations.length === 0) && tally.badAnswers.length === 0 && seen.length === 0;
      reports.push({ options, seed, tally, faults: faults.tally, invariants, unhandled: seen, ok });
    }
    return reports;
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = parseOptions();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  runChaos(options, log).then(
    (reports) => {
      process.stdout.write(`${reports.map(formatReport).join('\n\n')}\n`);
      process.exit(reports.every((report) => report.ok) ? 0 : 1);
    },
    (error: unknown) => {
      process.stderr.write(
        `npm run chaos: the run could not complete: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(2);
    },
  );
}
