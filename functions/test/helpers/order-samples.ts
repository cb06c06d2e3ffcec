import { ORDER } from '@goldbot/shared';
import type { OrderDetail } from '../../src/domain/records/order-record.js';

const MINUTE_MS = 60_000;

/**
 * An open Basic order of 60.37 USDT (the price, 60, plus the cents that tell it apart from other
 * open orders) made at `createdAt` (epoch milliseconds) by `user-of-<orderId>`: open for
 * ORDER.openMinutes, unclaimed and unbound. The order the binding and transfer tests match
 * transfers against; `extra` changes any field.
 */
export const openBasicOrder = (orderId: string, createdAt: number, extra: Partial<OrderDetail> = {}): OrderDetail => ({
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
  releasedAt: null,
  claim: null,
  binding: null,
  lateTransfer: null,
  ...extra,
});
