import { idPathSchema } from '@goldbot/shared';
import { approvePayment } from '../domain/commerce/payment-decisions.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { approvePaymentDeps } from '../wiring/approve-payment.js';

/** Approves a pending USDT payment; a repeat answers "already approved", a rejected one 409. */
export const handler = defineHandler(
  { route: 'payment-approve-usdt', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await approvePayment(approvePaymentDeps(log), params.id, caller.userId);
    log.info('payment approval answered', {
      paymentId: params.id,
      adminId: caller.userId,
      status: result.payment.status,
    });
    return ok(result);
  },
);
