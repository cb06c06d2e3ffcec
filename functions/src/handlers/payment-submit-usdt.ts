import { submitUsdtPaymentInputSchema } from '@goldbot/shared';
import { submitUsdtPayment } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { submitUsdtPaymentDeps } from '../wiring/payment-submission-deps.js';

/** 201 with the pending subscription; 200 with the same one for a double click. */
export const handler = defineHandler(
  {
    route: 'payment-submit-usdt',
    checks: awsChecks,
    body: submitUsdtPaymentInputSchema,
    // Every submission starts an on-chain look-up: limited per user (429 with Retry-After).
    limits: [{ name: 'submitPaymentPerUser', by: 'caller' }],
    // Counted in the purchase's own transaction: the submission stays within 3 DynamoDB requests.
    countLimits: 'in-use-case',
  },
  async ({ body, caller, log, limits }) => {
    const { status, body: answer } = await submitUsdtPayment(
      submitUsdtPaymentDeps(log),
      caller.userId,
      body,
      log,
      limits,
    );
    return { statusCode: status, body: answer };
  },
);
