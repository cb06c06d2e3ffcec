import { createDefineHandler } from './http-kit.js';
import { originCheck } from './origin-header.js';

/**
 * The handler kit for public reads (GET routes with auth 'public' and no per-client limit, e.g.
 * health and packages-list): the same `defineHandler` as http-handler.ts, without the session
 * guard and the rate limiter, so a function that never reads the session and never counts
 * requests bundles no DynamoDB or Cognito code for them (issue 12, lean bundles). Any other route
 * is refused when its handler module loads. Public routes have no authorizer (API Gateway's
 * HttpNoneAuthorizer, the local gateway's public routes), so `caller` is always null here. The
 * origin header is checked (kit/origin-header.ts); `health` alone takes health-http-handler.ts.
 */
export const defineHandler = createDefineHandler({ originCheck, sessionGuard: null, rateLimiter: null });
