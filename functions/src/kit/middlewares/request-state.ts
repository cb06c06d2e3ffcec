import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteDefinition } from '@goldbot/shared';
import type { PendingLimits } from '../../domain/limits/rate-limits.js';
import type { UserProfile } from '../../domain/records/user-profile.js';
import type { Caller } from '../identity.js';
import type { Logger } from '../logger.js';

/**
 * What the middlewares of one request learn and hand on: the request log creates it, each check
 * fills in its part, and the handler's `run` receives the result. Kept by the invocation's context
 * (middy hands the handler only the event and the context).
 */
export interface RequestState {
  route: RouteDefinition;
  log: Logger;
  startedAt: number;
  /** The client's address (clientAddress: the last hop CloudFront or the gateway saw). */
  clientIp: string;
  /** Who is calling; null on public routes (and unless the claims can be trusted). */
  caller: Caller | null;
  /** The profile the session check read (null: none yet, on the route that creates it); undefined when not checked. */
  sessionProfile: UserProfile | null | undefined;
  /** Set once the request has passed every guard and its input is being read. */
  inputReached: boolean;
  /** The validated body, once it parsed. */
  body?: { value: unknown };
  query?: unknown;
  params?: unknown;
  /** The limits the use case moves in its own first write (`countLimits: 'in-use-case'`), else null. */
  limits: PendingLimits | null;
  /** The request limits have been counted (or refused the request): nothing is left to count. */
  limitsCounted: boolean;
}

export type HttpRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;
export type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

const states = new WeakMap<Context, RequestState>();

export function startRequestState(context: Context, state: RequestState): void {
  states.set(context, state);
}

/** The state of a request whose request log has started it (every request of defineHandler). */
export function requestStateOf(context: Context): RequestState {
  const state = states.get(context);
  if (!state) throw new Error('request state missing: the request log middleware must run first');
  return state;
}

/** The state, or undefined when the request failed before the request log started it. */
export const findRequestState = (context: Context): RequestState | undefined => states.get(context);
