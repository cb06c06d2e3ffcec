import { consumeRateLimits, pendingLimits } from '../data/rate-limit-store.js';
import { createDefineHandler } from './http-kit.js';
import { originCheck } from './origin-header.js';
import { assertSessionAllowed } from './session-guard.js';

/**
 * The full handler kit (http-kit.ts): every route's `defineHandler`, with the session guard on
 * signed-in requests and the per-client rate limits, both on DynamoDB. Public reads that need
 * neither take public-http-handler.ts instead, so their bundles carry no AWS client they never use.
 */
export const defineHandler = createDefineHandler({
  originCheck,
  sessionGuard: assertSessionAllowed,
  rateLimiter: consumeRateLimits,
  pendingLimits,
});

export {
  parseCookies,
  parseInput,
  toValidationError,
  type HandlerSpec,
  type RateLimitRule,
  type RequestInput,
} from './http-kit.js';
