import type { PackageSlug, PaymentOrder } from '@goldbot/shared';
import type {
  AmountHold,
  OrderBinding,
  OrderClaim,
  OrderDetail,
  OrderLateTransfer,
  OrderRecord,
} from '../domain/records/order-record.js';
import { stringOrNull } from './item-fields.js';

/**
 * Payment orders (docs/data-model.md, "Payment order", "Order amount hold" and "Amount pool alert"):
 *   USER#<sub> / ORDER#<package slug>     the customer's current order of a package (a copy, for the
 *                                         payment window to answer the same order while it fits)
 *   ORDER#<orderId> / ORDER               the order itself: its claim, its binding, a late transfer
 *     GSI1  ORDERAMOUNT#<cents> / <createdAt>#<orderId>   the orders of one exact amount, by time:
 *                                         how a transfer finds the order whose amount it carries
 *   AMOUNTPOOL#<whole dollars> / HOLD#<cents>   which open order holds an exact amount, until
 *                                         `heldUntil`: a price's 99 amounts (P.01 to P.99) share
 *                                         one partition, so one Query reads them all
 *   POOLALERTS / <yyyy-mm-ddThh>#<price cents>   a price that ran low on free amounts in that hour
 */
export const orderKey = (userId: string, slug: PackageSlug) => ({ PK: `USER#${userId}`, SK: `ORDER#${slug}` });
export const orderItemKey = (orderId: string) => ({ PK: `ORDER#${orderId}`, SK: 'ORDER' });
/** The amount pool's partition of an exact amount: its whole dollars (a price's amounts share it). */
export const amountPoolPartition = (amountCents: number) => `AMOUNTPOOL#${Math.floor(amountCents / 100)}`;
export const orderAmountKey = (amountCents: number) => ({
  PK: amountPoolPartition(amountCents),
  SK: `HOLD#${amountCents}`,
});
export const ordersOfAmountPartition = (amountCents: number) => `ORDERAMOUNT#${amountCents}`;
export const POOL_ALERTS_PARTITION = 'POOLALERTS';
export const poolAlertKey = (hour: string, priceCents: number) => ({
  PK: POOL_ALERTS_PARTITION,
  SK: `${hour}#${priceCents}`,
});

/** The customer's current order of the package (the copy the payment window reads). */
export const toOrderItem = (order: OrderRecord) => ({
  ...orderKey(order.userId, order.packageSlug),
  entity: 'Order',
  ...order,
});

/** The order's own item, indexed by its exact amount and creation time. */
export const toOrderDetailItem = (order: OrderRecord) => ({
  ...orderItemKey(order.orderId),
  entity: 'OrderDetail',
  GSI1PK: ordersOfAmountPartition(order.amountCents),
  GSI1SK: `${order.createdAt}#${order.orderId}`,
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
    referralCode: stringOrNull(item.referralCode),
    ...(item.referralUserId !== undefined ? { referralUserId: stringOrNull(item.referralUserId) } : {}),
    ...(item.referrerUsername !== undefined ? { referrerUsername: stringOrNull(item.referrerUsername) } : {}),
    createdAt: String(item.createdAt),
    expiresAt: Number(item.expiresAt),
  };
}

const objectOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function claimOf(value: unknown): OrderClaim | null {
  const v = objectOf(value);
  return v && typeof v.paymentId === 'string' && typeof v.txid === 'string'
    ? { paymentId: v.paymentId, txid: v.txid, at: String(v.at ?? '') }
    : null;
}

function bindingOf(value: unknown): OrderBinding | null {
  const v = objectOf(value);
  return v && typeof v.txid === 'string' && typeof v.paymentId === 'string'
    ? {
        txid: v.txid,
        paymentId: v.paymentId,
        amount: String(v.amount ?? '0'),
        confirmedAt: String(v.confirmedAt ?? ''),
        boundAt: String(v.boundAt ?? ''),
      }
    : null;
}

function lateTransferOf(value: unknown): OrderLateTransfer | null {
  const v = objectOf(value);
  return v && typeof v.txid === 'string'
    ? { txid: v.txid, amount: String(v.amount ?? '0'), confirmedAt: String(v.confirmedAt ?? '') }
    : null;
}

export function fromOrderDetailItem(item: Record<string, unknown> | undefined): OrderDetail | null {
  const order = fromOrderItem(item);
  if (!order || !item) return null;
  return {
    ...order,
    releasedAt: stringOrNull(item.releasedAt),
    claim: claimOf(item.claim),
    binding: bindingOf(item.binding),
    lateTransfer: lateTransferOf(item.lateTransfer),
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
    heldUntil: Number(item.heldUntil ?? 0),
  };
}

/** A hold is free to take: never held, or its hold has ended. */
export const HOLD_FREE_CONDITION = 'attribute_not_exists(PK) OR heldUntil <= :now';
