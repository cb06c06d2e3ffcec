import { FREE_TRIAL_DAYS, PRO_DURATION_MONTHS } from '@goldbot/shared';

/**
 * Package dates (docs/decisions.md, "Data: one table"), in UTC calendar days written `YYYY-MM-DD`:
 * - Basic starts on the 1st of the month after approval and ends on that month's last day; an
 *   extension (a Basic bought while one is paid through a later month) starts on the 1st of the
 *   month after the paid-through month.
 * - Pro starts on the 1st of next month and ends on the last day of its 6th month.
 * - Ultimate starts at approval and never ends (`endDate` null, shown 'Lifetime').
 * - The free trial starts today and ends FREE_TRIAL_DAYS later (Nov 22 → Dec 22).
 */
export interface Period {
  startDate: string;
  endDate: string | null;
}

/**
 * `YYYY-MM-DD` of a day given as year, month index and day (both may overflow: day 0 is the last
 * day of the month before). setUTCFullYear, unlike Date.UTC, leaves years 0-99 alone, and
 * toISOString writes the same four-digit years as utcDay.
 */
const ymd = (year: number, monthIndex: number, day: number) => {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.toISOString().slice(0, 10);
};

/** The UTC calendar day of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** [year, monthIndex] of a `YYYY-MM-DD` day. */
function yearMonth(day: string): [number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1];
}

/** The first and last day of the month `offset` months after the month of `day`. */
function monthAfter(day: string, offset: number): { first: string; last: string } {
  const [year, month] = yearMonth(day);
  return { first: ymd(year, month + offset, 1), last: ymd(year, month + offset + 1, 0) };
}

export function basicPeriod(approvedAt: Date, paidThrough?: string | null): Period {
  const today = utcDay(approvedAt);
  // Chain after the paid-through month when it is this month or later; otherwise start afresh.
  const after = paidThrough && paidThrough >= today ? paidThrough : today;
  const { first, last } = monthAfter(after, 1);
  return { startDate: first, endDate: last };
}

export function proPeriod(approvedAt: Date): Period {
  const today = utcDay(approvedAt);
  return { startDate: monthAfter(today, 1).first, endDate: monthAfter(today, PRO_DURATION_MONTHS).last };
}

export function ultimatePeriod(approvedAt: Date): Period {
  return { startDate: utcDay(approvedAt), endDate: null };
}

export function freeTrialPeriod(activatedAt: Date): Period {
  const [year, month] = yearMonth(utcDay(activatedAt));
  const day = activatedAt.getUTCDate();
  return { startDate: utcDay(activatedAt), endDate: ymd(year, month, day + FREE_TRIAL_DAYS) };
}

/** Whether a Basic paid through `paidThrough` is still running on `today` (both `YYYY-MM-DD`). */
export const basicIsActive = (paidThrough: string | null | undefined, today: string): boolean =>
  Boolean(paidThrough && paidThrough >= today);

/**
 * Whether a free trial activated at `startedAt` (an ISO instant, the profile's freeTrialStartedAt)
 * runs on `today`: the same period its subscription was given (freeTrialPeriod), ends included.
 */
export function freeTrialRuns(startedAt: string | null | undefined, today: string): boolean {
  if (!startedAt) return false;
  const activatedAt = new Date(startedAt);
  if (Number.isNaN(activatedAt.getTime())) return false;
  const { startDate, endDate } = freeTrialPeriod(activatedAt);
  return startDate <= today && (endDate === null || today <= endDate);
}

/** The day `days` after `day` (both `YYYY-MM-DD`; `days` may be negative). */
export function addDays(day: string, days: number): string {
  const [year, month] = yearMonth(day);
  return ymd(year, month, Number(day.slice(8, 10)) + days);
}

/**
 * A package support grants (docs/data-model.md, "Support's subscription controls"): `days` calendar
 * days from today, today included (a 1-day grant ends today), so its dates say how long it is; the
 * Ultimate Package granted without days never ends, as when it is bought.
 */
export function supportGrantPeriod(today: string, days: number | null): Period {
  return { startDate: today, endDate: days === null ? null : addDays(today, days - 1) };
}

/**
 * An extension support gives: a new period chained after the package's last day `lastDay`, the way
 * a Basic extension chains after the paid-through month, `days` calendar days long.
 */
export function supportExtensionPeriod(lastDay: string, days: number): Period {
  return { startDate: addDays(lastDay, 1), endDate: addDays(lastDay, days) };
}
