import { customerReadDeps as deps } from '../wiring/customer-read-deps.js';
import { activeSubscription } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'payment-active-subscription' }, async ({ caller }) =>
  ok(await activeSubscription(deps, caller.userId)),
);
