import type { RouteDefinition } from '@goldbot/shared';
import { DomainError } from '../../domain/errors.js';
import { clientAddress } from '../../domain/limits/rate-limits.js';
import type { KitLogger } from '../logger.js';
import { findRequestState, startRequestState, type HttpMiddleware } from './request-state.js';

/**
 * Starts each request's state with a logger that carries the Lambda context, the correlation id,
 * the request id and the route, and writes
 * one `request completed` line per request with its status and duration, whether it succeeded or
 * failed (then with the refusal's reason; the error mapping has already chosen the answer).
 */
export function requestLog(route: RouteDefinition, rootLogger: KitLogger): HttpMiddleware {
  const completed = (request: Parameters<NonNullable<HttpMiddleware['after']>>[0]) => {
    const state = findRequestState(request.context);
    const error = request.error;
    state?.log.info('request completed', {
      method: request.event.requestContext.http.method,
      path: request.event.rawPath,
      status: request.response?.statusCode,
      durationMs: state ? Date.now() - state.startedAt : undefined,
      ...(error instanceof DomainError ? { reason: error.message } : {}),
    });
  };
  return {
    before: (request) => {
      const { event, context } = request;
      startRequestState(context, {
        route,
        // The Lambda context, and API Gateway's request id as the correlation id, on every line.
        log: rootLogger
          .forInvocation(context, event.requestContext.requestId)
          .child({ requestId: context.awsRequestId, routeId: route.id }),
        startedAt: Date.now(),
        clientIp: clientAddress(event.headers, event.requestContext.http.sourceIp),
        caller: null,
        sessionProfile: undefined,
        inputReached: false,
        limits: null,
        limitsCounted: false,
      });
    },
    after: completed,
    onError: completed,
  };
}
