import { idPathSchema } from '@goldbot/shared';
import { rejectPaymentDeps } from '../wiring/commerce.js';
import { rejectPayment } from '../domain/commerce/payment-decisions.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Rejects a pending USDT payment: no balance moves and the TXID stays used. */
export const handler = defineHandler(
  { route: 'payment-reject-usdt', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await rejectPayment(rejectPaymentDeps, params.id, caller.userId);
    log.info('payment rejection answered', {
      paymentId: params.id,
      adminId: caller.userId,
      status: result.payment.status,
    });
    return ok(result);
  },
);
