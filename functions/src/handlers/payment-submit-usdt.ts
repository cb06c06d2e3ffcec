import { submitUsdtPaymentInputSchema } from '@goldbot/shared';
import { submitUsdtPayment } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { customerCommerce } from '../services/customer-commerce.js';

/** 201 with the pending subscription; 200 with the same one for a double click (T1). */
export const handler = defineHandler(
  { route: 'payment-submit-usdt', body: submitUsdtPaymentInputSchema },
  async ({ body, caller, log }) => {
    const { status, body: answer } = await submitUsdtPayment(customerCommerce, caller.userId, body, log);
    return { statusCode: status, body: answer };
  },
);
