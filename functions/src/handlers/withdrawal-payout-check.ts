import { idPathSchema } from '@goldbot/shared';
import { checkPayout } from '../domain/withdrawals/payout-check.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { checkPayoutDeps } from '../wiring/payout-check-deps.js';

/**
 * The admin's 'Check on chain' of an approved withdrawal's payout: asks TRON about its TXID now and
 * answers the withdrawal holding the new verdict. The look-up, retries included, stays within 8 s,
 * inside the function's 10 s; a slow TRON API gives an 'error' verdict, never a 5xx.
 */
const ADMIN_CHECK_BUDGET_MS = 8_000;

export const handler = defineHandler(
  { route: 'withdrawal-payout-check', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await checkPayout(checkPayoutDeps(log), params.id, { budgetMs: ADMIN_CHECK_BUDGET_MS });
    log.info('payout chain check answered', {
      withdrawalId: params.id,
      adminId: caller.userId,
      status: result.withdrawal.payoutCheck?.status ?? null,
    });
    return ok(result);
  },
);
