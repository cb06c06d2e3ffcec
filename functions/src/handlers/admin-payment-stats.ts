import { paymentStatsQuerySchema } from '@goldbot/shared';
import { dynamoRevenueStatsStore } from '../wiring/revenue-stats-deps.js';
import { paymentStats } from '../domain/commerce/revenue-stats.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

/** The dashboard's revenue cards, monthly revenue and package revenue, from the payment aggregates only. */
export const handler = defineHandler(
  { route: 'admin-payment-stats', query: paymentStatsQuerySchema },
  async ({ query }) => ok(await paymentStats(dynamoRevenueStatsStore, query, new Date())),
);
