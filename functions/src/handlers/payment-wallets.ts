import { listWalletsDeps } from '../wiring/commerce.js';
import { listWallets } from '../domain/commerce/wallets.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Every payment wallet (GSI1 WALLETS), grouped by currency. */
export const handler = defineHandler({ route: 'payment-wallets', checks: awsChecks }, async () =>
  ok(await listWallets(listWalletsDeps)),
);
