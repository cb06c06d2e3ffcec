import type { RevenueEntry } from '@goldbot/shared';

/** A revenue entry as the server labels it ('Mar 2026'). */
export const revenueEntry = (month: string, revenue: number): RevenueEntry => ({
  year: Number(month.slice(-4)),
  month,
  revenue,
});

/** Eight months, oldest first, as the server sends them. */
export const EIGHT_MONTHS: RevenueEntry[] = [
  revenueEntry('Aug 2025', 100),
  revenueEntry('Sep 2025', 0),
  revenueEntry('Oct 2025', 250),
  revenueEntry('Nov 2025', 60),
  revenueEntry('Dec 2025', 1000),
  revenueEntry('Jan 2026', 310),
  revenueEntry('Feb 2026', 20),
  revenueEntry('Mar 2026', 250),
];
