import { PACKAGE_NAMES, type AdminSubscription } from '@goldbot/shared';
import { formatCalendarDay } from '@/lib/format';

/** 'Mar 1, 2026', or '-' while the subscription has no such date (not approved yet). */
export const formatDay = (day: string | null) => formatCalendarDay(day, '-');

/** The End column: an Ultimate package is 'Lifetime'. */
export function endText(subscription: Pick<AdminSubscription, 'packageName' | 'endDate'>): string {
  return subscription.packageName === PACKAGE_NAMES.ultimate ? 'Lifetime' : formatDay(subscription.endDate);
}

/** The Payment column: USDT when a payment stands behind it, Free for a free trial, else N/A. */
export function paymentText(subscription: Pick<AdminSubscription, 'paymentMethod' | 'paymentId'>): string {
  if (subscription.paymentMethod === 'free') return 'Free';
  return subscription.paymentId === null ? 'N/A' : 'USDT';
}
