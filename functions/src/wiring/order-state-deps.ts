import { dynamoOrderStateStore } from '../data/order-state-store.js';

/** What the payment window's poll reads: the order and its payment's status, and the clock. */
export const orderStateDeps = { store: dynamoOrderStateStore, now: () => new Date() };
