import {
  MONTH_ABBREVIATIONS,
  PACKAGE_NAMES,
  type PackageSlug,
  type PaymentStatsResponse,
  type RevenueEntry,
  centsToUsd,
  toCents,
} from '@goldbot/shared';

/**
 * The admin dashboard's revenue figures (the payment stats cards and charts;
 * docs/data-model.md, "Aggregates"). Every number comes from the payment aggregates kept by the submit,
 * approval and rejection transactions, never from reading payments, so the answer costs the same
 * with 100 or 1,000,000 payments: one BatchGetItem and two Queries on `STATS#PAYMENTS`.
 */

/**
 * Completed payments of a bucket (a day, month, year, package or package-month), and the refunds
 * approved in it. Refunds are counted apart, in the bucket of the day they were approved: the
 * revenue a past month recorded is never rewritten (docs/data-model.md, "Aggregates").
 */
export interface RevenueCounter {
  completedCount: number;
  completedAmount: number;
  refundedCount: number;
  refundedAmount: number;
}

export interface PaymentTotals extends RevenueCounter {
  pendingCount: number;
}

/** A `MONTH#<yyyy-mm>` aggregate. */
export interface MonthRevenue extends RevenueCounter {
  /** `yyyy-mm`. */
  month: string;
}

/** A `PKGMONTH#<yyyy-mm>#<slug>` aggregate. */
export interface PackageMonthRevenue extends RevenueCounter {
  month: string;
  slug: PackageSlug;
}

export interface RevenueStatsStore {
  /** One BatchGetItem: `TOTAL`, `DAY#<day>`, `MONTH#<month>`, `YEAR#<year>` (a missing item counts zero). */
  currentCounters(keys: { day: string; month: string; year: string }): Promise<{
    total: PaymentTotals;
    day: RevenueCounter;
    month: RevenueCounter;
    year: RevenueCounter;
  }>;
  /** Query `begins_with(SK, 'MONTH#<prefix>')`, oldest first. */
  monthCounters(prefix: string): Promise<MonthRevenue[]>;
  /** Query `begins_with(SK, 'PACKAGE#')`: all-time revenue per package. */
  packageCounters(): Promise<Map<PackageSlug, RevenueCounter>>;
  /** Query `begins_with(SK, 'PKGMONTH#<prefix>')`. */
  packageMonthCounters(prefix: string): Promise<PackageMonthRevenue[]>;
}

/** The dashboard's filter: a year and a month index 0-11, each absent for 'all'. */
export interface RevenueFilter {
  year?: number;
  month?: number;
}

/** The spec's default dot colour (teal), for any package without a colour of its own. */
export const DEFAULT_PACKAGE_COLOR = '#14b8a6';
/** One fixed colour per package, so a package keeps its colour whatever the filter. */
export const PACKAGE_COLORS: Record<PackageSlug, string> = {
  freeTrial: DEFAULT_PACKAGE_COLOR,
  basic: '#3b82f6',
  pro: '#8b5cf6',
  ultimate: '#d4af37',
};
/** The paid packages, always listed (with 0 when nothing was sold), in the catalog's order. */
const PAID_PACKAGES: readonly PackageSlug[] = ['basic', 'pro', 'ultimate'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `2026-01` → 'Jan 2026' (the spec's label: a three-letter English abbreviation first). */
export function monthLabel(yearMonth: string): string {
  const index = Number(yearMonth.slice(5, 7)) - 1;
  return `${MONTH_ABBREVIATIONS[index] ?? yearMonth.slice(5, 7)} ${yearMonth.slice(0, 4)}`;
}

/**
 * The sort-key prefix that selects the filtered months, and the month index to keep when only a
 * month is chosen ('all' years of that month: the prefix cannot express it, the aggregates of the
 * other months are skipped in memory; their number grows with years, not payments).
 */
export function revenueScope(filter: RevenueFilter): { prefix: string; onlyMonth?: number } {
  if (filter.year !== undefined) {
    return { prefix: filter.month !== undefined ? `${filter.year}-${pad2(filter.month + 1)}` : String(filter.year) };
  }
  return filter.month !== undefined ? { prefix: '', onlyMonth: filter.month } : { prefix: '' };
}

const inMonth = (yearMonth: string, onlyMonth: number | undefined) =>
  onlyMonth === undefined || Number(yearMonth.slice(5, 7)) === onlyMonth + 1;

/** UTC calendar keys of `now`: the Today, This Month and This Year cards. */
export const utcBuckets = (now: Date) => {
  const iso = now.toISOString();
  return { day: iso.slice(0, 10), month: iso.slice(0, 7), year: iso.slice(0, 4) };
};

/** One line per paid package (and the free trial only if it ever had revenue), in catalog order. */
export function packageLines(
  revenue: ReadonlyMap<PackageSlug, number>,
  refunded: ReadonlyMap<PackageSlug, number> = new Map(),
): PaymentStatsResponse['packageData'] {
  const freeTrial = revenue.get('freeTrial') ?? 0;
  const slugs: PackageSlug[] = freeTrial > 0 ? ['freeTrial', ...PAID_PACKAGES] : [...PAID_PACKAGES];
  return slugs.map((slug) => ({
    name: PACKAGE_NAMES[slug],
    revenue: revenue.get(slug) ?? 0,
    color: PACKAGE_COLORS[slug] ?? DEFAULT_PACKAGE_COLOR,
    refunded: refunded.get(slug) ?? 0,
  }));
}

/** Gross minus refunded, in whole cents so it never shows a floating-point tail. */
export const netOf = (gross: number, refunded: number) => centsToUsd(toCents(gross) - toCents(refunded));

/** A card's refund figures: refunded apart from the gross, and the net. */
const refundFigures = (c: RevenueCounter) => ({
  refundedAmount: c.refundedAmount,
  refundedCount: c.refundedCount,
  netAmount: netOf(c.completedAmount, c.refundedAmount),
});

/**
 * The whole answer of `admin-payment-stats`. The cards are always the current UTC day, month and
 * year; `revenueData` and `packageData` follow the filter (all time when nothing is chosen).
 */
export async function paymentStats(
  store: RevenueStatsStore,
  filter: RevenueFilter,
  now: Date,
): Promise<PaymentStatsResponse> {
  const { prefix, onlyMonth } = revenueScope(filter);
  const allTime = filter.year === undefined && filter.month === undefined;
  const [current, months, packages] = await Promise.all([
    store.currentCounters(utcBuckets(now)),
    store.monthCounters(prefix),
    allTime
      ? store.packageCounters().then((map) => [...map])
      : store.packageMonthCounters(prefix).then((rows) => {
          const sums = new Map<PackageSlug, RevenueCounter>();
          for (const row of rows) {
            if (inMonth(row.month, onlyMonth)) sums.set(row.slug, addCounters(sums.get(row.slug), row));
          }
          return [...sums];
        }),
  ]);
  const revenueData: RevenueEntry[] = months
    .filter((m) => inMonth(m.month, onlyMonth))
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({
      year: Number(m.month.slice(0, 4)),
      month: monthLabel(m.month),
      revenue: m.completedAmount,
      refunded: m.refundedAmount,
      net: netOf(m.completedAmount, m.refundedAmount),
    }));
  const card = (c: RevenueCounter) => ({ amount: c.completedAmount, count: c.completedCount, ...refundFigures(c) });
  return {
    paymentStats: {
      total: {
        amount: current.total.completedAmount,
        completedCount: current.total.completedCount,
        pendingCount: current.total.pendingCount,
        ...refundFigures(current.total),
      },
      today: card(current.day),
      thisMonth: card(current.month),
      thisYear: card(current.year),
    },
    revenueData,
    packageData: packageLines(
      new Map(packages.map(([slug, c]) => [slug, c.completedAmount])),
      new Map(packages.map(([slug, c]) => [slug, c.refundedAmount])),
    ),
  };
}

const addCounters = (a: RevenueCounter | undefined, b: RevenueCounter): RevenueCounter => ({
  completedCount: (a?.completedCount ?? 0) + b.completedCount,
  completedAmount: (a?.completedAmount ?? 0) + b.completedAmount,
  refundedCount: (a?.refundedCount ?? 0) + b.refundedCount,
  refundedAmount: (a?.refundedAmount ?? 0) + b.refundedAmount,
});
