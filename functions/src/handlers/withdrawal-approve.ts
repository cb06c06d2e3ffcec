import { idPathSchema, withdrawalApprovalInputSchema } from '@goldbot/shared';
import { decideWithdrawal } from '../domain/withdrawals/withdrawals.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { approveWithdrawalDeps } from '../wiring/withdrawal-approval-deps.js';

/**
 * Approves a pending withdrawal with the TXID of its payout (the hold is settled); a repeat answers
 * "already", a rejected one 409. The payout is then checked on chain and its verdict answered.
 */
export const handler = defineHandler(
  { route: 'withdrawal-approve', checks: awsChecks, params: idPathSchema, body: withdrawalApprovalInputSchema },
  async ({ params, body, caller, log }) => {
    const result = await decideWithdrawal(
      approveWithdrawalDeps(log),
      'approved',
      params.id,
      caller.userId,
      body.adminNote,
      body.payoutTxid,
    );
    log.info('withdrawal approval answered', {
      withdrawalId: params.id,
      adminId: caller.userId,
      status: result.withdrawal.status,
      payoutCheck: result.withdrawal.payoutCheck?.status ?? null,
    });
    return ok(result);
  },
);
