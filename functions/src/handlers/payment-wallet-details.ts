import { dynamoCustomerReads } from '../data/customer-commerce-store.js';
import { walletDetails } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads };

/** The active USDT wallet, or 503 when none is configured: never a built-in address (DESIGN.md §11). */
export const handler = defineHandler({ route: 'payment-wallet-details', checks: awsChecks }, async () =>
  ok(await walletDetails(deps)),
);
