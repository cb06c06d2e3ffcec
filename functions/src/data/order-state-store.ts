import type { Payment } from '@goldbot/shared';
import type { OrderStateStore } from '../domain/commerce/order-state.js';
import { getItem } from './table-reads.js';
import { fromOrderDetailItem, orderItemKey } from './order-entity.js';
import { paymentKey } from './payment-entity.js';

/** The payment window's poll (docs/data-model.md, "Payment order"): two GetItems by key, consistent. */
export const dynamoOrderStateStore: OrderStateStore = {
  async getOrder(orderId) {
    return fromOrderDetailItem(await getItem(orderItemKey(orderId), true));
  },
  async paymentStatus(paymentId) {
    const item = await getItem(paymentKey(paymentId), true);
    return item && typeof item.status === 'string' ? (item.status as Payment['status']) : null;
  },
};
