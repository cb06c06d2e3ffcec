import type { PackageSlug, PaymentOrder } from '@goldbot/shared';
import type { AmountHold, OrderRecord } from '../domain/records/order-record.js';

/**
 * Payment orders (docs/data-model.md, "Payment order" and "Order amount hold"):
 *   USER#<sub> / ORDER#<package slug>     the customer's open order of a package (one per package)
 *   ORDERAMOUNT#<cents> / ORDERAMOUNT     which order holds an exact amount, so no two open orders
 *                                         share one; `expiresAt` (the table's TTL) frees it
 * A submission deletes the order and keeps its amount held (`paymentId`) until the on-chain check
 * settles or the recheck window ends.
 */
export const orderKey = (userId: string, slug: PackageSlug) => ({ PK: `USER#${userId}`, SK: `ORDER#${slug}` });
export const orderAmountKey = (amountCents: number) => ({ PK: `ORDERAMOUNT#${amountCents}`, SK: 'ORDERAMOUNT' });

export const toOrderItem = (order: OrderRecord) => ({
  ...orderKey(order.userId, order.packageSlug),
  entity: 'Order',
  ...order,
});

export function fromOrderItem(item: Record<string, unknown> | undefined): OrderRecord | null {
  if (!item || typeof item.orderId !== 'string') return null;
  return {
    orderId: item.orderId,
    userId: String(item.userId),
    packageSlug: item.packageSlug as PackageSlug,
    packageName: item.packageName as PaymentOrder['packageName'],
    originalAmountCents: Number(item.originalAmountCents),
    priceCents: Number(item.priceCents),
    amountCents: Number(item.amountCents),
    referralCode: typeof item.referralCode === 'string' && item.referralCode !== '' ? item.referralCode : null,
    createdAt: String(item.createdAt),
    expiresAt: Number(item.expiresAt),
  };
}

export const toAmountHoldItem = (hold: AmountHold) => ({
  ...orderAmountKey(hold.amountCents),
  entity: 'OrderAmount',
  ...hold,
});

export function fromAmountHoldItem(item: Record<string, unknown> | undefined): AmountHold | null {
  if (!item || typeof item.orderId !== 'string') return null;
  return {
    amountCents: Number(item.amountCents),
    orderId: item.orderId,
    userId: String(item.userId),
    expiresAt: Number(item.expiresAt),
    paymentId: typeof item.paymentId === 'string' ? item.paymentId : null,
  };
}
