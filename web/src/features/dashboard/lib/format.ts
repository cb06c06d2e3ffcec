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
