import { requestChainCheck } from './chain-check-trigger.js';
import type { Logger } from '../kit/logger.js';
import { customerCommerceDeps } from './customer-commerce-deps.js';

/**
 * What a USDT payment's submission runs on: the customer commerce use cases, and the start of the
 * saved payment's on-chain check (after the answer is on its way), so only this function bundles
 * the Lambda client.
 */
export const submitUsdtPaymentDeps = (log: Logger) => ({
  ...customerCommerceDeps(log),
  paymentSubmitted: requestChainCheck,
});
