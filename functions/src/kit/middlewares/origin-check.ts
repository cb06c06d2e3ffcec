import type { OriginCheck } from '../origin-header.js';
import type { HttpMiddleware } from './request-state.js';

/** Refuses (403) a request that did not come through CloudFront, before anything else reads it. */
export function originCheck(check: OriginCheck): HttpMiddleware {
  return {
    before: async (request) => {
      await check(request.event.headers);
    },
  };
}
