import { openOrderInputSchema } from '@goldbot/shared';
import { openOrderDeps as deps } from '../wiring/commerce.js';
import { openOrder } from '../domain/commerce/orders.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The payment window's order: the same one while it is open, a new exact amount otherwise. */
export const handler = defineHandler(
  {
    route: 'payment-order',
    checks: awsChecks,
    body: openOrderInputSchema,
    limits: [{ name: 'paymentOrderPerUser', by: 'caller' }],
    // Counted in the order's own transaction: one DynamoDB request less.
    countLimits: 'in-use-case',
  },
  async ({ body, caller, limits }) => ok({ order: await openOrder(deps, caller.userId, body, limits) }),
);
