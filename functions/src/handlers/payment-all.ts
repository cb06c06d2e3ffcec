import { adminListQuerySchema } from '@goldbot/shared';
import { dynamoPaymentReviewStore } from '../wiring/payment-review-deps.js';
import { listPaymentsForAdmin } from '../domain/commerce/payment-review.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Every payment, newest first (GSI1 PAYMENTS), with search and the stat cards. */
export const handler = defineHandler(
  { route: 'payment-all', checks: awsChecks, query: adminListQuerySchema },
  async ({ query }) => {
    const { items, nextCursor, summary } = await listPaymentsForAdmin(dynamoPaymentReviewStore, 'all', query);
    return ok({ payments: items, nextCursor, summary });
  },
);
