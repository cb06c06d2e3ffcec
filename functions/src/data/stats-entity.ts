import type { PackageSlug } from '@goldbot/shared';

/**
 * Aggregates kept with ADD inside the transactions that change the rows they count
 * (docs/data-model.md, "Aggregates"), so dashboards cost the same at any size.
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
/** Sort-key prefixes of the payment aggregates a dashboard Query selects with `begins_with`. */
export const PAYMENT_STATS_PREFIX = { month: 'MONTH#', package: 'PACKAGE#', packageMonth: 'PKGMONTH#' } as const;
export const subscriptionStatsKey = (ym: string) => ({ PK: 'STATS#SUBSCRIPTIONS', SK: `MONTH#${ym}` });
/** Withdrawal aggregates: `total`, `pending`, `approved`, `rejected`, `pendingAmount`, `approvedAmount`. */
export const withdrawalStatsKey = () => ({ PK: 'STATS#WITHDRAWALS', SK: 'TOTAL' });
/**
 * Refund aggregates: `total`, `pending` (the refund requests waiting for an admin: the back-office
 * counts them as work), `approved`, `refused`, `pendingAmount`, `approvedAmount`.
 */
export const refundStatsKey = () => ({ PK: 'STATS#REFUNDS', SK: 'TOTAL' });
/**
 * Transfer aggregates: `unmatched`, the transfers the wallet watcher bound to no order that still
 * wait for an admin's decision (+1 when one is marked unmatched, -1 with the decision that assigns
 * or closes it, in the same transactions); the back-office counts them as work.
 */
export const transferStatsKey = () => ({ PK: 'STATS#TRANSFERS', SK: 'TOTAL' });

/** The counter of STATS#SUBSCRIPTIONS per package (the spec's summary names). */
export const SUBSCRIPTION_PACKAGE_COUNTER: Record<PackageSlug, string> = {
  freeTrial: 'freeTrials',
  basic: 'basicPackages',
  pro: 'proPackages',
  ultimate: 'ultimatePackages',
};
/** The counters of STATS#SUBSCRIPTIONS that make the history's summary cards. */
export const SUBSCRIPTION_SUMMARY_COUNTERS = [
  'total',
  'freeTrials',
  'basicPackages',
  'proPackages',
  'ultimatePackages',
  'active',
  'pending',
  'expired',
  'refunded',
] as const;

/**
 * User aggregates: `TOTAL` holds `total`, `active`, `inactive` (verified users; active = `isActive`), `MONTH#m`
 * holds `newUsers` (verified in that UTC month).
 */
export const userStatsKeys = {
  total: () => ({ PK: 'STATS#USERS', SK: 'TOTAL' }),
  month: (ym: string) => ({ PK: 'STATS#USERS', SK: `MONTH#${ym}` }),
};
/** Contact aggregates: `total`, the contact messages stored and not deleted. */
export const contactStatsKey = () => ({ PK: 'STATS#CONTACTS', SK: 'TOTAL' });

/** Minutes per bucket of the "received today" counters: every UTC offset in use is a multiple of 30 but a few. */
export const CONTACT_BUCKET_MINUTES = 30;
/** The UTC half hour an instant falls in: `2026-11-23T14:30`. */
export const contactBucketOf = (iso: string) => {
  const at = new Date(iso);
  at.setUTCMinutes(at.getUTCMinutes() - (at.getUTCMinutes() % CONTACT_BUCKET_MINUTES), 0, 0);
  return at.toISOString().slice(0, 16);
};
/**
 * Contact aggregates: `count`, the messages received in one UTC half hour and not deleted. The Messages screen's
 * Today card sums the buckets from the admin's local midnight (at most 53 keys in one BatchGetItem),
 * so it costs the same whatever the number of messages.
 */
export const contactBucketKey = (bucket: string) => ({ PK: 'STATS#CONTACTS', SK: `HALFHOUR#${bucket}` });
/** The buckets from the one holding `sinceIso` to the one holding `nowIso`, oldest first. */
export function contactBucketsBetween(sinceIso: string, nowIso: string): string[] {
  const buckets: string[] = [];
  const end = Date.parse(`${contactBucketOf(nowIso)}:00.000Z`);
  for (let at = Date.parse(`${contactBucketOf(sinceIso)}:00.000Z`); at <= end; at += CONTACT_BUCKET_MINUTES * 60_000) {
    buckets.push(new Date(at).toISOString().slice(0, 16));
  }
  return buckets;
}
