import { describe, expect, it } from 'vitest';
import type { RevenueEntry } from '@goldbot/shared';
import { dashboardYears } from './dashboard-options';
import { filterRevenue, revenueYears, summarizeRevenue, type RevenueFilter } from './revenue-filter';
import { EIGHT_MONTHS, revenueEntry } from '../testing/revenue-fixtures';

const ALL: RevenueFilter = { year: 'all', month: 'all', timeRange: '12months' };
const labels = (entries: RevenueEntry[]) => entries.map((kept) => kept.month);

describe('filterRevenue', () => {
  it('keeps every entry in order for all years, all months and 12 months', () => {
    expect(filterRevenue(EIGHT_MONTHS, ALL)).toEqual(EIGHT_MONTHS);
  });

  it('keeps the last 6 or the last 3 entries when year and month are both all', () => {
    expect(labels(filterRevenue(EIGHT_MONTHS, { ...ALL, timeRange: '6months' }))).toEqual([
      'Oct 2025',
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
    ]);
    expect(labels(filterRevenue(EIGHT_MONTHS, { ...ALL, timeRange: '3months' }))).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
    ]);
    expect(filterRevenue(EIGHT_MONTHS.slice(0, 2), { ...ALL, timeRange: '3months' })).toEqual(EIGHT_MONTHS.slice(0, 2));
  });

  it('keeps the entries whose year equals the chosen one, and then ignores the time range', () => {
    expect(labels(filterRevenue(EIGHT_MONTHS, { ...ALL, year: 2026, timeRange: '3months' }))).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
    ]);
    expect(labels(filterRevenue(EIGHT_MONTHS, { ...ALL, year: 2025, timeRange: '3months' }))).toHaveLength(5);
    expect(filterRevenue(EIGHT_MONTHS, { ...ALL, year: 2024 })).toEqual([]);
  });

  it('keeps the labels that equal or start with the chosen abbreviation, and then ignores the time range', () => {
    const withBareLabel = [...EIGHT_MONTHS, { year: 2024, month: 'Oct', revenue: 5 }];
    expect(labels(filterRevenue(withBareLabel, { ...ALL, month: 'Oct', timeRange: '3months' }))).toEqual([
      'Oct 2025',
      'Oct',
    ]);
    // 'Mar' never matches a label that only contains it later on.
    expect(
      labels(
        filterRevenue([revenueEntry('Dec 2025', 1), { year: 2025, month: 'Summer Mar', revenue: 2 }], {
          ...ALL,
          month: 'Mar',
        }),
      ),
    ).toEqual([]);
  });

  it('applies year and month together', () => {
    expect(filterRevenue(EIGHT_MONTHS, { ...ALL, year: 2025, month: 'Dec' })).toEqual([revenueEntry('Dec 2025', 1000)]);
    expect(filterRevenue(EIGHT_MONTHS, { ...ALL, year: 2026, month: 'Dec' })).toEqual([]);
  });
});

describe('summarizeRevenue', () => {
  it('counts the total, the number of records, the average, the highest and the lowest', () => {
    expect(summarizeRevenue(EIGHT_MONTHS)).toEqual({
      total: 1990,
      count: 8,
      average: 248.75,
      highest: 1000,
      lowest: 0,
    });
    expect(summarizeRevenue([revenueEntry('Mar 2026', 250)])).toEqual({
      total: 250,
      count: 1,
      average: 250,
      highest: 250,
      lowest: 250,
    });
  });

  it('is all zero when nothing is kept', () => {
    expect(summarizeRevenue([])).toEqual({ total: 0, count: 0, average: 0, highest: 0, lowest: 0 });
  });
});

describe('the year choices', () => {
  it('offers the years of the revenue entries, newest first, once each', () => {
    expect(revenueYears(EIGHT_MONTHS)).toEqual([2026, 2025]);
    expect(revenueYears([])).toEqual([]);
  });

  it('offers the current UTC year and the five previous on the dashboard', () => {
    expect(dashboardYears(new Date('2026-05-01T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    // Still the old year in UTC, whatever the local clock says.
    expect(dashboardYears(new Date('2025-12-31T23:30:00Z'))[0]).toBe(2025);
  });
});
