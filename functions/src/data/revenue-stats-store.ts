import { PACKAGE_SLUGS, type PackageSlug } from '@goldbot/shared';
import type { RevenueCounter, RevenueStatsStore } from '../domain/commerce/revenue-stats.js';
import { PAYMENT_STATS_PARTITION, PAYMENT_STATS_PREFIX, paymentStatsKeys } from './stats-entity.js';
import { batchGetItems, queryAllWithPrefix, type Item } from './table-reads.js';

/**
 * Reads of the payment aggregates for the dashboard (docs/data-model.md, "Aggregates" and "Dashboard revenue"): one
 * BatchGetItem of four known keys and Queries on the `STATS#PAYMENTS` partition by sort-key
 * prefix. Their size depends on the number of months and packages, never on the payments.
 */
const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

const counterOf = (item: Item | undefined): RevenueCounter => ({
  completedCount: number(item?.completedCount),
  completedAmount: number(item?.completedAmount),
  refundedCount: number(item?.refundedCount),
  refundedAmount: number(item?.refundedAmount),
});

const isSlug = (value: string): value is PackageSlug => (PACKAGE_SLUGS as readonly string[]).includes(value);

/** Every item of the partition whose SK starts with `prefix`, in SK order (a few pages at most). */
async function itemsWithPrefix(prefix: string): Promise<Item[]> {
  return queryAllWithPrefix(PAYMENT_STATS_PARTITION, prefix);
}

export const dynamoRevenueStatsStore: RevenueStatsStore = {
  async currentCounters({ day, month, year }) {
    const keys = {
      total: paymentStatsKeys.total(),
      day: paymentStatsKeys.day(day),
      month: paymentStatsKeys.month(month),
      year: paymentStatsKeys.year(year),
    };
    // Eventually consistent: the dashboard may lag a just-committed approval by a moment.
    const items = await batchGetItems(Object.values(keys), false);
    const find = (key: { SK: string }) => items.find((item) => item.SK === key.SK);
    const total = find(keys.total);
    return {
      total: { ...counterOf(total), pendingCount: number(total?.pendingCount) },
      day: counterOf(find(keys.day)),
      month: counterOf(find(keys.month)),
      year: counterOf(find(keys.year)),
    };
  },

  async monthCounters(prefix) {
    const items = await itemsWithPrefix(`${PAYMENT_STATS_PREFIX.month}${prefix}`);
    return items.map((item) => ({
      month: String(item.SK).slice(PAYMENT_STATS_PREFIX.month.length),
      ...counterOf(item),
    }));
  },

  async packageCounters() {
    const counters = new Map<PackageSlug, RevenueCounter>();
    for (const item of await itemsWithPrefix(PAYMENT_STATS_PREFIX.package)) {
      const slug = String(item.SK).slice(PAYMENT_STATS_PREFIX.package.length);
      if (isSlug(slug)) counters.set(slug, counterOf(item));
    }
    return counters;
  },

  async packageMonthCounters(prefix) {
    const rows = [];
    for (const item of await itemsWithPrefix(`${PAYMENT_STATS_PREFIX.packageMonth}${prefix}`)) {
      // PKGMONTH#<yyyy-mm>#<slug>
      const [month = '', slug = ''] = String(item.SK).slice(PAYMENT_STATS_PREFIX.packageMonth.length).split('#');
      if (isSlug(slug)) rows.push({ month, slug, ...counterOf(item) });
    }
    return rows;
  },
};
