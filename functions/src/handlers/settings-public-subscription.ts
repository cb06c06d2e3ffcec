import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { publicSubscriptionSettings } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads };

export const handler = defineHandler({ route: 'settings-public-subscription' }, async () =>
  ok(await publicSubscriptionSettings(deps)),
);
