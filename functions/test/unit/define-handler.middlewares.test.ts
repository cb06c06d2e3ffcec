import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, getRoute, type RouteId } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import {
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../src/domain/errors.js';
import { authentication, assertRouteAccess } from '../../src/kit/middlewares/authentication.js';
import { bodyBytes, bodyCap } from '../../src/kit/middlewares/body-cap.js';
import {
  BUSY_503,
  errorMapping,
  GENERIC_500,
  isTransientDependencyFailure,
} from '../../src/kit/middlewares/error-mapping.js';
import { inputParsing } from '../../src/kit/middlewares/input-parsing.js';
import { originCheck } from '../../src/kit/middlewares/origin-check.js';
import { requestLimits, type LimitCheck } from '../../src/kit/middlewares/request-limits.js';
import { requestLog } from '../../src/kit/middlewares/request-log.js';
import { requestStateOf, type HttpMiddleware, type RequestState } from '../../src/kit/middlewares/request-state.js';
import { sessionCheck } from '../../src/kit/middlewares/session-check.js';
import { createLogger } from '../../src/kit/logger.js';
import type { PendingLimits } from '../../src/domain/limits/rate-limits.js';
import { API_CLIENT_ID, CALLERS, httpEvent, lambdaContext } from '../helpers/lambda.js';

/**
 * Each middleware of the handler kit on its own, in a middy stack with only the request log in
 * front (it starts the request's state) and the error mapping (so a refusal reads as its answer).
 */
const silent = createLogger('silent');
const answer: APIGatewayProxyStructuredResultV2 = { statusCode: 200, body: '' };

function stack(routeId: RouteId, ...middlewares: HttpMiddleware[]) {
  let seen: RequestState | undefined;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>(
    async (_event: APIGatewayProxyEventV2, context: Context) => {
      seen = requestStateOf(context);
      return answer;
    },
  ).use([requestLog(getRoute(routeId), silent), errorMapping(), ...middlewares]);
  return {
    call: async (event: APIGatewayProxyEventV2) => {
      seen = undefined;
      const res = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
      return { status: res.statusCode, body: JSON.parse(res.body || '{}') as Record<string, unknown>, res };
    },
    state: () => seen,
  };
}

describe('error mapping', () => {
  const throwing = (error: unknown): HttpMiddleware => ({
    before: () => {
      throw error;
    },
  });

  it('answers a validation error 400 with its field messages', async () => {
    const { call } = stack(
      'health',
      throwing(new ValidationError('Email is required', { email: 'Email is required' })),
    );
    expect(await call(httpEvent({ routeId: 'health' }))).toMatchObject({
      status: 400,
      body: { message: 'Email is required', msg: 'Email is required', errors: { email: 'Email is required' } },
    });
  });

  it('answers a domain error with its own status and headers', async () => {
    const { call } = stack('health', throwing(new TooManyRequestsError('Too many requests. Slow down.', 30)));
    const { status, body, res } = await call(httpEvent({ routeId: 'health' }));
    expect(status).toBe(429);
    expect(body).toEqual({ message: 'Too many requests. Slow down.', msg: 'Too many requests. Slow down.' });
    expect(res.headers?.['Retry-After']).toBe('30');
    expect(
      (await stack('health', throwing(new NotFoundError('No such thing'))).call(httpEvent({ routeId: 'health' })))
        .status,
    ).toBe(404);
  });

  it('answers anything else 500 without its internals', async () => {
    const { call } = stack('health', throwing(new Error('connect ECONNREFUSED 10.0.0.1:8000')));
    const { status, body } = await call(httpEvent({ routeId: 'health' }));
    expect(status).toBe(500);
    expect(body).toEqual({ message: GENERIC_500, msg: GENERIC_500 });
  });
});

describe('a dependency that fails for a moment', () => {
  /** An error shaped like the AWS SDK's service exceptions. */
  const awsError = (name: string, status: number, extra: object = {}) =>
    Object.assign(new Error(`${name} from the service`), { name, $metadata: { httpStatusCode: status }, ...extra });
  const throwing = (error: unknown): HttpMiddleware => ({
    before: () => {
      throw error;
    },
  });

  it.each([
    ['DynamoDB throttling', awsError('ProvisionedThroughputExceededException', 400)],
    ['SES or Cognito throttling', awsError('ThrottlingException', 400)],
    ['an internal error', awsError('InternalServerError', 500)],
    ['any 5xx answer', awsError('SomethingNew', 502)],
    ['a timeout', Object.assign(new Error('socket hang up'), { name: 'TimeoutError' })],
    [
      'a transaction cancelled by a conflict',
      awsError('TransactionCanceledException', 400, {
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
      }),
    ],
  ])('answers %s 503 with Retry-After and a message that says to try again', async (_what, error) => {
    expect(isTransientDependencyFailure(error)).toBe(true);
    const { status, body, res } = await stack('health', throwing(error)).call(httpEvent({ routeId: 'health' }));
    expect(status).toBe(503);
    expect(body).toEqual({ message: BUSY_503, msg: BUSY_503 });
    expect(BUSY_503).toMatch(/try again/);
    expect(Number(res.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/from the service|hang up/);
  });

  it.each([
    [
      'a failed condition',
      awsError('TransactionCanceledException', 400, { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }),
    ],
    [
      'a conflict beside a failed condition',
      awsError('TransactionCanceledException', 400, {
        CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'ConditionalCheckFailed' }],
      }),
    ],
    ['a validation error of the service', awsError('ValidationException', 400)],
    ['a plain bug', new TypeError('x is undefined')],
    ['something that is not an error', 'boom'],
  ])('keeps %s a 500: trying again would not help', async (_what, error) => {
    expect(isTransientDependencyFailure(error)).toBe(false);
    const { status } = await stack('health', throwing(error)).call(httpEvent({ routeId: 'health' }));
    expect(status).toBe(500);
  });
});

describe('request log', () => {
  it('starts the state with the route, the client address and nothing checked yet', async () => {
    const { call, state } = stack('health');
    await call(httpEvent({ routeId: 'health' }));
    expect(state()).toMatchObject({
      route: { id: 'health' },
      clientIp: '198.51.100.7',
      caller: null,
      sessionProfile: undefined,
      inputReached: false,
      limits: null,
      limitsCounted: false,
    });
  });

  it('writes one "request completed" line, on success and on a refusal', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', {}, (line) => lines.push(line));
    const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>(
      async () => answer,
    ).use([requestLog(getRoute('contact-add'), logger), errorMapping(), bodyCap(10)]);
    await handler(httpEvent({ routeId: 'contact-add', body: { a: 1 } }), lambdaContext());
    await handler(httpEvent({ routeId: 'contact-add', body: { a: 'long enough to be refused' } }), lambdaContext());
    const completed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ message: 'request completed', routeId: 'contact-add', status: 200 });
    expect(completed[1]).toMatchObject({ message: 'request completed', status: 413, reason: expect.any(String) });
  });
});

describe('origin check', () => {
  it('runs the check it is given on the request headers, before the handler', async () => {
    const check = vi.fn(async (headers: Readonly<Record<string, string | undefined>>) => {
      if (headers['x-origin-verify'] !== 'yes')
        throw new ForbiddenError('Requests to the API must come through the site.');
    });
    const { call, state } = stack('packages-list', originCheck(check));
    expect((await call(httpEvent({ routeId: 'packages-list' }))).status).toBe(403);
    expect(state()).toBeUndefined();
    expect((await call(httpEvent({ routeId: 'packages-list', headers: { 'x-origin-verify': 'yes' } }))).status).toBe(
      200,
    );
    expect(check).toHaveBeenCalledTimes(2);
  });
});

describe('body cap', () => {
  it('measures a base64 body by its decoded size', () => {
    expect(bodyBytes(httpEvent({ routeId: 'contact-add', body: 'x'.repeat(300), isBase64Encoded: true }))).toBe(300);
    expect(bodyBytes(httpEvent({ routeId: 'contact-add', body: 'éé' }))).toBe(4);
    expect(bodyBytes(httpEvent({ routeId: 'health' }))).toBe(0);
  });

  it('refuses a body over the cap with 413, and lets one at the cap through', async () => {
    const { call } = stack('contact-add', bodyCap(20));
    expect((await call(httpEvent({ routeId: 'contact-add', body: 'x'.repeat(20) }))).status).toBe(200);
    const refused = await call(httpEvent({ routeId: 'contact-add', body: 'x'.repeat(21) }));
    expect(refused.status).toBe(413);
  });
});

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

describe('input parsing', () => {
  const schemas = {
    body: z.object({ email: z.string().check(z.minLength(3, 'Email is required')) }),
    query: z.object({ page: z.optional(z.string()) }),
  };

  it('parses the body, the query and the path parameters into the state', async () => {
    const { call, state } = stack('contact-add', inputParsing(schemas));
    await call(httpEvent({ routeId: 'contact-add', body: { email: 'a@b.c' }, query: { page: '2' } }));
    expect(state()).toMatchObject({ inputReached: true, body: { value: { email: 'a@b.c' } }, query: { page: '2' } });
  });

  it('answers 400 for malformed JSON and for a body its schema refuses', async () => {
    const { call } = stack('contact-add', inputParsing(schemas));
    expect(await call(httpEvent({ routeId: 'contact-add', body: '{not json' }))).toMatchObject({
      status: 400,
      body: { message: 'The request body must be valid JSON.', errors: { body: 'Malformed JSON' } },
    });
    expect(await call(httpEvent({ routeId: 'contact-add', body: { email: 'a' } }))).toMatchObject({
      status: 400,
      body: { errors: { email: 'Email is required' } },
    });
  });
});

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
