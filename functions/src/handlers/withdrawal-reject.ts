import { idPathSchema, withdrawalDecisionInputSchema } from '@goldbot/shared';
import { decideWithdrawal } from '../domain/withdrawals/withdrawals.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { rejectWithdrawalDeps } from '../wiring/withdrawal-decision-deps.js';

/** Rejects a pending withdrawal (the hold is released to the available balance); 409 if approved. */
export const handler = defineHandler(
  { route: 'withdrawal-reject', checks: awsChecks, params: idPathSchema, body: withdrawalDecisionInputSchema },
  async ({ params, body, caller, log }) => {
    const result = await decideWithdrawal(
      rejectWithdrawalDeps(log),
      'rejected',
      params.id,
      caller.userId,
      body.adminNote,
    );
    log.info('withdrawal rejection answered', {
      withdrawalId: params.id,
      adminId: caller.userId,
      status: result.withdrawal.status,
    });
    return ok(result);
  },
);
