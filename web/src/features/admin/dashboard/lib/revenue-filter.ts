import type { MonthAbbreviation, RevenueEntry } from '@goldbot/shared';

/** The dashboard's time range: 12 months by default, or the last 6 or 3. */
export const TIME_RANGES = ['12months', '6months', '3months'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export interface RevenueFilter {
  /** A year, or 'all'. */
  year: number | 'all';
  /** A month's abbreviation, or 'all'. */
  month: MonthAbbreviation | 'all';
  timeRange: TimeRange;
}

const LAST_ENTRIES: Record<TimeRange, number | undefined> = { '12months': undefined, '6months': 6, '3months': 3 };

/**
 * The Monthly Revenue panel's client-side filter: the year keeps the entries of that
 * year; the month keeps the labels that equal or start with its abbreviation; when both are 'all'
 * the time range applies ('6months' the last 6 entries, '3months' the last 3, otherwise all).
 */
export function filterRevenue(entries: readonly RevenueEntry[], { year, month, timeRange }: RevenueFilter) {
  let kept = [...entries];
  if (year !== 'all') kept = kept.filter((entry) => entry.year === year);
  if (month !== 'all') kept = kept.filter((entry) => entry.month === month || entry.month.startsWith(month));
  if (year === 'all' && month === 'all') {
    const last = LAST_ENTRIES[timeRange];
    if (last !== undefined) kept = kept.slice(-last);
  }
  return kept;
}

export interface RevenueSummary {
  total: number;
  count: number;
  average: number;
  highest: number;
  lowest: number;
}

/** Total, count, average, highest and lowest of the filtered entries; all zero when there are none. */
export function summarizeRevenue(entries: readonly RevenueEntry[]): RevenueSummary {
  if (entries.length === 0) return { total: 0, count: 0, average: 0, highest: 0, lowest: 0 };
  const revenues = entries.map((entry) => entry.revenue);
  const total = revenues.reduce((sum, revenue) => sum + revenue, 0);
  return {
    total,
    count: entries.length,
    average: total / entries.length,
    highest: Math.max(...revenues),
    lowest: Math.min(...revenues),
  };
}

/** The panel's grid shows at most this many month cards, the first of the filtered entries. */
export const MONTH_CARDS_MAX = 6;

/** The years the panel's year filter offers: those of the entries, newest first. */
export function revenueYears(entries: readonly RevenueEntry[]): number[] {
  return [...new Set(entries.map((entry) => entry.year))].sort((a, b) => b - a);
}
