import { adminRefundsQuerySchema } from '@goldbot/shared';
import { listRefundsForAdmin } from '../domain/refunds/refunds.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { listRefundsForAdminDeps } from '../wiring/admin.js';

/** One status's refund requests (GSI2), newest first, with the counts of every status. */
export const handler = defineHandler(
  { route: 'admin-refunds', checks: awsChecks, query: adminRefundsQuerySchema },
  async ({ query }) => ok(await listRefundsForAdmin(listRefundsForAdminDeps, query)),
);
