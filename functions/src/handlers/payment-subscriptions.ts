import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { listSubscriptions } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads, now: () => new Date() };

export const handler = defineHandler({ route: 'payment-subscriptions' }, async ({ caller }) =>
  ok(await listSubscriptions(deps, caller.userId)),
);
