import { config } from '../config.js';
import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { dynamoOrderStore } from '../data/order-store.js';
import { newId } from '../kit/ids.js';

/** What the customer reads need: the store and the clock that tells which subscriptions are current. */
export const customerReadDeps = { store: dynamoCustomerReads, now: () => new Date() };

/** What a payment order needs: the store, the clock, fresh ids and the orders' lifetime (ORDER_OPEN_MINUTES). */
export const paymentOrderDeps = {
  store: dynamoOrderStore,
  now: () => new Date(),
  newId,
  openMinutes: config.orders.openMinutes,
};
