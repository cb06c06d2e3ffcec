import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { dynamoOrderStore } from '../data/order-store.js';
import { newId } from '../kit/ids.js';

/** What the customer reads need: the store and the clock that tells which subscriptions are current. */
export const customerReadDeps = { store: dynamoCustomerReads, now: () => new Date() };

/** What a payment order needs: the store, the clock and fresh ids. */
export const paymentOrderDeps = { store: dynamoOrderStore, now: () => new Date(), newId };
