import { customerReadDeps as deps } from '../wiring/commerce.js';
import { walletDetails } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The active USDT wallet, or 503 when none is configured: never a built-in address (docs/decisions.md, "Commerce and back-office"). */
export const handler = defineHandler({ route: 'payment-wallet-details', checks: awsChecks }, async () =>
  ok(await walletDetails(deps)),
);
