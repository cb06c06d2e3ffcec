import { orderIdPathSchema } from '@goldbot/shared';
import { orderState } from '../domain/commerce/order-state.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { orderStateDeps as deps } from '../wiring/commerce.js';

/** The payment window's poll: the caller's own order and whether the chain found its payment (404 otherwise). */
export const handler = defineHandler(
  { route: 'payment-order-state', checks: awsChecks, params: orderIdPathSchema },
  async ({ params, caller }) => ok(await orderState(deps, caller.userId, params.orderId)),
);
