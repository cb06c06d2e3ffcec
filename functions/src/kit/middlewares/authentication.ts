import type { RouteDefinition } from '@goldbot/shared';
import { assertApiSignIn } from '../../domain/auth/admin-mfa.js';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import { callerFromEvent, type Caller } from '../identity.js';
import { requestStateOf, type HttpMiddleware } from './request-state.js';

/**
 * Refuses a caller the route's access level does not admit: 401 without a caller; on admin routes
 * 403 for a non-admin, and 403 for an administrator whose token did not come from the API's own
 * sign-in (a Google sign-in passed no TOTP: admin-mfa.ts assertApiSignIn).
 */
export function assertRouteAccess(route: RouteDefinition, caller: Caller | null): void {
  if (route.auth === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (route.auth !== 'admin') return;
  if (!caller.isAdmin) throw new ForbiddenError('Administrator access is required.');
  assertApiSignIn(caller);
}

/**
 * Reads the caller from the claims the authorizer verified and applies the route's access level.
 * `trustClaims` is false for a handler without the session check: those serve public routes only,
 * which have no authorizer (in AWS or locally), so claims in such an event were verified by no one.
 * `apiClientId`: the client the API signs in through, the only audience an administrator's token may have.
 */
export function authentication(
  route: RouteDefinition,
  options: { trustClaims: boolean; apiClientId: string },
): HttpMiddleware {
  return {
    before: (request) => {
      const caller = options.trustClaims ? callerFromEvent(request.event, options.apiClientId) : null;
      assertRouteAccess(route, caller);
      requestStateOf(request.context).caller = caller;
    },
  };
}
