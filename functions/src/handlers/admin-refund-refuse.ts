import { idPathSchema, refundRefuseInputSchema } from '@goldbot/shared';
import { refuseRefund } from '../domain/refunds/refunds.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { refundDecisionDeps } from '../wiring/refund-decision-deps.js';

/** Refuses a pending refund with the reason mailed to the customer; a repeat answers "already refused", an approved one 409. */
export const handler = defineHandler(
  { route: 'admin-refund-refuse', checks: awsChecks, params: idPathSchema, body: refundRefuseInputSchema },
  async ({ params, body, caller, log }) => {
    const result = await refuseRefund(refundDecisionDeps(log), params.id, caller.userId, body.reason);
    log.info('refund refusal answered', { refundId: params.id, adminId: caller.userId, status: result.refund.status });
    return ok(result);
  },
);
