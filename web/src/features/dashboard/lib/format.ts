import { HISTORY_DURATIONS, PACKAGE_NAMES } from '@goldbot/shared';
import type { Subscription } from '@/features/payments/api/get-active-subscription';

export const NOT_AVAILABLE = 'N/A';
export const LIFETIME = 'Lifetime';

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "Mar 1, 2026" (customer §2 Billing History: short month, day, year), 'N/A' when missing or
 * unreadable. Subscription dates are calendar days ('YYYY-MM-DD', UTC): they are shown as that
 * day wherever the customer is.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = day ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : Date.parse(value);
  return Number.isNaN(time) ? NOT_AVAILABLE : SHORT_DATE.format(time);
}

/** The end date, 'Lifetime' for an Ultimate package once it has started (it never ends). */
export function formatEndDate(subscription: Pick<Subscription, 'packageName' | 'startDate' | 'endDate'>): string {
  if (!subscription.endDate && subscription.packageName === PACKAGE_NAMES.ultimate && subscription.startDate) {
    return LIFETIME;
  }
  return formatDate(subscription.endDate);
}

/** History durations (customer §3): Free Trial 30 Days, Basic 1 Month, Pro 6 Months, Ultimate Lifetime. */
export const formatDuration = (packageName: string): string =>
  (HISTORY_DURATIONS as Record<string, string | undefined>)[packageName] ?? NOT_AVAILABLE;

/** 100.37 -> '100.37 USDT', 50 -> '50.00 USDT': an order's exact amount, every cent shown. */
export const formatExactUsdt = (amount: number) => `${amount.toFixed(2)} USDT`;

/** 'active' -> 'Active'; other statuses are shown as they are, capitalised. */
export const formatStatus = (status: string) => (status ? status[0]?.toUpperCase() + status.slice(1) : NOT_AVAILABLE);
