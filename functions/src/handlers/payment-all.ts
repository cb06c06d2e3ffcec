import { adminListQuerySchema } from '@goldbot/shared';
import { listPaymentsDeps } from '../wiring/commerce.js';
import { listPaymentsForAdmin } from '../domain/commerce/payment-lists.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Every payment, newest first (GSI1 PAYMENTS), with search and the stat cards. */
export const handler = defineHandler(
  { route: 'payment-all', checks: awsChecks, query: adminListQuerySchema },
  async ({ query }) => {
    const { items, nextCursor, summary } = await listPaymentsForAdmin(listPaymentsDeps, 'all', query);
    return ok({ payments: items, nextCursor, summary });
  },
);
