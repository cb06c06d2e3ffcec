import { createDefineHandler } from './http-kit.js';

/**
 * The kit of `health` alone: no session guard, no rate limiter and no origin header check, so it
 * answers whoever asks (an uptime monitor, the deploy's smoke check, a direct call to the API
 * domain) and its bundle holds no AWS client at all. Every other route checks the header that
 * proves it came through CloudFront (http-handler.ts, public-http-handler.ts).
 */
export const defineHandler = createDefineHandler({ sessionGuard: null, rateLimiter: null });
