import { PACKAGE_NAMES, type AdminSubscription } from '@goldbot/shared';
import { formatCalendarDay } from '@/lib/format';

/** 'Mar 1, 2026', or '-' while the subscription has no such date (not approved yet). */
export const formatDay = (day: string | null) => formatCalendarDay(day, '-');

/** The End column: an Ultimate package is 'Lifetime' (unless support granted it for some days). */
export function endText(subscription: Pick<AdminSubscription, 'packageName' | 'endDate'>): string {
  if (subscription.endDate) return formatDay(subscription.endDate);
  return subscription.packageName === PACKAGE_NAMES.ultimate ? 'Lifetime' : formatDay(null);
}

/** Says a subscription came from support: granted or extended by an administrator, no payment. */
export const BY_SUPPORT = 'By support';

/** The Payment column: USDT when a payment stands behind it, Free for a free trial, By support, else N/A. */
export function paymentText(subscription: Pick<AdminSubscription, 'paymentMethod' | 'paymentId'>): string {
  if (subscription.paymentMethod === 'free') return 'Free';
  if (subscription.paymentMethod === 'support') return BY_SUPPORT;
  return subscription.paymentId === null ? 'N/A' : 'USDT';
}
