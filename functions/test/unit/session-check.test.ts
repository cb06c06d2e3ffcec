import { describe, expect, it, vi } from 'vitest';
import { getRoute } from '@goldbot/shared';
import { ForbiddenError } from '../../src/domain/errors.js';
import { authentication } from '../../src/kit/middlewares/authentication.js';
import { sessionCheck } from '../../src/kit/middlewares/session-check.js';
import { API_CLIENT_ID, CALLERS, httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The session check on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('session check', () => {
  it('runs the guard for a signed-in caller and keeps the profile it read', async () => {
    const profile = { userId: CALLERS.user.sub } as never;
    const guard = vi.fn(async () => profile);
    const { call, state } = stack(
      'auth-me',
      authentication(getRoute('auth-me'), { trustClaims: true, apiClientId: API_CLIENT_ID }),
      sessionCheck(guard, { allowMissingProfile: true, requireMfa: () => false }),
    );
    expect((await call(httpEvent({ routeId: 'auth-me', claims: CALLERS.user }))).status).toBe(200);
    expect(guard).toHaveBeenCalledWith(expect.objectContaining({ userId: CALLERS.user.sub }), {
      allowMissingProfile: true,
      requireMfa: false,
    });
    expect(state()?.sessionProfile).toBe(profile);
  });

  it("answers the guard's refusal and leaves an anonymous caller of a public route alone", async () => {
    const guard = vi.fn(async () => {
      throw new ForbiddenError('Account is deactivated');
    });
    const signedIn = stack(
      'auth-me',
      authentication(getRoute('auth-me'), { trustClaims: true, apiClientId: API_CLIENT_ID }),
      sessionCheck(guard, { allowMissingProfile: false, requireMfa: () => true }),
    );
    expect(await signedIn.call(httpEvent({ routeId: 'auth-me', claims: CALLERS.user }))).toMatchObject({
      status: 403,
      body: { message: 'Account is deactivated' },
    });
    expect(guard).toHaveBeenCalledWith(expect.anything(), { allowMissingProfile: false, requireMfa: true });
    const anonymous = stack(
      'contact-add',
      authentication(getRoute('contact-add'), { trustClaims: true, apiClientId: API_CLIENT_ID }),
      sessionCheck(guard, { allowMissingProfile: false, requireMfa: () => false }),
    );
    expect((await anonymous.call(httpEvent({ routeId: 'contact-add' }))).status).toBe(200);
    expect(guard).toHaveBeenCalledTimes(1);
  });
});
