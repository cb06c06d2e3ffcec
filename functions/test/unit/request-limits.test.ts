import { describe, expect, it, vi } from 'vitest';
import { getRoute } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import { TooManyRequestsError, UnauthorizedError } from '../../src/domain/errors.js';
import { authentication } from '../../src/kit/middlewares/authentication.js';
import { bodyCap } from '../../src/kit/middlewares/body-cap.js';
import { inputParsing } from '../../src/kit/middlewares/input-parsing.js';
import { requestLimits, type LimitCheck } from '../../src/kit/middlewares/request-limits.js';
import { requestStateOf, type HttpMiddleware } from '../../src/kit/middlewares/request-state.js';
import type { PendingLimits } from '../../src/domain/limits/rate-limits.js';
import { API_CLIENT_ID, CALLERS, httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The request limits on its own (functions/src/kit/middlewares), in the middy stack of
 * helpers/middleware-stack.ts: only the request log in front (it starts the request's state) and
 * the error mapping (so a refusal reads as its answer).
 */
describe('request limits', () => {
  const route = getRoute('auth-login');
  const rules = [
    { name: 'codeVerifyPerIp' as const, by: 'ip' as const },
    { name: 'loginPerAccount' as const, by: (body: { email: string }) => body.email },
  ];
  const body = z.object({ email: z.string() });

  function limited(options: { full?: boolean; inUseCase?: boolean; run?: (limits: PendingLimits | null) => void }) {
    const counted: LimitCheck[][] = [];
    const count = vi.fn(async (checks: readonly LimitCheck[]) => {
      counted.push([...checks]);
      if (options.full) throw new TooManyRequestsError('Too many attempts. Please wait.', 60);
    });
    let pending: { counted: boolean } | undefined;
    const inUseCase = options.inUseCase
      ? (checks: readonly LimitCheck[]): PendingLimits => {
          pending = { counted: false };
          const self = pending;
          return {
            items: checks.map(() => ({ Update: {} as never })),
            get counted() {
              return self.counted;
            },
            committed: () => {
              self.counted = true;
            },
            refusalIn: () => null,
          };
        }
      : null;
    const useCase: HttpMiddleware = {
      before: (request) => {
        options.run?.(requestStateOf(request.context).limits);
      },
    };
    const { call } = stack(
      'auth-login',
      inputParsing({ body }),
      requestLimits({ route, rules, count, inUseCase, scale: () => 1 }),
      useCase,
    );
    return { call, counted, pending: () => pending };
  }

  it('counts every limit of the route in one call, the body rule by the body value', async () => {
    const { call, counted } = limited({});
    expect((await call(httpEvent({ routeId: 'auth-login', body: { email: 'a@b.c' } }))).status).toBe(200);
    expect(counted).toEqual([
      [
        { name: 'publicPostPerIp', subject: '198.51.100.7' },
        { name: 'codeVerifyPerIp', subject: '198.51.100.7' },
        { name: 'loginPerAccount', subject: 'a@b.c' },
      ],
    ]);
  });

  it("counts an invalid body against the client's limits only, and a full window answers 429 over the 400", async () => {
    const open = limited({});
    expect((await open.call(httpEvent({ routeId: 'auth-login', body: { email: 1 } }))).status).toBe(400);
    expect(open.counted).toEqual([
      [
        { name: 'publicPostPerIp', subject: '198.51.100.7' },
        { name: 'codeVerifyPerIp', subject: '198.51.100.7' },
      ],
    ]);
    const full = limited({ full: true });
    const refused = await full.call(httpEvent({ routeId: 'auth-login', body: { email: 1 } }));
    expect(refused.status).toBe(429);
    expect(refused.res.headers?.['Retry-After']).toBe('60');
  });

  it('does not count a request refused before its input was read', async () => {
    const counted: LimitCheck[][] = [];
    const { call } = stack(
      'auth-login',
      bodyCap(5),
      inputParsing({ body }),
      requestLimits({
        route,
        rules,
        count: async (checks) => void counted.push([...checks]),
        inUseCase: null,
        scale: () => 1,
      }),
    );
    expect((await call(httpEvent({ routeId: 'auth-login', body: { email: 'a@b.c' } }))).status).toBe(413);
    expect(counted).toEqual([]);
  });

  it('hands the limits to the use case, and counts them after it only when it did not', async () => {
    const moved = limited({ inUseCase: true, run: (limits) => limits?.committed() });
    expect((await moved.call(httpEvent({ routeId: 'auth-login', body: { email: 'a@b.c' } }))).status).toBe(200);
    expect(moved.counted).toEqual([]);
    const left = limited({ inUseCase: true, run: () => undefined });
    expect((await left.call(httpEvent({ routeId: 'auth-login', body: { email: 'a@b.c' } }))).status).toBe(200);
    expect(left.counted).toHaveLength(1);
    const failed = limited({
      inUseCase: true,
      run: () => {
        throw new UnauthorizedError('Incorrect email or password.');
      },
    });
    expect((await failed.call(httpEvent({ routeId: 'auth-login', body: { email: 'a@b.c' } }))).status).toBe(401);
    expect(failed.counted).toHaveLength(1);
    const fullAfter = limited({ inUseCase: true, full: true, run: () => undefined });
    expect((await fullAfter.call(httpEvent({ routeId: 'auth-login', body: { email: 'a@b.c' } }))).status).toBe(429);
    expect(fullAfter.counted).toHaveLength(1);
  });

  it("counts a caller's limit by the caller, and by the address when anonymous", async () => {
    const counted: LimitCheck[][] = [];
    const verify = getRoute('payment-verify-referral');
    const { call } = stack(
      'payment-verify-referral',
      authentication(verify, { trustClaims: true, apiClientId: API_CLIENT_ID }),
      inputParsing({}),
      requestLimits({
        route: verify,
        rules: [{ name: 'verifyReferralPerUser', by: 'caller' }],
        count: async (checks) => void counted.push([...checks]),
        inUseCase: null,
        scale: () => 1,
      }),
    );
    await call(httpEvent({ routeId: 'payment-verify-referral', claims: CALLERS.user, query: { code: 'X' } }));
    expect(counted).toEqual([[{ name: 'verifyReferralPerUser', subject: `user:${CALLERS.user.sub}` }]]);
  });
});
