import { idPathSchema, refundApproveInputSchema } from '@goldbot/shared';
import { approveRefund } from '../domain/refunds/refunds.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { refundDecisionDeps } from '../wiring/refund-decision-deps.js';

/** Approves a pending refund with its payout TXID; a repeat answers "already approved", a refused one 409. */
export const handler = defineHandler(
  { route: 'admin-refund-approve', checks: awsChecks, params: idPathSchema, body: refundApproveInputSchema },
  async ({ params, body, caller, log }) => {
    const result = await approveRefund(refundDecisionDeps(log), params.id, caller.userId, body);
    log.info('refund approval answered', { refundId: params.id, adminId: caller.userId, status: result.refund.status });
    return ok(result);
  },
);
