import { submitUsdtPaymentInputSchema } from '@goldbot/shared';
import { submitUsdtPayment } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { requestChainCheck } from '../services/chain-check-trigger.js';
import { customerCommerce } from '../services/customer-commerce.js';

/** Issue 13: each saved payment's TXID is checked on TRON, after the answer is on its way. */
const deps = { ...customerCommerce, paymentSubmitted: requestChainCheck };

/** 201 with the pending subscription; 200 with the same one for a double click (T1). */
export const handler = defineHandler(
  { route: 'payment-submit-usdt', body: submitUsdtPaymentInputSchema },
  async ({ body, caller, log }) => {
    const { status, body: answer } = await submitUsdtPayment(deps, caller.userId, body, log);
    return { statusCode: status, body: answer };
  },
);
