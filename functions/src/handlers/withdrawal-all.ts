import { withdrawalListQuerySchema } from '@goldbot/shared';
import { listWithdrawalsForAdminDeps } from '../wiring/admin.js';
import { listWithdrawalsForAdmin } from '../domain/withdrawals/withdrawals.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** A tab of withdrawals (all: GSI1; a status: GSI2), newest first, with search, live balances and the counts. */
export const handler = defineHandler(
  { route: 'withdrawal-all', checks: awsChecks, query: withdrawalListQuerySchema },
  async ({ query }) => ok(await listWithdrawalsForAdmin(listWithdrawalsForAdminDeps, query)),
);
