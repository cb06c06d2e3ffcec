import { idPathSchema } from '@goldbot/shared';
import { approvePayment } from '../domain/commerce/payment-review.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { paymentApprovalDeps } from '../wiring/payment-approval-deps.js';

/** Approves a pending USDT payment; a repeat answers "already approved", a rejected one 409. */
export const handler = defineHandler(
  { route: 'payment-approve-usdt', params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await approvePayment(paymentApprovalDeps(log), params.id, caller.userId);
    log.info('payment approval answered', {
      paymentId: params.id,
      adminId: caller.userId,
      status: result.payment.status,
    });
    return ok(result);
  },
);
