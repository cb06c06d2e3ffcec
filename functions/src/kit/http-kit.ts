import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from '@goldbot/shared/zod';
import {
  MAX_REQUEST_BODY_BYTES,
  getRoute,
  type RateLimitName,
  type RouteAuth,
  type RouteDefinition,
  type RouteId,
} from '@goldbot/shared';
import { config } from '../config.js';
import type { PendingLimits } from '../data/rate-limit-store.js';
import type { UserProfile } from '../data/user-profile-entity.js';
import {
  DomainError,
  ForbiddenError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from '../domain/errors.js';
import { clientAddress } from '../domain/limits/rate-limits.js';
import { callerFromEvent, type Caller } from './identity.js';
import type { OriginCheck } from './origin-header.js';
import { createLogger, describeError, type Logger } from './logger.js';
import { errorBody, toApiGatewayResult, type HttpResult } from './http-response.js';

/**
 * The one middleware stack every HTTP handler uses. A handler file declares its route id, its
 * zod schemas and a `run` function; everything else (logging, JSON parsing, validation, the role
 * guard, error mapping) happens here once, so no handler repeats plumbing.
 *
 * This module loads no AWS client: the session guard and the rate limiter (both DynamoDB) come in
 * as KitServices, so a function bundles only the clients its routes use (issue 12, lean bundles).
 * Handlers import `defineHandler` from http-handler.ts (the full kit), or from
 * public-http-handler.ts for public reads that need neither service (health, packages-list).
 */
type Schema = z.ZodMiniType;
type Infer<S> = S extends Schema ? z.output<S> : undefined;

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
   * route that creates it), so a use case need not read it again (the round-trip budget, issue 12).
   * Undefined without a signed-in caller.
   */
  sessionProfile: UserProfile | null | undefined;
  /** The request's limits, to move in the use case's first write (`countLimits: 'in-use-case'`); else null. */
  limits: PendingLimits | null;
}

/**
 * A per-client limit on top of the automatic per-IP limit of public writes: counted by the
 * client's address, by the signed-in caller (`caller`: the Cognito sub; the address when a public
 * route is called anonymously), or by a value of the validated body (e.g. the account's e-mail).
 */
export interface RateLimitRule<B> {
  name: RateLimitName;
  by: 'ip' | 'caller' | ((body: B) => string);
}

export interface HandlerSpec<R extends RouteId, BS, QS, PS> {
  route: R;
  body?: BS;
  query?: QS;
  params?: PS;
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
   * less (the round-trip budget, issue 12). The kit counts them itself after a request whose use
   * case did not, whatever its outcome, so every request is still counted once.
   */
  countLimits?: 'in-use-case';
}

interface State {
  route: RouteDefinition;
  log: Logger;
  startedAt: number;
  body: unknown;
}

/** What a signed-in request is checked against (kit/session-guard.ts). */
/** Checks the caller's session and answers the profile it read (null: none yet, where allowed). */
export type SessionGuard = (
  caller: Caller,
  options: { allowMissingProfile?: boolean; requireMfa?: boolean },
) => Promise<UserProfile | null>;

/** Counts a request against all its limits at once (one DynamoDB request: data/rate-limit-store.ts). */
export type RateLimiter = (
  checks: readonly { name: RateLimitName; subject: string }[],
  nowMs: number,
  scale: number,
) => Promise<unknown>;

/**
 * The kit's DynamoDB-backed services. null: the kit serves only routes that never need it, and
 * `defineHandler` refuses any other route when its module loads (not on a request).
 */
export interface KitServices {
  sessionGuard: SessionGuard | null;
  /**
   * Refuses (403) a request that did not come through CloudFront (kit/origin-header.ts), before
   * anything else reads it. Null: off (locally, and for `health`, which answers everyone).
   */
  originCheck?: OriginCheck | null;
  rateLimiter: RateLimiter | null;
  /** Builds the limits a use case counts in its own write (`countLimits: 'in-use-case'`). */
  pendingLimits?: (
    checks: readonly { name: RateLimitName; subject: string }[],
    nowMs: number,
    scale: number,
  ) => PendingLimits;
}

const rootLogger = createLogger(config.logLevel);
const states = new WeakMap<Context, State>();

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/** Turns zod issues into `{field: message}` plus one readable sentence. */
export function toValidationError(error: z.core.$ZodError, source: string): ValidationError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : source;
    fieldErrors[field] ??= issue.message;
  }
  const sentence = Object.values(fieldErrors).join('. ');
  return new ValidationError(sentence || 'The request is invalid.', fieldErrors);
}

/** Validates a value the same way the kit validates bodies (for handlers that pick a schema at run time). */
export function parseInput<S extends Schema>(schema: S, value: unknown, source = 'body'): z.output<S> {
  return parse(schema, value, source) as z.output<S>;
}

function parse<S extends Schema | undefined>(schema: S, value: unknown, source: string): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, source);
  return result.data as Infer<S>;
}

/** Refuses an over-long body before anything reads it (docs/security.md H1). */
function assertBodySize(event: APIGatewayProxyEventV2, maxBytes = MAX_REQUEST_BODY_BYTES): void {
  if (!event.body) return;
  const bytes = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body, 'utf8');
  if (bytes > maxBytes) throw new PayloadTooLargeError(maxBytes);
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('The request body must be valid JSON.', { body: 'Malformed JSON' });
  }
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

function guard(route: RouteDefinition, caller: Caller | null): void {
  if (route.auth === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (route.auth === 'admin' && !caller.isAdmin) throw new ForbiddenError('Administrator access is required.');
}

const observe = (routeId: RouteId): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: (request) => {
    const route = getRoute(routeId);
    const log = rootLogger.child({ requestId: request.context.awsRequestId, routeId: route.id });
    states.set(request.context, { route, log, startedAt: Date.now(), body: undefined });
  },
  after: (request) => {
    const state = states.get(request.context);
    state?.log.info('request completed', {
      method: request.event.requestContext.http.method,
      path: request.event.rawPath,
      status: request.response?.statusCode,
      durationMs: Date.now() - state.startedAt,
    });
  },
  onError: (request) => {
    const state = states.get(request.context);
    const error = request.error;
    let result: HttpResult;
    if (error instanceof ValidationError) {
      result = { statusCode: 400, body: errorBody(error.message, error.fieldErrors) };
    } else if (error instanceof DomainError) {
      result = {
        statusCode: error.statusCode,
        body: { ...error.details, ...errorBody(error.message) },
        headers: error.headers,
        cookies: error.cookies,
      };
    } else {
      state?.log.error('unhandled error', describeError(error));
      result = { statusCode: 500, body: errorBody(GENERIC_500) };
    }
    request.response = toApiGatewayResult(result);
    state?.log.info('request completed', {
      method: request.event.requestContext.http.method,
      path: request.event.rawPath,
      status: result.statusCode,
      durationMs: state ? Date.now() - state.startedAt : undefined,
      ...(error instanceof DomainError ? { reason: error.message } : {}),
    });
  },
});

/**
 * Why a kit without `services` cannot serve a route, or null when it can: a signed-in route needs
 * the session guard; an anonymous write (limited per address) or a route with limits needs the limiter.
 */
export function missingService(
  route: RouteDefinition,
  limits: readonly unknown[] | undefined,
  services: KitServices,
): string | null {
  if (route.auth !== 'public' && !services.sessionGuard) return `${route.id} is not public: it needs the session guard`;
  const limited = (route.auth === 'public' && route.method !== 'GET') || (limits?.length ?? 0) > 0;
  if (limited && !services.rateLimiter) return `${route.id} is rate limited: it needs the rate limiter`;
  return null;
}

/** A `defineHandler` bound to the services its handlers may use. */
export function createDefineHandler(services: KitServices) {
  return function defineHandler<
    R extends RouteId,
    BS extends Schema | undefined = undefined,
    QS extends Schema | undefined = undefined,
    PS extends Schema | undefined = undefined,
  >(
    spec: HandlerSpec<R, BS, QS, PS>,
    run: (input: RequestInput<Infer<BS>, Infer<QS>, Infer<PS>, RouteAuth<R>>) => Promise<HttpResult>,
  ) {
    return defineWith(services, spec, run);
  };
}

function defineWith<
  R extends RouteId,
  BS extends Schema | undefined,
  QS extends Schema | undefined,
  PS extends Schema | undefined,
>(
  services: KitServices,
  spec: HandlerSpec<R, BS, QS, PS>,
  run: (input: RequestInput<Infer<BS>, Infer<QS>, Infer<PS>, RouteAuth<R>>) => Promise<HttpResult>,
) {
  const route = getRoute(spec.route);
  const missing =
    missingService(route, spec.limits, services) ??
    (spec.countLimits && !services.pendingLimits ? `${spec.route} counts its limits in its use case` : null);
  if (missing) throw new Error(`defineHandler: ${missing}; import defineHandler from kit/http-handler.ts`);
  const { sessionGuard, rateLimiter, pendingLimits, originCheck } = services;
  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const state = states.get(context);
    if (!state) throw new Error('http-handler state missing');
    if (originCheck) await originCheck(event.headers);
    assertBodySize(event, spec.maxBodyBytes);
    // Without a session guard the kit serves public routes only, which have no authorizer (in AWS
    // or locally): claims in such an event were verified by no one and are not trusted.
    const caller = sessionGuard ? callerFromEvent(event) : null;
    guard(state.route, caller);
    let sessionProfile: UserProfile | null | undefined;
    if (caller && sessionGuard) {
      sessionProfile = await sessionGuard(caller, {
        allowMissingProfile: spec.createsProfile === true,
        requireMfa: state.route.auth === 'admin' && config.adminMfaRequired,
      });
    }
    const clientIp = clientAddress(event.headers, event.requestContext.http.sourceIp);
    const nowMs = Date.now();
    const limit = async (checks: readonly { name: RateLimitName; subject: string }[]) => {
      if (checks.length === 0) return;
      // missingService() refused, at import, every route that reaches here without a limiter.
      if (!rateLimiter) throw new Error(`http-kit: ${state.route.id} has no rate limiter`);
      await rateLimiter(checks, nowMs, config.rateLimitScale);
    };
    // Every anonymous write is limited per address, and a route's own rules by address or caller.
    const byClient: { name: RateLimitName; subject: string }[] = [];
    if (state.route.auth === 'public' && state.route.method !== 'GET') {
      byClient.push({ name: 'publicPostPerIp', subject: clientIp });
    }
    for (const rule of spec.limits ?? []) {
      if (rule.by === 'ip') byClient.push({ name: rule.name, subject: clientIp });
      else if (rule.by === 'caller')
        byClient.push({ name: rule.name, subject: caller ? `user:${caller.userId}` : clientIp });
    }
    const byBody = (spec.limits ?? []).flatMap(({ name, by }) => (typeof by === 'function' ? [{ name, of: by }] : []));
    // Every counter moves in one request (the round-trip budget): a rule by a body value needs the
    // body first, so then the client's counters wait for it. An invalid body is still counted
    // against the client's limits (there is no value to count it by), and a full window answers
    // 429 before the 400, as it would had the body been read after the limits.
    const inUseCase = spec.countLimits === 'in-use-case' && pendingLimits !== undefined;
    if (byBody.length === 0 && !inUseCase) await limit(byClient);
    let body: Infer<BS>;
    try {
      body = parse(spec.body as BS, spec.body ? readJsonBody(event) : undefined, 'body');
    } catch (error) {
      if (byBody.length > 0 || inUseCase) await limit(byClient);
      throw error;
    }
    const checks = [...byClient, ...byBody.map((rule) => ({ name: rule.name, subject: rule.of(body) }))];
    if (byBody.length > 0 && !inUseCase) await limit(checks);
    const pending = inUseCase ? pendingLimits(checks, nowMs, config.rateLimitScale) : null;
    // Counts what the use case left uncounted (it answered or failed before its write): a full
    // window then answers 429 in place of its answer.
    const countLeftover = async () => {
      if (pending && !pending.counted) await limit(checks);
    };
    let result: HttpResult;
    try {
      const query = parse(spec.query as QS, event.queryStringParameters ?? {}, 'query');
      const params = parse(spec.params as PS, event.pathParameters ?? {}, 'path');
      result = await run({
        body,
        query,
        params,
        // guard() has thrown for a missing caller on every non-public route.
        caller: caller as RequestInput<unknown, unknown, unknown, RouteAuth<R>>['caller'],
        cookies: parseCookies(event),
        clientIp,
        log: state.log,
        event,
        remainingMs: () =>
          typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : Infinity,
        sessionProfile,
        limits: pending,
      });
    } catch (error) {
      await countLeftover();
      throw error;
    }
    await countLeftover();
    return toApiGatewayResult(result);
  };
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(core).use(observe(spec.route));
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
