import { openOrderInputSchema } from '@goldbot/shared';
import { dynamoOrderStore } from '../data/order-store.js';
import { openOrder } from '../domain/commerce/orders.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { newId } from '../kit/ids.js';

const deps = { store: dynamoOrderStore, now: () => new Date(), newId };

/** The payment window's order: the same one while it is open, a new exact amount otherwise. */
export const handler = defineHandler(
  {
    route: 'payment-order',
    body: openOrderInputSchema,
    limits: [{ name: 'paymentOrderPerUser', by: 'caller' }],
    // Counted in the order's own transaction: one DynamoDB request less.
    countLimits: 'in-use-case',
  },
  async ({ body, caller, limits }) => ok({ order: await openOrder(deps, caller.userId, body, limits) }),
);
