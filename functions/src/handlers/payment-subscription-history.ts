import { subscriptionHistoryQuerySchema } from '@goldbot/shared';
import { subscriptionHistoryDeps } from '../wiring/commerce.js';
import { subscriptionHistory } from '../domain/commerce/subscription-history.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Subscriptions of a year (or month), newest first, with search and the period's summary cards. */
export const handler = defineHandler(
  { route: 'payment-subscription-history', checks: awsChecks, query: subscriptionHistoryQuerySchema },
  async ({ query }) => ok(await subscriptionHistory(subscriptionHistoryDeps, query, new Date())),
);
