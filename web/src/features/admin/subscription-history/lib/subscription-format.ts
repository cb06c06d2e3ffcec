import { PACKAGE_NAMES, type AdminSubscription } from '@goldbot/shared';

/** A subscription's calendar day ('2026-03-01') as 'Mar 1, 2026': a date without a time, so read in UTC. */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 1, 2026', or '-' while the subscription has no such date (not approved yet). */
export function formatDay(day: string | null): string {
  if (day === null) return '-';
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '-' : dayFormat.format(date);
}

/** The End column (admin §2): an Ultimate package is 'Lifetime'. */
export function endText(subscription: Pick<AdminSubscription, 'packageName' | 'endDate'>): string {
  return subscription.packageName === PACKAGE_NAMES.ultimate ? 'Lifetime' : formatDay(subscription.endDate);
}

/** The Payment column (admin §2): USDT when a payment stands behind it, Free for a free trial, else N/A. */
export function paymentText(subscription: Pick<AdminSubscription, 'paymentMethod' | 'paymentId'>): string {
  if (subscription.paymentMethod === 'free') return 'Free';
  return subscription.paymentId === null ? 'N/A' : 'USDT';
}
