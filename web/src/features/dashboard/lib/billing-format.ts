import { HISTORY_DURATIONS, PACKAGE_NAMES, type Subscription } from '@goldbot/shared';
import { formatCalendarDay, NOT_AVAILABLE } from '@/lib/format';

export const LIFETIME = 'Lifetime';

/** The end date, 'Lifetime' for an Ultimate package once it has started (it never ends). */
export function formatEndDate(subscription: Pick<Subscription, 'packageName' | 'startDate' | 'endDate'>): string {
  if (!subscription.endDate && subscription.packageName === PACKAGE_NAMES.ultimate && subscription.startDate) {
    return LIFETIME;
  }
  return formatCalendarDay(subscription.endDate);
}

/** How long each package lasts, as the purchase history lists it: Free Trial 30 Days, Basic 1 Month, ... */
export const formatDuration = (packageName: string): string =>
  (HISTORY_DURATIONS as Record<string, string | undefined>)[packageName] ?? NOT_AVAILABLE;

/** The Amount column of a subscription support gave: no payment, no amount. */
export const BY_SUPPORT = 'By support';

const DAY_MS = 86_400_000;

/**
 * The Duration column: the package's own length, or for one support gave (a grant or an extension
 * covers its days, first and last included) its number of days; a lifetime one is 'Lifetime'.
 */
export function formatSubscriptionDuration(
  subscription: Pick<Subscription, 'packageName' | 'paymentMethod' | 'startDate' | 'endDate'>,
): string {
  if (subscription.paymentMethod !== 'support') return formatDuration(subscription.packageName);
  if (!subscription.startDate) return NOT_AVAILABLE;
  if (!subscription.endDate) return LIFETIME;
  const days = Math.round((Date.parse(subscription.endDate) - Date.parse(subscription.startDate)) / DAY_MS) + 1;
  return days === 1 ? '1 Day' : `${days} Days`;
}
