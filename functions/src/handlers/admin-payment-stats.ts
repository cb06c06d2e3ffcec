import { paymentStatsQuerySchema } from '@goldbot/shared';
import { paymentStatsDeps } from '../wiring/admin.js';
import { paymentStats } from '../domain/commerce/revenue-stats.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The dashboard's revenue cards, monthly revenue and package revenue, from the payment aggregates only. */
export const handler = defineHandler(
  { route: 'admin-payment-stats', checks: awsChecks, query: paymentStatsQuerySchema },
  async ({ query }) => ok(await paymentStats(paymentStatsDeps, query, new Date())),
);
