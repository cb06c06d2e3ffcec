import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentStatsResponseSchema, type PackageSlug } from '@goldbot/shared';
import { dynamoRevenueStatsStore } from '../../src/data/revenue-stats-store.js';
import {
  DEFAULT_PACKAGE_COLOR,
  PACKAGE_COLORS,
  monthLabel,
  packageLines,
  paymentStats,
  revenueScope,
  utcBuckets,
  type MonthRevenue,
  type PackageMonthRevenue,
  type RevenueCounter,
  type RevenueStatsStore,
} from '../../src/domain/commerce/revenue-stats.js';
import { CALLERS, givenProfilesOnly, httpEvent, invoke, storeCalls, type HttpHandler } from '../helpers/lambda.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The dashboard's revenue answer (admin-payment-stats): labels, filters and package lines from the
 * Payment aggregates, the store's reads (one BatchGetItem of four keys and prefix Queries on the stats
 * partition, whatever the number of payments) and the handler over a mocked table.
 */
const counter = (
  completedAmount: number,
  completedCount = 1,
  refundedAmount = 0,
  refundedCount = 0,
): RevenueCounter => ({
  completedAmount,
  completedCount,
  refundedAmount,
  refundedCount,
});
/** What the store reads for an item without refunds. */
const none = { refundedAmount: 0, refundedCount: 0 };

/** An in-memory store over a list of aggregates, recording the prefixes asked for. */
function fakeStore(data: {
  total?: RevenueCounter & { pendingCount: number };
  days?: Record<string, RevenueCounter>;
  months?: MonthRevenue[];
  years?: Record<string, RevenueCounter>;
  packages?: Partial<Record<PackageSlug, RevenueCounter>>;
  packageMonths?: PackageMonthRevenue[];
}) {
  const asked: string[] = [];
  const store: RevenueStatsStore = {
    async currentCounters({ day, month, year }) {
      asked.push(`current:${day}:${month}:${year}`);
      return {
        total: data.total ?? { ...counter(0, 0), pendingCount: 0 },
        day: data.days?.[day] ?? counter(0, 0),
        month: data.months?.find((m) => m.month === month) ?? counter(0, 0),
        year: data.years?.[year] ?? counter(0, 0),
      };
    },
    async monthCounters(prefix) {
      asked.push(`months:${prefix}`);
      return (data.months ?? []).filter((m) => m.month.startsWith(prefix));
    },
    async packageCounters() {
      asked.push('packages');
      return new Map(Object.entries(data.packages ?? {}) as [PackageSlug, RevenueCounter][]);
    },
    async packageMonthCounters(prefix) {
      asked.push(`pkgmonths:${prefix}`);
      return (data.packageMonths ?? []).filter((m) => m.month.startsWith(prefix));
    },
  };
  return { store, asked };
}

const NOW = new Date('2026-11-23T10:30:00.000Z');

const WORLD = {
  total: { ...counter(1560, 7), pendingCount: 2 },
  days: { '2026-11-23': counter(250) },
  years: { '2026': counter(1310, 5), '2025': counter(250) },
  months: [
    { month: '2025-03', ...counter(250) },
    { month: '2026-01', ...counter(60) },
    { month: '2026-03', ...counter(1000) },
    { month: '2026-11', ...counter(250) },
  ],
  packages: { basic: counter(60), pro: counter(500, 2), ultimate: counter(1000) },
  packageMonths: [
    { month: '2025-03', slug: 'pro' as const, ...counter(250) },
    { month: '2026-01', slug: 'basic' as const, ...counter(60) },
    { month: '2026-03', slug: 'ultimate' as const, ...counter(1000) },
    { month: '2026-11', slug: 'pro' as const, ...counter(250) },
  ],
};

describe('revenue rules', () => {
  it('labels months with the three-letter English abbreviation and the year', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });

  it('turns the filter into a sort-key prefix (month index 0-11)', () => {
    expect(revenueScope({})).toEqual({ prefix: '' });
    expect(revenueScope({ year: 2026 })).toEqual({ prefix: '2026' });
    expect(revenueScope({ year: 2026, month: 0 })).toEqual({ prefix: '2026-01' });
    expect(revenueScope({ year: 2026, month: 11 })).toEqual({ prefix: '2026-12' });
    expect(revenueScope({ month: 2 })).toEqual({ prefix: '', onlyMonth: 2 });
  });

  it('takes today, this month and this year in UTC', () => {
    expect(utcBuckets(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      day: '2026-12-31',
      month: '2026-12',
      year: '2026',
    });
    expect(utcBuckets(new Date('2027-01-01T00:00:00.000Z'))).toEqual({
      day: '2027-01-01',
      month: '2027-01',
      year: '2027',
    });
  });

  it('lists every paid package with its fixed colour, and the free trial only when it had revenue', () => {
    expect(packageLines(new Map([['pro', 250]]))).toEqual([
      { name: 'Basic Package', revenue: 0, color: PACKAGE_COLORS.basic, refunded: 0 },
      { name: 'Pro Package', revenue: 250, color: PACKAGE_COLORS.pro, refunded: 0 },
      { name: 'Ultimate Package', revenue: 0, color: PACKAGE_COLORS.ultimate, refunded: 0 },
    ]);
    expect(packageLines(new Map([['freeTrial', 5]]))[0]).toEqual({
      name: 'Free Trial',
      revenue: 5,
      color: DEFAULT_PACKAGE_COLOR,
      refunded: 0,
    });
    expect(DEFAULT_PACKAGE_COLOR).toBe('#14b8a6');
    expect(new Set(Object.values(PACKAGE_COLORS).slice(1)).size).toBe(3);
  });
});

describe('paymentStats', () => {
  it('answers all time: the cards from TOTAL, DAY, MONTH, YEAR, every month oldest first, PACKAGE lines', async () => {
    const { store, asked } = fakeStore(WORLD);
    const answer = paymentStatsResponseSchema.parse(await paymentStats(store, {}, NOW));
    const noRefunds = (amount: number) => ({ refundedAmount: 0, refundedCount: 0, netAmount: amount });
    expect(answer.paymentStats).toEqual({
      total: { amount: 1560, completedCount: 7, pendingCount: 2, ...noRefunds(1560) },
      today: { amount: 250, count: 1, ...noRefunds(250) },
      thisMonth: { amount: 250, count: 1, ...noRefunds(250) },
      thisYear: { amount: 1310, count: 5, ...noRefunds(1310) },
    });
    expect(answer.revenueData).toEqual([
      { year: 2025, month: 'Mar 2025', revenue: 250, refunded: 0, net: 250 },
      { year: 2026, month: 'Jan 2026', revenue: 60, refunded: 0, net: 60 },
      { year: 2026, month: 'Mar 2026', revenue: 1000, refunded: 0, net: 1000 },
      { year: 2026, month: 'Nov 2026', revenue: 250, refunded: 0, net: 250 },
    ]);
    expect(answer.packageData.map((p) => [p.name, p.revenue])).toEqual([
      ['Basic Package', 60],
      ['Pro Package', 500],
      ['Ultimate Package', 1000],
    ]);
    expect(asked).toEqual(['current:2026-11-23:2026-11:2026', 'months:', 'packages']);
  });

  it('narrows revenueData and packageData to a year, the cards stay current', async () => {
    const { store, asked } = fakeStore(WORLD);
    const answer = await paymentStats(store, { year: 2025 }, NOW);
    expect(answer.revenueData).toEqual([{ year: 2025, month: 'Mar 2025', revenue: 250, refunded: 0, net: 250 }]);
    expect(answer.packageData.find((p) => p.name === 'Pro Package')?.revenue).toBe(250);
    expect(answer.packageData.find((p) => p.name === 'Ultimate Package')?.revenue).toBe(0);
    expect(answer.paymentStats.thisYear).toMatchObject({ amount: 1310, count: 5 });
    expect(asked).toContain('months:2025');
    expect(asked).toContain('pkgmonths:2025');
  });

  it('narrows to one month of a year, or to that month of every year', async () => {
    const { store } = fakeStore(WORLD);
    const march2026 = await paymentStats(store, { year: 2026, month: 2 }, NOW);
    expect(march2026.revenueData).toEqual([{ year: 2026, month: 'Mar 2026', revenue: 1000, refunded: 0, net: 1000 }]);
    expect(march2026.packageData.map((p) => p.revenue)).toEqual([0, 0, 1000]);
    const everyMarch = await paymentStats(store, { month: 2 }, NOW);
    expect(everyMarch.revenueData.map((r) => r.month)).toEqual(['Mar 2025', 'Mar 2026']);
    expect(everyMarch.packageData.map((p) => p.revenue)).toEqual([0, 250, 1000]);
  });

  it('counts refunds apart: gross stays what was completed, refunded is what the period refunded, net the difference', async () => {
    const { store } = fakeStore({
      ...WORLD,
      total: { ...counter(1560, 7, 250, 1), pendingCount: 2 },
      days: { '2026-11-23': counter(250, 1, 59.99, 1) },
      months: [
        { month: '2026-03', ...counter(1000) },
        // A March purchase refunded in November: March keeps its revenue, November counts the refund.
        { month: '2026-11', ...counter(250, 1, 250, 1) },
      ],
      packages: { pro: counter(500, 2, 250, 1) },
    });
    const answer = await paymentStats(store, {}, NOW);
    expect(answer.paymentStats.total).toMatchObject({
      amount: 1560,
      refundedAmount: 250,
      refundedCount: 1,
      netAmount: 1310,
    });
    // Whole cents, never a floating-point tail.
    expect(answer.paymentStats.today).toMatchObject({ amount: 250, refundedAmount: 59.99, netAmount: 190.01 });
    expect(answer.revenueData).toEqual([
      { year: 2026, month: 'Mar 2026', revenue: 1000, refunded: 0, net: 1000 },
      { year: 2026, month: 'Nov 2026', revenue: 250, refunded: 250, net: 0 },
    ]);
    expect(answer.packageData.find((p) => p.name === 'Pro Package')).toMatchObject({ revenue: 500, refunded: 250 });
  });

  it('answers zeros and no months on an empty table', async () => {
    const answer = await paymentStats(fakeStore({}).store, {}, NOW);
    expect(answer.paymentStats.total).toEqual({
      amount: 0,
      completedCount: 0,
      pendingCount: 0,
      refundedAmount: 0,
      refundedCount: 0,
      netAmount: 0,
    });
    expect(answer.revenueData).toEqual([]);
    expect(answer.packageData.every((p) => p.revenue === 0)).toBe(true);
  });
});

const dynamo = useMockedDynamo();
beforeEach(() => givenProfilesOnly(dynamo));

const TABLE = process.env.TABLE_NAME ?? '';

describe('dynamoRevenueStatsStore', () => {
  it('reads the four cards in one BatchGetItem of known keys', async () => {
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
      Responses: {
        [Object.keys(input.RequestItems)[0] ?? TABLE]: [
          { PK: 'STATS#PAYMENTS', SK: 'TOTAL', completedAmount: 500, completedCount: 2, pendingCount: 1 },
          {
            PK: 'STATS#PAYMENTS',
            SK: 'DAY#2026-11-23',
            completedAmount: 250,
            completedCount: 1,
            refundedAmount: 60,
            refundedCount: 1,
          },
        ],
      },
    }));
    const current = await dynamoRevenueStatsStore.currentCounters({
      day: '2026-11-23',
      month: '2026-11',
      year: '2026',
    });
    expect(current).toEqual({
      total: { completedAmount: 500, completedCount: 2, pendingCount: 1, ...none },
      day: { completedAmount: 250, completedCount: 1, refundedAmount: 60, refundedCount: 1 },
      month: { completedAmount: 0, completedCount: 0, ...none },
      year: { completedAmount: 0, completedCount: 0, ...none },
    });
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    const keys = Object.values(calls[0]?.args[0].input.RequestItems ?? {})[0]?.Keys;
    expect(keys).toEqual([
      { PK: 'STATS#PAYMENTS', SK: 'TOTAL' },
      { PK: 'STATS#PAYMENTS', SK: 'DAY#2026-11-23' },
      { PK: 'STATS#PAYMENTS', SK: 'MONTH#2026-11' },
      { PK: 'STATS#PAYMENTS', SK: 'YEAR#2026' },
    ]);
  });

  it('queries months, packages and package-months by sort-key prefix, following pages', async () => {
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#PAYMENTS', ':prefix': 'MONTH#2026' } })
      .resolvesOnce({
        Items: [{ SK: 'MONTH#2026-01', completedAmount: 60, completedCount: 1 }],
        LastEvaluatedKey: { PK: 'STATS#PAYMENTS', SK: 'MONTH#2026-01' },
      })
      .resolvesOnce({ Items: [{ SK: 'MONTH#2026-02', completedAmount: 250, completedCount: 1 }] });
    expect(await dynamoRevenueStatsStore.monthCounters('2026')).toEqual([
      { month: '2026-01', completedAmount: 60, completedCount: 1, ...none },
      { month: '2026-02', completedAmount: 250, completedCount: 1, ...none },
    ]);
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#PAYMENTS', ':prefix': 'PACKAGE#' } })
      .resolves({
        Items: [
          { SK: 'PACKAGE#pro', completedAmount: 250, completedCount: 1 },
          { SK: 'PACKAGE#unknown', completedAmount: 1, completedCount: 1 },
        ],
      });
    expect([...(await dynamoRevenueStatsStore.packageCounters())]).toEqual([
      ['pro', { completedAmount: 250, completedCount: 1, ...none }],
    ]);
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#PAYMENTS', ':prefix': 'PKGMONTH#2026-03' } })
      .resolves({ Items: [{ SK: 'PKGMONTH#2026-03#ultimate', completedAmount: 1000, completedCount: 1 }] });
    expect(await dynamoRevenueStatsStore.packageMonthCounters('2026-03')).toEqual([
      { month: '2026-03', slug: 'ultimate', completedAmount: 1000, completedCount: 1, ...none },
    ]);
    for (const call of dynamo.commandCalls(QueryCommand)) {
      expect(call.args[0].input).toMatchObject({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)' });
      expect(call.args[0].input.IndexName).toBeUndefined();
    }
  });
});

describe('admin-payment-stats handler', () => {
  const call = async (claims: Record<string, string>, query?: Record<string, string>) => {
    const { handler } = (await import('../../src/handlers/admin-payment-stats.js')) as { handler: HttpHandler };
    return invoke(handler, httpEvent({ routeId: 'admin-payment-stats', claims, query }));
  };

  it('answers the contract with one BatchGetItem and two Queries, whatever the payments', async () => {
    const res = await call(CALLERS.admin, { year: 'all', month: 'all' });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(paymentStatsResponseSchema.parse(res.body).packageData).toHaveLength(3);
    const reads = storeCalls(dynamo).map((c) => c.name);
    expect(reads.sort()).toEqual(['BatchGetCommand', 'QueryCommand', 'QueryCommand']);
  });

  it('refuses a month outside 0-11 and a non-admin caller', async () => {
    expect((await call(CALLERS.admin, { month: '12' })).statusCode).toBe(400);
    expect((await call(CALLERS.user)).statusCode).toBe(403);
  });
});
