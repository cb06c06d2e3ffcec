import { refundRequestInputSchema } from '@goldbot/shared';
import { requestRefund } from '../domain/refunds/refunds.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { requestRefundDeps } from '../wiring/commerce.js';

/**
 * 201 with the request as Billing History shows it: the caller's own completed payment, within the
 * money-back guarantee, once (404 for anyone else's payment, 409 after the guarantee or a second time).
 */
export const handler = defineHandler(
  { route: 'payment-refund-request', checks: awsChecks, body: refundRequestInputSchema },
  async ({ body, caller, log }) => {
    const answer = await requestRefund(requestRefundDeps, caller.userId, body);
    log.info('refund requested', { refundId: answer.refund._id, paymentId: body.paymentId });
    return created(answer);
  },
);
