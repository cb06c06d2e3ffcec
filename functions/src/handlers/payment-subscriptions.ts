import { customerReadDeps as deps } from '../wiring/customer-read-deps.js';
import { listSubscriptions } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'payment-subscriptions' }, async ({ caller }) =>
  ok(await listSubscriptions(deps, caller.userId)),
);
