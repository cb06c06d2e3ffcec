import { adminListQuerySchema } from '@goldbot/shared';
import { listPaymentsDeps } from '../wiring/commerce.js';
import { listPaymentsForAdmin } from '../domain/commerce/payment-lists.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The pending USDT payments, newest first (GSI2 PAYMENTS#pending), with search and the stat cards. */
export const handler = defineHandler(
  { route: 'payment-pending-usdt', checks: awsChecks, query: adminListQuerySchema },
  async ({ query }) => {
    const { items, nextCursor, summary } = await listPaymentsForAdmin(listPaymentsDeps, 'pending', query);
    return ok({ pendingPayments: items, nextCursor, summary });
  },
);
