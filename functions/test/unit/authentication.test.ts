import { describe, expect, it, vi } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, getRoute } from '@goldbot/shared';
import { ForbiddenError, UnauthorizedError } from '../../src/domain/errors.js';
import { authentication, assertRouteAccess } from '../../src/kit/middlewares/authentication.js';
import { sessionCheck } from '../../src/kit/middlewares/session-check.js';
import { API_CLIENT_ID, CALLERS, httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The authentication middleware on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('authentication', () => {
  const user = {
    userId: 'u',
    email: 'u@example.com',
    emailVerified: true,
    isAdmin: false,
    issuedAt: 1,
    authTime: 1,
    apiSignIn: true,
  };

  it('applies the access levels: public passes, user needs a caller, admin an administrator', () => {
    expect(() => assertRouteAccess(getRoute('health'), null)).not.toThrow();
    expect(() => assertRouteAccess(getRoute('auth-me'), null)).toThrow(UnauthorizedError);
    expect(() => assertRouteAccess(getRoute('auth-me'), user)).not.toThrow();
    expect(() => assertRouteAccess(getRoute('admin-users'), user)).toThrow(ForbiddenError);
    expect(() => assertRouteAccess(getRoute('admin-users'), { ...user, isAdmin: true })).not.toThrow();
  });

  it("refuses an administrator's token from any sign-in but the API's own on admin routes, with the way in", () => {
    const google = { ...user, isAdmin: true, apiSignIn: false };
    expect(() => assertRouteAccess(getRoute('admin-users'), google)).toThrow(
      new ForbiddenError(ADMIN_SIGN_IN_REQUIRED_MESSAGE),
    );
    expect(ADMIN_SIGN_IN_REQUIRED_MESSAGE).toContain('/admin-login');
    // A customer's Google session is a session like any other on their own routes.
    expect(() => assertRouteAccess(getRoute('auth-me'), google)).not.toThrow();
    expect(() => assertRouteAccess(getRoute('auth-me'), { ...google, isAdmin: false })).not.toThrow();
  });

  it('answers 403 to a hosted-UI or Google token on an admin route, before any check behind it', async () => {
    const guard = vi.fn(async () => null);
    const { call } = stack(
      'admin-users',
      authentication(getRoute('admin-users'), { trustClaims: true, apiClientId: API_CLIENT_ID }),
      sessionCheck(guard, { allowMissingProfile: false, requireMfa: () => true }),
    );
    for (const claims of [
      { ...CALLERS.admin, aud: 'hosted-ui-client' },
      { ...CALLERS.admin, identities: '[{"providerName":"Google","userId":"1098"}]' },
    ]) {
      expect(await call(httpEvent({ routeId: 'admin-users', claims }))).toMatchObject({
        status: 403,
        body: { message: ADMIN_SIGN_IN_REQUIRED_MESSAGE },
      });
    }
    expect(guard).not.toHaveBeenCalled();
    expect((await call(httpEvent({ routeId: 'admin-users', claims: CALLERS.admin }))).status).toBe(200);
  });

  it('keeps the caller of verified claims, and ignores claims it may not trust', async () => {
    const trusted = stack(
      'auth-me',
      authentication(getRoute('auth-me'), { trustClaims: true, apiClientId: API_CLIENT_ID }),
    );
    expect((await trusted.call(httpEvent({ routeId: 'auth-me', claims: CALLERS.user }))).status).toBe(200);
    expect(trusted.state()?.caller?.userId).toBe(CALLERS.user.sub);
    expect((await trusted.call(httpEvent({ routeId: 'auth-me' }))).status).toBe(401);
    const untrusted = stack(
      'health',
      authentication(getRoute('health'), { trustClaims: false, apiClientId: API_CLIENT_ID }),
    );
    expect((await untrusted.call(httpEvent({ routeId: 'health', claims: CALLERS.admin }))).status).toBe(200);
    expect(untrusted.state()?.caller).toBeNull();
  });
});
