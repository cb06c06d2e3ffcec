import type { PackageSlug } from '@goldbot/shared';

/**
 * Aggregates kept with ADD inside the transactions that change the rows they count
 * (docs/data-model.md E20-E24, §7), so dashboards cost the same at any size.
 */
export const paymentStatsKeys = {
  total: () => ({ PK: 'STATS#PAYMENTS', SK: 'TOTAL' }),
  day: (ymd: string) => ({ PK: 'STATS#PAYMENTS', SK: `DAY#${ymd}` }),
  month: (ym: string) => ({ PK: 'STATS#PAYMENTS', SK: `MONTH#${ym}` }),
  year: (y: string) => ({ PK: 'STATS#PAYMENTS', SK: `YEAR#${y}` }),
  package: (slug: PackageSlug) => ({ PK: 'STATS#PAYMENTS', SK: `PACKAGE#${slug}` }),
  packageMonth: (ym: string, slug: PackageSlug) => ({ PK: 'STATS#PAYMENTS', SK: `PKGMONTH#${ym}#${slug}` }),
};
export const PAYMENT_STATS_PARTITION = 'STATS#PAYMENTS';
/** Sort-key prefixes of the E20 items a dashboard Query selects with `begins_with`. */
export const PAYMENT_STATS_PREFIX = { month: 'MONTH#', package: 'PACKAGE#', packageMonth: 'PKGMONTH#' } as const;
export const subscriptionStatsKey = (ym: string) => ({ PK: 'STATS#SUBSCRIPTIONS', SK: `MONTH#${ym}` });
/** E23: `total`, `pending`, `approved`, `rejected`, `pendingAmount`, `approvedAmount`. */
export const withdrawalStatsKey = () => ({ PK: 'STATS#WITHDRAWALS', SK: 'TOTAL' });

/** The counter of STATS#SUBSCRIPTIONS per package (the spec's summary names). */
export const SUBSCRIPTION_PACKAGE_COUNTER: Record<PackageSlug, string> = {
  freeTrial: 'freeTrials',
  basic: 'basicPackages',
  pro: 'proPackages',
  ultimate: 'ultimatePackages',
};
/** The counters of STATS#SUBSCRIPTIONS that make the history's summary cards (admin spec §3). */
export const SUBSCRIPTION_SUMMARY_COUNTERS = [
  'total',
  'freeTrials',
  'basicPackages',
  'proPackages',
  'ultimatePackages',
  'active',
  'pending',
  'expired',
] as const;

/**
 * E21: `TOTAL` holds `total`, `active`, `inactive` (verified users; active = `isActive`), `MONTH#m`
 * holds `newUsers` (verified in that UTC month).
 */
export const userStatsKeys = {
  total: () => ({ PK: 'STATS#USERS', SK: 'TOTAL' }),
  month: (ym: string) => ({ PK: 'STATS#USERS', SK: `MONTH#${ym}` }),
};
/** E24: `total`, the contact messages stored and not deleted (AP-C4). */
export const contactStatsKey = () => ({ PK: 'STATS#CONTACTS', SK: 'TOTAL' });
