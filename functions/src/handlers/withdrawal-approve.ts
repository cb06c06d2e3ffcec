import { idPathSchema, withdrawalDecisionInputSchema } from '@goldbot/shared';
import { decideWithdrawal } from '../domain/withdrawals/withdrawals.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { decisionDeps } from '../wiring/withdrawal-decision-deps.js';

/** Approves a pending withdrawal (the hold is settled); a repeat answers "already", a rejected one 409. */
export const handler = defineHandler(
  { route: 'withdrawal-approve', checks: awsChecks, params: idPathSchema, body: withdrawalDecisionInputSchema },
  async ({ params, body, caller, log }) => {
    const result = await decideWithdrawal(decisionDeps(log), 'approved', params.id, caller.userId, body.adminNote);
    log.info('withdrawal approval answered', {
      withdrawalId: params.id,
      adminId: caller.userId,
      status: result.withdrawal.status,
    });
    return ok(result);
  },
);
