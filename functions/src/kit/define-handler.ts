import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from '@goldbot/shared/zod';
import { getRoute, type RouteAuth, type RouteDefinition, type RouteId } from '@goldbot/shared';
import { config } from '../config.js';
import type { UserProfile } from '../domain/records/user-profile.js';
import type { PendingLimits } from '../domain/limits/rate-limits.js';
import type { Caller } from './identity.js';
import type { Logger } from './logger.js';
import { createLogger } from './logger.js';
import { toApiGatewayResult, type HttpResult } from './http-response.js';
import type { OriginCheck } from './origin-header.js';
import { authentication } from './middlewares/authentication.js';
import { bodyCap } from './middlewares/body-cap.js';
import { errorMapping } from './middlewares/error-mapping.js';
import { inputParsing } from './middlewares/input-parsing.js';
import { originCheck } from './middlewares/origin-check.js';
import {
  isLimited,
  requestLimits,
  type PendingLimitsFactory,
  type RateLimiter,
  type RateLimitRule,
} from './middlewares/request-limits.js';
import { requestLog } from './middlewares/request-log.js';
import { requestStateOf, type HttpMiddleware } from './middlewares/request-state.js';
import { sessionCheck, type SessionGuard } from './middlewares/session-check.js';

/**
 * The one way to write an HTTP handler. A handler file declares its route id, its zod schemas, its
 * limits and the checks it needs, and a `run` function; everything else happens here, once, as a
 * stack of small middy middlewares in one order (see `defineHandler`).
 *
 * This module loads no AWS client. The checks that read DynamoDB or Secrets Manager (the origin
 * header, the session guard, the request limits) are handed in by each handler as `checks`, so a
 * function bundles only what its route uses: `health` passes none and carries no AWS SDK at all.
 */
type Schema = z.ZodMiniType;
/** What a schema of the spec parses to (undefined where the spec has none); a handler factory names its input by it. */
export type Infer<S> = S extends Schema ? z.output<S> : undefined;

export interface RequestInput<B, Q, P, A> {
  body: B;
  query: Q;
  params: P;
  /** Null only on public routes called anonymously. */
  caller: A extends 'public' ? Caller | null : Caller;
  /** Request cookies by name (API Gateway v2 passes them apart from the headers). */
  cookies: Readonly<Record<string, string>>;
  /** The client's address (see clientAddress). */
  clientIp: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
  /** Milliseconds left before the function's timeout: long work stops in time and says so. */
  remainingMs: () => number;
  /**
   * The caller's profile as the session guard read it for this request (null: none yet, on the
   * route that creates it), so a use case need not read it again. Undefined without a signed-in caller.
   */
  sessionProfile: UserProfile | null | undefined;
  /** The request's limits, to move in the use case's first write (`countLimits: 'in-use-case'`); else null. */
  limits: PendingLimits | null;
}

/**
 * The checks backed by AWS services, injected per handler so the kit itself loads none of them.
 * wiring/aws-checks.ts has the full set; a public read without limits needs only `originCheck`, and
 * `health` none.
 */
export interface RouteChecks {
  /** Refuses (403) a request that did not come through CloudFront; null: off (locally). */
  originCheck?: OriginCheck | null;
  /** The session guard of every signed-in request (kit/session-guard.ts, composed in wiring/aws-checks.ts). */
  sessionGuard?: SessionGuard;
  /** Counts a request against its limits (data/rate-limit-store.ts). */
  rateLimiter?: RateLimiter;
  /** Builds the limits a use case moves in its own first write (`countLimits: 'in-use-case'`). */
  pendingLimits?: PendingLimitsFactory;
}

export interface HandlerSpec<R extends RouteId, BS, QS, PS> {
  route: R;
  body?: BS;
  query?: QS;
  params?: PS;
  /** The AWS-backed checks this handler needs (wiring/aws-checks.ts); defineHandler refuses a route that lacks one. */
  checks?: RouteChecks;
  limits?: readonly RateLimitRule<Infer<BS>>[];
  /**
   * A larger body cap than MAX_REQUEST_BODY_BYTES for a route whose input is legitimately big
   * (the e-mail template editor). Checked before the guard, like the default cap; only raise it
   * on admin routes, where the guard refuses everyone else before the body is parsed.
   */
  maxBodyBytes?: number;
  /**
   * The one route that may serve a signed-in caller who has no profile yet (a first Google
   * sign-in, the bootstrap admin): it creates the profile. Every other route refuses them.
   */
  createsProfile?: boolean;
  /**
   * 'in-use-case': the limits are not counted up front but handed to the use case as `limits`,
   * whose first write moves them (data/rate-limit-store.ts PendingLimits): one DynamoDB request
   * less. The kit counts them itself after a request whose use case did not, whatever its
   * outcome, so every request is still counted once.
   */
  countLimits?: 'in-use-case';
}

/**
 * Why a handler with these checks cannot serve its route, or null when it can: a signed-in route
 * needs the session guard; an anonymous write (limited per address) or a route with limits needs
 * the limiter, and `countLimits` the pending limits.
 */
export function missingCheck(
  route: RouteDefinition,
  spec: { limits?: readonly unknown[]; countLimits?: 'in-use-case' },
  checks: RouteChecks,
): string | null {
  if (route.auth !== 'public' && !checks.sessionGuard) return `${route.id} is not public: it needs the session guard`;
  if (isLimited(route, spec.limits) && !checks.rateLimiter)
    return `${route.id} is rate limited: it needs the rate limiter`;
  if (spec.countLimits && !checks.pendingLimits)
    return `${route.id} counts its limits in its use case: it needs pendingLimits`;
  return null;
}

/** `name=value` pairs as API Gateway v2 passes them (`event.cookies`); the first of a name wins. */
export function parseCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of event.cookies ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (!(name in cookies)) cookies[name] = pair.slice(at + 1).trim();
  }
  return cookies;
}

const rootLogger = createLogger(config.logLevel);

/**
 * An HTTP handler for `spec.route`. Its middlewares run in this order, each a small module under
 * kit/middlewares/, and the ones a route does not need are left out:
 *
 * 1. request log: the request's logger, one `request completed` line per request;
 * 2. error mapping: a thrown error becomes its status and message (500 without internals);
 * 3. origin check: 403 unless the request came through CloudFront (when `checks.originCheck` is on);
 * 4. body cap: 413 before anything reads the body;
 * 5. authentication: the caller from the verified claims, 401/403 by the route's access level (an
 *    admin route also refuses an administrator's token that the API's own sign-in did not issue);
 * 6. session check: the session guard's profile read (signed-in routes);
 * 7. input parsing: body, query and path parameters against the zod schemas (400);
 * 8. request limits: the route's counters, in one DynamoDB request (429).
 *
 * A route that lacks a check it needs is refused when its module loads, not on a request.
 */
export function defineHandler<
  R extends RouteId,
  BS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(
  spec: HandlerSpec<R, BS, QS, PS>,
  run: (input: RequestInput<Infer<BS>, Infer<QS>, Infer<PS>, RouteAuth<R>>) => Promise<HttpResult>,
) {
  const route = getRoute(spec.route);
  const checks = spec.checks ?? {};
  const missing = missingCheck(route, spec, checks);
  if (missing) throw new Error(`defineHandler: ${missing}; pass checks: awsChecks from wiring/aws-checks.ts`);
  const { sessionGuard, rateLimiter, pendingLimits } = checks;

  const middlewares: (HttpMiddleware | null)[] = [
    requestLog(route, rootLogger),
    errorMapping(),
    checks.originCheck ? originCheck(checks.originCheck) : null,
    bodyCap(spec.maxBodyBytes),
    authentication(route, { trustClaims: sessionGuard !== undefined, apiClientId: config.userPoolClientId }),
    sessionGuard
      ? sessionCheck(sessionGuard, {
          allowMissingProfile: spec.createsProfile === true,
          requireMfa: () => route.auth === 'admin' && config.adminMfaRequired,
        })
      : null,
    inputParsing({ body: spec.body, query: spec.query, params: spec.params }),
    rateLimiter && isLimited(route, spec.limits)
      ? requestLimits({
          route,
          rules: spec.limits ?? [],
          count: rateLimiter,
          inUseCase: spec.countLimits === 'in-use-case' ? (pendingLimits ?? null) : null,
          scale: () => config.rateLimitScale,
        })
      : null,
  ];

  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const state = requestStateOf(context);
    const result = await run({
      body: state.body?.value as Infer<BS>,
      query: state.query as Infer<QS>,
      params: state.params as Infer<PS>,
      // The authentication middleware has thrown for a missing caller on every non-public route.
      caller: state.caller as RequestInput<unknown, unknown, unknown, RouteAuth<R>>['caller'],
      cookies: parseCookies(event),
      clientIp: state.clientIp,
      log: state.log,
      event,
      remainingMs: () =>
        typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : Infinity,
      sessionProfile: state.sessionProfile,
      limits: state.limits,
    });
    return toApiGatewayResult(result);
  };
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>(core).use(
    middlewares.filter((middleware): middleware is HttpMiddleware => middleware !== null),
  );
  // The declared spec, read-only, so tests (the route fuzzer) read each route's schemas from the
  // handler itself instead of copying them.
  return Object.defineProperty(handler, 'spec', {
    value: spec,
    enumerable: false,
    writable: false,
  }) as typeof handler & {
    readonly spec: HandlerSpec<R, BS, QS, PS>;
  };
}

export { parseInput, toValidationError } from './middlewares/input-parsing.js';
export type { RateLimitRule } from './middlewares/request-limits.js';
export type { SessionGuard } from './middlewares/session-check.js';
