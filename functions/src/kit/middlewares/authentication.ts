import type { RouteDefinition } from '@goldbot/shared';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import { callerFromEvent, type Caller } from '../identity.js';
import { requestStateOf, type HttpMiddleware } from './request-state.js';

/** Refuses a caller the route's access level does not admit: 401 without a caller, 403 for a non-admin on admin routes. */
export function assertRouteAccess(route: RouteDefinition, caller: Caller | null): void {
  if (route.auth === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (route.auth === 'admin' && !caller.isAdmin) throw new ForbiddenError('Administrator access is required.');
}

/**
 * Reads the caller from the claims the authorizer verified and applies the route's access level.
 * `trustClaims` is false for a handler without the session check: those serve public routes only,
 * which have no authorizer (in AWS or locally), so claims in such an event were verified by no one.
 */
export function authentication(route: RouteDefinition, options: { trustClaims: boolean }): HttpMiddleware {
  return {
    before: (request) => {
      const caller = options.trustClaims ? callerFromEvent(request.event) : null;
      assertRouteAccess(route, caller);
      requestStateOf(request.context).caller = caller;
    },
  };
}
