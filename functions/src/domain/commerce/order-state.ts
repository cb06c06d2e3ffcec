import { PAYMENT_MESSAGES, type OrderStateResponse, type Payment, centsToUsd } from '@goldbot/shared';
import type { OrderDetail } from '../records/order-record.js';
import { NotFoundError } from '../errors.js';
import { toOrderView } from './orders.js';

/**
 * `payment-order-state` (GET /api/payment/order/{orderId}): where the caller's order stands, as the
 * open payment window polls it. `found` only once the chain's transfer is bound to the order (a
 * submitted TXID the chain has not seen is not enough); `active` once its payment is approved; a
 * transfer of its amount that came after it closed is told too (`lateTransfer`). Someone else's order,
 * or an unknown one, is the same 404: nothing is revealed.
 */
export interface OrderStateStore {
  /** The order's own item (consistent). */
  getOrder(orderId: string): Promise<OrderDetail | null>;
  /** The status of a payment (consistent); null when it is gone. */
  paymentStatus(paymentId: string): Promise<Payment['status'] | null>;
}

export interface OrderStateDeps {
  store: OrderStateStore;
  now: () => Date;
}

const usdt = (amount: string) => Number(amount);

export function orderStateOf(
  order: OrderDetail,
  paymentStatus: Payment['status'] | null,
  now: Date,
): OrderStateResponse {
  const open = order.expiresAt * 1000 > now.getTime();
  const late = order.lateTransfer
    ? {
        txid: order.lateTransfer.txid,
        amount: usdt(order.lateTransfer.amount),
        confirmedAt: order.lateTransfer.confirmedAt,
      }
    : null;
  if (order.binding && paymentStatus) {
    return {
      order: toOrderView(order),
      state: paymentStatus === 'completed' ? 'active' : 'found',
      payment: {
        txid: order.binding.txid,
        amount: usdt(order.binding.amount),
        confirmedAt: order.binding.confirmedAt,
        status: paymentStatus,
      },
      lateTransfer: null,
    };
  }
  // A submitted TXID an admin approved before the chain's transfer was found.
  if (order.claim && paymentStatus === 'completed') {
    return {
      order: toOrderView(order),
      state: 'active',
      payment: {
        txid: order.claim.txid,
        amount: centsToUsd(order.amountCents),
        confirmedAt: null,
        status: 'completed',
      },
      lateTransfer: null,
    };
  }
  return { order: toOrderView(order), state: open ? 'waiting' : 'expired', payment: null, lateTransfer: late };
}

export async function orderState(deps: OrderStateDeps, userId: string, orderId: string): Promise<OrderStateResponse> {
  const order = await deps.store.getOrder(orderId);
  if (!order || order.userId !== userId) throw new NotFoundError(PAYMENT_MESSAGES.orderNotFound);
  const paymentId = order.binding?.paymentId ?? order.claim?.paymentId ?? null;
  const status = paymentId ? await deps.store.paymentStatus(paymentId) : null;
  return orderStateOf(order, status, deps.now());
}
