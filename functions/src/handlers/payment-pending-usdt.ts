import { adminListQuerySchema } from '@goldbot/shared';
import { dynamoPaymentReviewStore } from '../wiring/payment-review-deps.js';
import { listPaymentsForAdmin } from '../domain/commerce/payment-review.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

/** The pending USDT payments, newest first (GSI2 PAYMENTS#pending), with search and the stat cards. */
export const handler = defineHandler(
  { route: 'payment-pending-usdt', query: adminListQuerySchema },
  async ({ query }) => {
    const { items, nextCursor, summary } = await listPaymentsForAdmin(dynamoPaymentReviewStore, 'pending', query);
    return ok({ pendingPayments: items, nextCursor, summary });
  },
);
