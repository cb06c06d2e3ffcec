import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { walletDetails } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads };

/** The active USDT wallet, or 503 when none is configured: never a built-in address (DESIGN.md §11). */
export const handler = defineHandler({ route: 'payment-wallet-details' }, async () => ok(await walletDetails(deps)));
