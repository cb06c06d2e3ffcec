import { idPathSchema } from '@goldbot/shared';
import { checkPayment } from '../domain/commerce/chain-check.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { chainCheckDeps } from '../wiring/chain-check-deps.js';

/**
 * The admin's 'Check on chain': asks TRON about the payment's TXID now and answers with
 * the payment holding the new verdict. The look-up, retries included, stays within 8 s, inside the
 * function's 10 s and API Gateway's 30 s; a slow TRON API gives an 'error' verdict, never a 5xx.
 */
const ADMIN_CHECK_BUDGET_MS = 8_000;

export const handler = defineHandler(
  { route: 'payment-chain-check', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await checkPayment(chainCheckDeps(log), params.id, {
      origin: 'admin',
      budgetMs: ADMIN_CHECK_BUDGET_MS,
    });
    log.info('payment chain check answered', {
      paymentId: params.id,
      adminId: caller.userId,
      status: result.check.status,
      autoApproved: result.autoApproved,
    });
    return ok({ payment: result.payment });
  },
);
