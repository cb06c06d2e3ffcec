import { consumeRateLimits, pendingLimits } from '../data/rate-limit-store.js';
import type { RouteChecks } from './define-handler.js';
import { originCheck } from './origin-header.js';
import { assertSessionAllowed } from './session-guard.js';

/**
 * The checks of every route but the public reads: the origin header (Secrets Manager, loaded on
 * first use), the session guard and the request limits (both DynamoDB). A handler passes them to
 * defineHandler as `checks: awsChecks`; the kit applies those its route needs.
 */
export const awsChecks: RouteChecks = {
  originCheck,
  sessionGuard: assertSessionAllowed,
  rateLimiter: consumeRateLimits,
  pendingLimits,
};
