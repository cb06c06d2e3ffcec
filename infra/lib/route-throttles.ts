import type { RouteDefinition } from '@goldbot/shared';

export interface Throttle {
  /** Steady-state requests per second, across all clients (API Gateway throttles per route, not per IP). */
  readonly rateLimit: number;
  /** Requests admitted at once before the rate applies. */
  readonly burstLimit: number;
}

/**
 * Stage-wide default throttling: well above what the product needs, low enough that a runaway client
 * or a scripted attack cannot run up the Lambda and DynamoDB bill. (Account default is 10,000 rps.)
 */
export const DEFAULT_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };

/**
 * Anonymous writes (registration, codes, sign-in, password reset, the contact form): every request
 * can mail someone or cost a Cognito call, and none needs more than a few per second for the whole
 * product. The handlers also count them per IP (and per account) in DynamoDB, and the WAF counts
 * per IP at the edge; this is the last, global cap when both are bypassed or spread over many IPs.
 * The cost of a global cap is that a flood can make these routes answer 429 to everyone for a
 * while: a brief outage of sign-in is preferred to an unbounded bill and mail volume.
 */
export const PUBLIC_WRITE_THROTTLE: Throttle = { rateLimit: 10, burstLimit: 20 };

/** The throttle of one route, from its entry in the route table (never written per route). */
export function routeThrottle(route: Pick<RouteDefinition, 'auth' | 'method'>): Throttle {
  return route.auth === 'public' && route.method !== 'GET' ? PUBLIC_WRITE_THROTTLE : DEFAULT_THROTTLE;
}

/** The HTTP API route key of a route, as RouteSettings and the access log name it. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** CloudFormation `RouteSettings` of the stage: one entry per route key. */
export function stageRouteSettings(
  routes: readonly RouteDefinition[],
): Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> {
  return Object.fromEntries(
    routes.map((route) => {
      const { rateLimit, burstLimit } = routeThrottle(route);
      return [routeKey(route), { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }];
    }),
  );
}
