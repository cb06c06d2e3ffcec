import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { activeSubscription } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads, now: () => new Date() };

export const handler = defineHandler({ route: 'payment-active-subscription' }, async ({ caller }) =>
  ok(await activeSubscription(deps, caller.userId)),
);
