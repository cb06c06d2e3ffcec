import { adminListQuerySchema } from '@goldbot/shared';
import { dynamoPaymentReviewStore } from '../wiring/payment-review-deps.js';
import { listPaymentsForAdmin } from '../domain/commerce/payment-review.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The pending USDT payments, newest first (GSI2 PAYMENTS#pending), with search and the stat cards. */
export const handler = defineHandler(
  { route: 'payment-pending-usdt', checks: awsChecks, query: adminListQuerySchema },
  async ({ query }) => {
    const { items, nextCursor, summary } = await listPaymentsForAdmin(dynamoPaymentReviewStore, 'pending', query);
    return ok({ pendingPayments: items, nextCursor, summary });
  },
);
