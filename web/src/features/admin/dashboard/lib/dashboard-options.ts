import type { TimeRange } from './revenue-filter';

/** The chart types of the Monthly Revenue chart: line by default, bar or area. */
export const CHART_TYPES = ['line', 'bar', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const CHART_TYPE_LABELS: Record<ChartType, string> = { line: 'Line', bar: 'Bar', area: 'Area' };

export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
  '12months': 'Last 12 months',
  '6months': 'Last 6 months',
  '3months': 'Last 3 months',
};

/** How many years before the current one the dashboard's year dropdown offers (6 in all). */
const PREVIOUS_YEARS = 5;

/**
 * The dashboard's year choices: the current year and the five previous, newest first.
 * UTC, as the server's 'this year' is.
 */
export function dashboardYears(now: Date = new Date()): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: PREVIOUS_YEARS + 1 }, (_, index) => current - index);
}
