import { getProfile } from '../data/profile-store.js';
import { consumeRateLimits, pendingLimits } from '../data/rate-limit-store.js';
import type { RouteChecks } from '../kit/define-handler.js';
import { originCheck } from './origin-header-check.js';
import { createSessionGuard } from '../kit/session-guard.js';

/**
 * The checks of every route but the public reads: the origin header (Secrets Manager, loaded on
 * first use), the session guard over the DynamoDB profile and the request limits (DynamoDB). A
 * handler passes them to defineHandler as `checks: awsChecks`; the kit applies those its route
 * needs. They are composed here, not in the kit, so the kit loads no store.
 */
export const awsChecks: RouteChecks = {
  originCheck,
  sessionGuard: createSessionGuard(getProfile),
  rateLimiter: consumeRateLimits,
  pendingLimits,
};
