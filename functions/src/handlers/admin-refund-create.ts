import { refundRequestInputSchema } from '@goldbot/shared';
import { createRefund } from '../domain/refunds/refunds.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { createRefundDeps } from '../wiring/commerce.js';

/** 201 with a pending refund of any completed payment, at any time (the monthly no-profit guarantee); audited. */
export const handler = defineHandler(
  { route: 'admin-refund-create', checks: awsChecks, body: refundRequestInputSchema },
  async ({ body, caller, log }) => {
    const answer = await createRefund(createRefundDeps, caller.userId, body);
    log.info('refund opened by an admin', { refundId: answer.refund._id, paymentId: body.paymentId });
    return created(answer);
  },
);
