import { unmatchedTransfersQuerySchema } from '@goldbot/shared';
import { listUnmatchedTransfers } from '../domain/commerce/unmatched-transfers.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { listUnmatchedTransfersDeps } from '../wiring/admin.js';

/** The transfers the wallet watcher could bind to no order, newest first (GSI1 TRANSFERS#UNMATCHED). */
export const handler = defineHandler(
  { route: 'admin-unmatched-transfers', checks: awsChecks, query: unmatchedTransfersQuerySchema },
  async ({ query }) => ok(await listUnmatchedTransfers(listUnmatchedTransfersDeps, query)),
);
