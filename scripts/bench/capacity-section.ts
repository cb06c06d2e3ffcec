import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { defaultCatalog, toCatalogPackageItem } from '../../functions/src/data/package-catalog-entity.js';
import { toSubscriptionSettingsItem } from '../../functions/src/data/settings-entity.js';
import { DEFAULT_SUBSCRIPTION_SETTINGS } from '../../functions/src/domain/records/settings-record.js';
import { toProfileItem } from '../../functions/src/data/user-profile-entity.js';
import type { UserProfile } from '../../functions/src/domain/records/user-profile.js';
import { adminEvent, handlerExists, invokeHandler, loadHandler, rowsOf } from './admin-invoke.js';
import { batchWriteAll } from './bench-dynamodb.js';
import { ADMIN, TABLE_NAME, withBenchHandlers } from './bench-handlers.js';
import { CAPACITY_CASES, type CapacityCase } from './capacity-cases.js';
import { describeCalls, type CapacityMeter } from './capacity-meter.js';
import { list, paragraphs } from './markdown.js';
import { measuredOn } from './machine.js';
import { formatUnits } from './budget.js';
import { capacityTable, judgeCase, type CaseOutcome, type JudgedCase, type Measurement } from './capacity-report.js';
import {
  customersFor,
  emptyCounts,
  recordsIn,
  seedItems,
  seedPayment,
  seedUser,
  StatsAccumulator,
  type SeedContext,
  type SeedCounts,
} from './seed-data.js';
import type { BenchSection } from './section.js';

/**
 * Consumed capacity of the admin dashboard and lists at a small and a large data set
 * (docs/decisions.md, "Budgets"): seed, measure every case, seed the rest, measure again, compare.
 */
export const CAPACITY_RATIO_LIMIT = 1.2;
/** Invocations measured per case and size (after one warm-up); the largest counts. */
const MEASURED_RUNS = 3;
/** The customer the searches look for: seeded in the small set, so present at both sizes. */
const SEARCHED_CUSTOMER = 123;

export async function seedFixedItems(client: DynamoDBDocumentClient, stats: StatsAccumulator, now: Date) {
  const at = now.toISOString();
  const admin: UserProfile = {
    _id: ADMIN.userId,
    username: ADMIN.username,
    email: ADMIN.email,
    phone: null,
    isActive: true,
    isAdmin: true,
    referralCode: 'ADMIN0001',
    referralCount: 0,
    referralEarnings: 0,
    emailVerifiedAt: '2024-01-01T00:00:00.000Z',
    verifiedEmail: ADMIN.email,
    mfaEnabledAt: '2024-01-01T00:00:00.000Z',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
  stats.user(admin);
  const items = [
    toProfileItem(admin),
    toSubscriptionSettingsItem(DEFAULT_SUBSCRIPTION_SETTINGS, at),
    ...defaultCatalog().map((p) => toCatalogPackageItem(p, at)),
  ];
  await batchWriteAll(client, TABLE_NAME, items);
}

interface Loaded {
  testCase: CapacityCase;
  handler?: Awaited<ReturnType<typeof loadHandler>>;
  problem?: CaseOutcome;
}

async function loadCases(root: string): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  for (const testCase of CAPACITY_CASES) {
    if (!handlerExists(root, testCase.route)) {
      loaded.push({ testCase, problem: { kind: 'not built' } });
      continue;
    }
    try {
      loaded.push({ testCase, handler: await loadHandler(root, testCase.route) });
    } catch (error) {
      loaded.push({ testCase, problem: { kind: 'error', message: `import failed: ${messageOf(error)}` } });
    }
  }
  return loaded;
}

const n = (x: number) => x.toLocaleString('en-US');

interface SeedStage {
  /** Records in the table after this stage (rows of the lists). */
  records: number;
  counts: SeedCounts;
  /** Items this stage wrote, aggregates included. */
  items: number;
  seconds: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function measureCase(meter: CapacityMeter, loaded: Loaded, context: SeedContext): Promise<Measurement> {
  const { testCase, handler } = loaded;
  if (!handler) throw new Error('no handler');
  const query = testCase.query({
    now: context.now,
    customer: seedUser(SEARCHED_CUSTOMER),
    customerTxid: seedPayment(SEARCHED_CUSTOMER, context).payment.transactionId,
  });
  const once = async () => {
    const started = performance.now();
    const { result, tally } = await meter.measure(() =>
      invokeHandler(handler, adminEvent(testCase.route, ADMIN, query), testCase.route),
    );
    if (result.statusCode !== 200) {
      const message = typeof result.body.message === 'string' ? result.body.message : JSON.stringify(result.body);
      throw new Error(`HTTP ${result.statusCode}: ${message}`);
    }
    const rows = testCase.rows ? rowsOf({ [testCase.rows]: result.body[testCase.rows] }) : undefined;
    const operations = describeCalls(tally.calls);
    return {
      operations,
      milliseconds: Math.round(performance.now() - started),
      readUnits: tally.readUnits,
      writeUnits: tally.writeUnits,
      requests: tally.requests,
      scans: tally.scans,
      rows,
    } satisfies Measurement;
  };
  await once(); // warm-up: module-level caches, connection set-up
  const runs: Measurement[] = [];
  for (let i = 0; i < MEASURED_RUNS; i += 1) runs.push(await once());
  const worst = runs.reduce((a, b) => (b.readUnits > a.readUnits ? b : a));
  return worst;
}

export const capacitySection: BenchSection = {
  id: 'capacity',
  title: 'Consumed capacity of the admin dashboard and lists',
  budget: `consumed RCU at the large data set ≤ ${CAPACITY_RATIO_LIMIT}× the small one, per budgeted request`,
  async run({ options, log, machine, startedAt }) {
    const { root, smallRecords, largeRecords, seedParallel } = options;
    log(`  data sets: about ${n(smallRecords)} and ${n(largeRecords)} records`);
    return withBenchHandlers({ root, log }, async ({ db, meter }) => {
      const now = new Date();
      const context: SeedContext = {
        now,
        adminId: ADMIN.userId,
        walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      };
      const stats = new StatsAccumulator();
      stats.contactBucketsOfToday(now);
      await seedFixedItems(db.client, stats, now);
      const cases = await loadCases(root);

      const counts = emptyCounts();
      const seedTo = async (records: number): Promise<SeedStage> => {
        const started = Date.now();
        const from = customers;
        customers = customersFor(records);
        const items = seedItems(from, customers, context, stats, counts);
        const written = await batchWriteAll(db.client, TABLE_NAME, items, seedParallel);
        const aggregates = await batchWriteAll(db.client, TABLE_NAME, stats.toItems(), seedParallel);
        const seconds = (Date.now() - started) / 1000;
        const stage = { records: recordsIn(counts), counts: { ...counts }, items: written + aggregates, seconds };
        log(
          `  ${n(stage.records)} records (${n(customers)} customers): wrote ${n(stage.items)} items in ${seconds.toFixed(1)} s`,
        );
        return stage;
      };
      const measureAll = async () => {
        const results = new Map<Loaded, Measurement | Error>();
        for (const loaded of cases) {
          if (loaded.problem) continue;
          try {
            const measured = await measureCase(meter, loaded, context);
            log(
              `    ${loaded.testCase.route} (${loaded.testCase.request}): ${measured.operations ?? 'no request'} ` +
                `(${measured.milliseconds ?? '?'} ms)`,
            );
            results.set(loaded, measured);
          } catch (error) {
            results.set(loaded, error instanceof Error ? error : new Error(String(error)));
          }
        }
        return results;
      };

      let customers = 0;
      const small = await seedTo(smallRecords);
      const atSmall = await measureAll();
      const large = await seedTo(largeRecords);
      const atLarge = await measureAll();

      const judged: JudgedCase[] = cases.map((loaded) => {
        if (loaded.problem) return judgeCase(loaded.testCase, loaded.problem, CAPACITY_RATIO_LIMIT);
        const a = atSmall.get(loaded);
        const b = atLarge.get(loaded);
        const failure = [a, b].find((m) => m instanceof Error);
        const outcome: CaseOutcome =
          failure instanceof Error || !a || !b || a instanceof Error || b instanceof Error
            ? { kind: 'error', message: messageOf(failure ?? 'not measured') }
            : { kind: 'measured', small: a, large: b };
        return judgeCase(loaded.testCase, outcome, CAPACITY_RATIO_LIMIT);
      });
      const checks = judged.map((j) => j.check);
      if (meter.unreported > 0) {
        checks.push({
          label: 'ConsumedCapacity reporting',
          verdict: 'error',
          detail: `${meter.unreported} DynamoDB answers carried no ConsumedCapacity: the figures are incomplete`,
        });
      }
      const markdown = capacityMarkdown({
        judged,
        seeded: { small, large },
        emulator: db.emulator,
        machine,
        startedAt,
        seedParallel,
      });
      return { markdown, checks };
    });
  },
};

function capacityMarkdown(input: {
  judged: JudgedCase[];
  seeded: { small: SeedStage; large: SeedStage };
  emulator: string;
  machine: string;
  startedAt: Date;
  seedParallel: number;
}): string {
  const { judged, seeded } = input;
  const { small, large } = seeded;
  const growing = judged.filter((j) => j.ratio !== undefined && j.ratio > CAPACITY_RATIO_LIMIT);
  const mix = (c: SeedCounts) =>
    `${n(c.users)} users, ${n(c.payments)} payments, ${n(c.subscriptions)} subscriptions, ` +
    `${n(c.withdrawals)} withdrawals, ${n(c.contactMessages)} contact messages`;
  const rate = Math.round(large.items / Math.max(large.seconds, 0.001));
  const names = (cases: JudgedCase[]) => cases.map((j) => `\`${j.testCase.route}\` (${j.testCase.request})`).join(', ');
  const budgetedGrowing = growing.filter((j) => j.testCase.budgeted);
  const measuredPair = (j: JudgedCase) => (j.outcome.kind === 'measured' ? j.outcome : undefined);
  // A search that reads on until its page is full makes more requests on more data; a bounded one does not.
  const unbounded = growing.filter((j) => {
    const pair = measuredPair(j);
    return !j.testCase.budgeted && pair !== undefined && pair.large.requests > pair.small.requests;
  });
  const describeSearch = (j: JudgedCase) => {
    const pair = measuredPair(j);
    if (!pair) return '';
    const { small: a, large: b } = pair;
    return (
      `\`${j.testCase.route}\` (${a.requests} → ${b.requests} requests, ${formatUnits(a.readUnits)} → ` +
      `${formatUnits(b.readUnits)} RCU, ${a.milliseconds ?? '?'} → ${b.milliseconds ?? '?'} ms in-process)`
    );
  };
  return paragraphs(
    '### Consumed capacity of the admin dashboard and lists',
    `Budget (docs/decisions.md, "Budgets"): every **budgeted** request consumes at most ${CAPACITY_RATIO_LIMIT}× the read ` +
      `capacity with ${n(large.records)} records that it consumes with ${n(small.records)} records. So does a ` +
      'search for the start of a username, an e-mail or a TXID (answered from the prefix indexes); the other searches ' +
      'are reported, not budgeted (see below).',
    capacityTable(judged, small.records, large.records),
    'Rows: rows the page answered. Requests: DynamoDB requests per invocation (one figure when equal at both ' +
      `sizes). RCU: read capacity units DynamoDB Local reported for one invocation (the largest of ${MEASURED_RUNS} ` +
      "after a warm-up). Both leave out the session guard's GetItem of the admin's profile, the same 0.5 RCU at " +
      'every size.',
    budgetedGrowing.length > 0
      ? `Over budget: ${names(budgetedGrowing)}.`
      : `Every budgeted request stays within ${CAPACITY_RATIO_LIMIT}×.`,
    ...(unbounded.length > 0
      ? [
          'Searches that read on until their page is full, so their cost grows with the data: ' +
            `${unbounded.map(describeSearch).join('; ')}.`,
        ]
      : []),
    'How it is measured (`scripts/bench/capacity-section.ts`):',
    list(
      `**Data.** ${input.emulator}, table and indexes from \`TABLE_DEFINITION\`. The data grows by customers: ` +
        'each is a verified user (5% deactivated) with one USDT payment (75% completed, 15% rejected, 10% ' +
        'pending) and its subscription; every second one also has a withdrawal (70% approved, 20% rejected, 10% ' +
        'pending, with its pending marker), every other one sent a contact message, every tenth took a free ' +
        'trial. Dates spread over the 24 months before the run; the first 72 customers bought each paid package ' +
        'in each month and one customer registered and was approved today, so the small set already has every ' +
        'aggregate item the dashboard reads. The STATS#… aggregates (docs/data-model.md, "Aggregates") are accumulated from ' +
        "exactly those records, and items are built with the entity modules' own builders " +
        `(\`functions/src/data/*-entity.ts\`). Small set: ${mix(small.counts)}. Large set: ${mix(large.counts)}; it ` +
        'is the small one plus more customers, so the same requests run over a superset.',
      `**Seeding.** BatchWriteItem, 25 items a call, ${input.seedParallel} calls in flight: ${n(small.items)} items in ` +
        `${small.seconds.toFixed(1)} s, then ${n(large.items)} more in ${large.seconds.toFixed(1)} s ` +
        `(${n(rate)} items/s, aggregates included).`,
      '**Counting.** The real handlers run in-process, as `npm run invoke` runs them, with the event API Gateway ' +
        "passes for an administrator's verified ID token. A middleware on the handlers' own document client " +
        "(`functions/src/adapters/dynamodb.ts`) sets `ReturnConsumedCapacity: 'TOTAL'` on every request and adds " +
        'up `ConsumedCapacity.CapacityUnits` per invocation (`scripts/bench/capacity-meter.ts`). DynamoDB Local ' +
        'reports consumed capacity like DynamoDB: 4 KB read units, halved for eventually consistent reads, a Query ' +
        'charged by the size of the items it read (before any filter), a BatchGetItem by each item rounded up; ' +
        'a request answered without it fails the run, and a Scan fails its row whatever the ratio.',
      '**Searches** look for one customer (present in both sets): the start of their e-mail and their username, ' +
        'which the users list and the subscription history answer from the prefix indexes (docs/data-model.md, "Search, stated honestly": ' +
        'the matching users and their own rows), and a part inside their e-mail (its index and domain), ' +
        'which starts no username or e-mail and is looked for in a window of the newest rows (at most 500 ' +
        'evaluated per request; a list smaller than that, like the small set, is read whole, hence a ratio over ' +
        "1). The first 6 characters of their TXID are answered from the TXID markers' prefix index (AP43a: the " +
        'matching markers, then their payments by key). Other payment and withdrawal searches use the bounded ' +
        'page filter (at most 200 items evaluated per request, so a ' +
        'match beyond them answers an empty page and a cursor, and a list shorter than 200 items, like the small ' +
        `set's ${n(small.counts.withdrawals)} withdrawals, is read whole).`,
    ),
    measuredOn(input.startedAt, input.machine),
  );
}
