import { customerReadDeps as deps } from '../wiring/customer-read-deps.js';
import { publicSubscriptionSettings } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'settings-public-subscription' }, async () =>
  ok(await publicSubscriptionSettings(deps)),
);
