import {
  subscriptionRefundSchema,
  type PackageSlug,
  type Subscription,
  type SubscriptionRefund,
} from '@goldbot/shared';
import type { SubscriptionRecord } from '../domain/records/subscription-record.js';
import { rowCustomer, stringOrNull } from './item-fields.js';

/**
 * Subscriptions (docs/data-model.md, "Subscription"), in the owner's item collection:
 *   USER#<sub> / SUB#<id>                          one row per purchase or free trial
 *   GSI1  SUBS#<yyyy of createdAt> / <createdAt>#<id>   admin history, newest first
 *   GSI2  ACTIVATION#<startDate> / <createdAt>#<id>     sparse: Basic, active, not yet notified
 *   GSI3  EXPIRES / <endDate>#<id>                      sparse: active rows with an end date
 */
export const SUBSCRIPTION_SK_PREFIX = 'SUB#';
export const subscriptionKey = (userId: string, id: string) => ({ PK: `USER#${userId}`, SK: `SUB#${id}` });
/** The admin history list: one GSI1 partition per year of `createdAt`. */
export const SUBSCRIPTION_HISTORY_INDEX = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' } as const;
export const subscriptionHistoryPartition = (year: number | string) => `SUBS#${year}`;
export const subscriptionHistoryKeys = (createdAt: string, id: string) => ({
  GSI1PK: subscriptionHistoryPartition(createdAt.slice(0, 4)),
  GSI1SK: `${createdAt}#${id}`,
});
/** The sparse activation list: Basic, active, starting `startDate`, not yet mailed. */
export const ACTIVATION_INDEX = { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK' } as const;
export const activationPartition = (startDate: string) => `ACTIVATION#${startDate}`;
export const activationKeys = (startDate: string, createdAt: string, id: string) => ({
  GSI2PK: activationPartition(startDate),
  GSI2SK: `${createdAt}#${id}`,
});
export const expiryKeys = (endDate: string, id: string) => ({ GSI3PK: 'EXPIRES', GSI3SK: `${endDate}#${id}` });

/**
 * The admin history's search field (docs/data-model.md, "Search, stated honestly"): username, e-mail, package name and status,
 * lower-cased. Status is part of it, so every update that changes `status` also SETs it.
 */
export const subscriptionSearchText = (
  sub: Pick<SubscriptionRecord, 'username' | 'email' | 'packageName'>,
  status: Subscription['status'],
) => `${sub.username}\n${sub.email}\n${sub.packageName}\n${status}`.toLowerCase();

export function toSubscriptionItem(sub: SubscriptionRecord) {
  return {
    ...subscriptionKey(sub.userId, sub._id),
    entity: 'Subscription',
    ...subscriptionHistoryKeys(sub.createdAt, sub._id),
    ...(sub.status === 'active' && sub.endDate ? expiryKeys(sub.endDate, sub._id) : {}),
    ...sub,
    searchText: subscriptionSearchText(sub, sub.status),
  };
}

/** The refund mirror a refund transaction wrote on the row (an unreadable one reads as none). */
function refundOf(value: unknown): { refund?: SubscriptionRefund } {
  if (value === undefined || value === null) return {};
  const parsed = subscriptionRefundSchema.safeParse(value);
  return parsed.success ? { refund: parsed.data } : {};
}

export function fromSubscriptionItem(item: Record<string, unknown>): SubscriptionRecord {
  return {
    _id: String(item._id),
    ...rowCustomer(item),
    packageSlug: item.packageSlug as PackageSlug,
    packageName: item.packageName as Subscription['packageName'],
    status: item.status as Subscription['status'],
    startDate: stringOrNull(item.startDate),
    endDate: stringOrNull(item.endDate),
    paymentMethod: item.paymentMethod === 'free' || item.paymentMethod === 'support' ? item.paymentMethod : 'usdt',
    paymentId: typeof item.paymentId === 'string' ? item.paymentId : null,
    ...(typeof item.amount === 'number' ? { amount: item.amount } : {}),
    ...(typeof item.endedAt === 'string' ? { endedAt: item.endedAt } : {}),
    isExtension: item.isExtension === true,
    notificationSent: item.notificationSent === true,
    ...(typeof item.approvedAt === 'string' ? { approvedAt: item.approvedAt } : {}),
    ...refundOf(item.refund),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt ?? item.createdAt),
  };
}
