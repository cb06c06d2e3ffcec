import { customerReadDeps as deps } from '../wiring/customer-read-deps.js';
import { walletDetails } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

/** The active USDT wallet, or 503 when none is configured: never a built-in address (docs/decisions.md, "Commerce and back-office"). */
export const handler = defineHandler({ route: 'payment-wallet-details' }, async () => ok(await walletDetails(deps)));
