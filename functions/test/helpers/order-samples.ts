import { ORDER } from '@goldbot/shared';
import type { OrderDetail, OrderRecord } from '../../src/domain/records/order-record.js';

const MINUTE_MS = 60_000;

/**
 * The order record of a Basic order of 60.37 USDT without a referral code made at `createdAt`
 * (epoch milliseconds) by `user-of-<orderId>`, open for ORDER.openMinutes; `extra` changes any
 * field. What a purchase names; openBasicOrder adds the claim and binding fields.
 */
export const basicOrderRecord = (
  orderId: string,
  createdAt: number,
  extra: Partial<OrderRecord> = {},
): OrderRecord => ({
  orderId,
  userId: `user-of-${orderId}`,
  packageSlug: 'basic',
  packageName: 'Basic Package',
  originalAmountCents: 6000,
  priceCents: 6000,
  amountCents: 6037,
  referralCode: null,
  createdAt: new Date(createdAt).toISOString(),
  expiresAt: (createdAt + ORDER.openMinutes * MINUTE_MS) / 1000,
  ...extra,
});

/**
 * An open Basic order of 60.37 USDT (the price, 60, plus the cents that tell it apart from other
 * open orders) made at `createdAt` (epoch milliseconds) by `user-of-<orderId>`: open for
 * ORDER.openMinutes, unclaimed and unbound. The order the binding and transfer tests match
 * transfers against; `extra` changes any field.
 */
export const openBasicOrder = (orderId: string, createdAt: number, extra: Partial<OrderDetail> = {}): OrderDetail => ({
  ...basicOrderRecord(orderId, createdAt),
  releasedAt: null,
  claim: null,
  binding: null,
  lateTransfer: null,
  ...extra,
});
