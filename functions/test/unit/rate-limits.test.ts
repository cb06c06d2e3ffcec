import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, ROUTES, loginInputSchema, type RateLimitName } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import { config } from '../../src/config.js';
import { consumeRateLimit, consumeRateLimits } from '../../src/data/rate-limit-store.js';
import { TooManyRequestsError } from '../../src/domain/errors.js';
import { RATE_LIMIT_MESSAGE, clientAddress, rateWindow, scaledLimit } from '../../src/domain/limits/rate-limits.js';
import { handler as confirmEmailChange } from '../../src/handlers/auth-confirm-email-change.js';
import { handler as login } from '../../src/handlers/auth-login.js';
import { handler as mfaVerify } from '../../src/handlers/auth-mfa-verify.js';
import { handler as register } from '../../src/handlers/auth-register.js';
import { handler as requestPasswordReset } from '../../src/handlers/auth-request-password-reset.js';
import { handler as resendOtp } from '../../src/handlers/auth-resend-otp.js';
import { handler as resetPassword } from '../../src/handlers/auth-reset-password.js';
import { handler as verifyOtp } from '../../src/handlers/auth-verify-otp.js';
import { handler as verifyResetOtp } from '../../src/handlers/auth-verify-reset-otp.js';
import { handler as contactAdd } from '../../src/handlers/contact-add.js';
import { awsChecks } from '../../src/wiring/aws-checks.js';
import { defineHandler } from '../../src/kit/define-handler.js';
import { ok } from '../../src/kit/http-response.js';
import { CALLERS, givenProfiles, httpEvent, invoke, type HttpHandler, ANY_PATH_PARAMETERS } from '../helpers/lambda.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * Per-client request limits (docs/security.md, "Request limits and the edge"): the fixed windows, the scale, which address
 * counts, the atomic counter in the table, and where the handler kit applies them.
 */
const dynamo = useMockedDynamo();
beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(TransactWriteCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
});

const AT = Date.parse('2026-11-23T12:05:17.500Z');
const epoch = (iso: string) => Date.parse(iso) / 1000;
const conditionalCheckFailed = () => conditionFailed();
/** The ip of helpers/lambda.ts's events (X-Forwarded-For and sourceIp alike). */
const IP = '198.51.100.7';

type KeyedInput = { Key?: { PK?: unknown; SK?: unknown } };
/** The items every call touched: an UpdateItem's or GetItem's key, each key of a transaction. */
const touchedKeys = () =>
  dynamo.calls().flatMap((c) => {
    const input = c.args[0].input as KeyedInput & { TransactItems?: { Update?: KeyedInput }[] };
    return input.TransactItems ? input.TransactItems.map((item) => item.Update?.Key ?? {}) : [input.Key ?? {}];
  });

/** The limits counted in the table, as `name#subject`. */
const counted = () =>
  touchedKeys()
    .map((key) => String(key.PK))
    .filter((pk) => pk.startsWith('RATE#'))
    .map((pk) => pk.slice('RATE#'.length));

const canceled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** Makes the counter whose PK is `pk` full, whether it is counted alone or with others. */
function refuseCounter(pk: string) {
  dynamo.on(UpdateCommand, { Key: { PK: pk } }).rejects(conditionalCheckFailed());
  dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: { Update?: KeyedInput }[] }) => {
    const codes = input.TransactItems.map((item) => (item.Update?.Key?.PK === pk ? 'ConditionalCheckFailed' : 'None'));
    if (codes.includes('ConditionalCheckFailed')) throw canceled(codes);
    return {};
  });
}

describe('rateWindow', () => {
  it('cuts fixed windows aligned to their length, with the seconds left and a TTL one window later', () => {
    expect(rateWindow('publicPostPerIp', AT)).toEqual({
      startEpoch: epoch('2026-11-23T12:05:00Z'),
      secondsLeft: 43,
      expiresAtEpoch: epoch('2026-11-23T12:07:00Z'),
    });
    expect(rateWindow('codeVerifyPerIp', AT)).toEqual({
      startEpoch: epoch('2026-11-23T12:00:00Z'),
      secondsLeft: 3283,
      expiresAtEpoch: epoch('2026-11-23T14:00:00Z'),
    });
  });

  it('starts a new window on its boundary and never answers 0 seconds', () => {
    const boundary = Date.parse('2026-11-23T12:06:00.000Z');
    expect(rateWindow('publicPostPerIp', boundary)).toMatchObject({ startEpoch: boundary / 1000, secondsLeft: 60 });
    expect(rateWindow('publicPostPerIp', boundary - 1).secondsLeft).toBe(1);
  });
});

describe('scaledLimit', () => {
  it('multiplies every limit by RATE_LIMIT_SCALE, never below 1', () => {
    expect(scaledLimit('publicPostPerIp', 1)).toBe(RATE_LIMITS.publicPostPerIp.limit);
    expect(scaledLimit('publicPostPerIp', 100)).toBe(3000);
    expect(scaledLimit('contactPerIp', 2.5)).toBe(13);
    expect(scaledLimit('contactPerIp', 0.01)).toBe(1);
  });

  it('turns the limits off with scale 0 (null)', () => {
    for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) {
      expect(scaledLimit(name, 0), name).toBeNull();
      expect(scaledLimit(name, Number.NaN), name).toBeNull();
    }
  });

  it('is at the default scale in the unit tests', () => {
    expect(config.rateLimitScale).toBe(1);
  });
});

describe('clientAddress', () => {
  it('takes the last X-Forwarded-For entry (the one CloudFront appended), not what the client sent first', () => {
    expect(clientAddress({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, '130.176.0.1')).toBe('203.0.113.9');
    expect(clientAddress({ 'x-forwarded-for': '1.1.1.1,2.2.2.2 ,  203.0.113.9 ' }, '130.176.0.1')).toBe('203.0.113.9');
  });

  it('skips a trailing entry equal to the connecting address', () => {
    expect(clientAddress({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 130.176.0.1' }, '130.176.0.1')).toBe(
      '203.0.113.9',
    );
    expect(clientAddress({ 'x-forwarded-for': '130.176.0.1' }, '130.176.0.1')).toBe('130.176.0.1');
  });

  it('uses the connection without the header, and ignores empty or over-long entries', () => {
    expect(clientAddress({}, '192.0.2.4')).toBe('192.0.2.4');
    expect(clientAddress(undefined, '192.0.2.4')).toBe('192.0.2.4');
    expect(clientAddress({ 'x-forwarded-for': ' , ' }, '192.0.2.4')).toBe('192.0.2.4');
    expect(clientAddress({ 'x-forwarded-for': `203.0.113.9, ${'x'.repeat(65)}` }, '192.0.2.4')).toBe('203.0.113.9');
    expect(clientAddress(undefined, '')).toBe('unknown');
  });
});

describe('consumeRateLimit (the counter in the table)', () => {
  it('counts with one conditional UpdateItem per window, with a TTL', async () => {
    await consumeRateLimit('publicPostPerIp', '203.0.113.9', AT, 1);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: 'RATE#publicPostPerIp#203.0.113.9', SK: `WINDOW#${epoch('2026-11-23T12:05:00Z')}` },
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':limit': 30, ':expires': epoch('2026-11-23T12:07:00Z') },
    });
  });

  it('keys a subject case-insensitively and applies the scale', async () => {
    await consumeRateLimit('loginPerAccount', 'Jane.Doe@Example.com', AT, 3);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'RATE#loginPerAccount#jane.doe@example.com' },
      ExpressionAttributeValues: expect.objectContaining({ ':limit': 60 }),
    });
  });

  it('answers 429 with Retry-After once the window is full', async () => {
    dynamo.on(UpdateCommand).rejects(conditionalCheckFailed());
    const error = await consumeRateLimit('publicPostPerIp', '203.0.113.9', AT, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error).toMatchObject({
      statusCode: 429,
      message: 'Too many requests. Please wait 43 seconds and try again.',
      headers: { 'Retry-After': '43' },
    });
    expect(RATE_LIMIT_MESSAGE(43)).toBe((error as Error).message);
  });

  it('lets other failures through, and counts nothing with the limits off', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(consumeRateLimit('contactPerIp', IP, AT, 1)).rejects.toThrow('ProvisionedThroughputExceededException');
    dynamo.resetHistory();
    await consumeRateLimit('contactPerIp', IP, AT, 0);
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('consumeRateLimits (several counters in one request)', () => {
  const IP_CHECK = { name: 'publicPostPerIp', subject: IP } as const;
  const ACCOUNT_CHECK = { name: 'loginPerAccount', subject: 'jane@example.com' } as const;

  it('moves every counter in one TransactWriteItems with the same conditional updates', async () => {
    await consumeRateLimits([IP_CHECK, ACCOUNT_CHECK], AT, 1);
    expect(dynamo.calls()).toHaveLength(1);
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((item) => item.Update?.Key)).toEqual([
      { PK: `RATE#publicPostPerIp#${IP}`, SK: `WINDOW#${epoch('2026-11-23T12:05:00Z')}` },
      { PK: 'RATE#loginPerAccount#jane@example.com', SK: `WINDOW#${epoch('2026-11-23T12:00:00Z')}` },
    ]);
    expect(items[1]?.Update).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 20, ':expires': epoch('2026-11-23T14:00:00Z') },
    });
  });

  it('answers 429 with the wait of the window that is full', async () => {
    refuseCounter('RATE#loginPerAccount#jane@example.com');
    const error = await consumeRateLimits([IP_CHECK, ACCOUNT_CHECK], AT, 1).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 429, message: RATE_LIMIT_MESSAGE(3283) });
  });

  it('retries a transaction cancelled only by a concurrent one, then refuses the burst for a second', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(canceled(['TransactionConflict', 'None']))
      .resolves({});
    await consumeRateLimits([IP_CHECK, ACCOUNT_CHECK], AT, 1);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(canceled(['None', 'TransactionConflict']));
    const error = await consumeRateLimits([IP_CHECK, ACCOUNT_CHECK], AT, 1).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 429, message: RATE_LIMIT_MESSAGE(1) });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('lets other failures through, counts a key once, and skips limits that are off', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(consumeRateLimits([IP_CHECK, ACCOUNT_CHECK], AT, 1)).rejects.toThrow('ProvisionedThroughput');
    dynamo.reset();
    dynamo.on(UpdateCommand).resolves({});
    await consumeRateLimits([IP_CHECK, { ...IP_CHECK }], AT, 1);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(dynamo.calls()).toHaveLength(1);
    dynamo.resetHistory();
    await consumeRateLimits([IP_CHECK, ACCOUNT_CHECK], AT, 0);
    await consumeRateLimits([], AT, 1);
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('where the handler kit applies the limits', () => {
  const probe = (route: (typeof ROUTES)[number]['id']) => {
    const run = vi.fn(async () => ok({}));
    return { run, handler: defineHandler({ route, checks: awsChecks }, run) };
  };

  it.each(ROUTES.filter((r) => r.auth === 'public' && r.method !== 'GET').map((r) => [r.id] as const))(
    'counts every public write per address: %s',
    async (routeId) => {
      const { handler } = probe(routeId);
      await invoke(handler, httpEvent({ routeId, body: {} }));
      expect(counted()).toEqual([`publicPostPerIp#${IP}`]);
    },
  );

  it.each(ROUTES.filter((r) => r.auth !== 'public' || r.method === 'GET').map((r) => [r.id, r.auth] as const))(
    'counts nothing for %s (%s)',
    async (routeId, auth) => {
      const { handler, run } = probe(routeId);
      const res = await invoke(
        handler,
        httpEvent({
          routeId,
          claims: auth === 'public' ? null : CALLERS.admin,
          pathParameters: ANY_PATH_PARAMETERS,
          body: {},
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(run).toHaveBeenCalledTimes(1);
      expect(counted()).toEqual([]);
    },
  );

  it('counts the address CloudFront saw, not one the client made up', async () => {
    const { handler } = probe('contact-add');
    await invoke(
      handler,
      httpEvent({ routeId: 'contact-add', body: {}, headers: { 'x-forwarded-for': '10.9.8.7, 203.0.113.9' } }),
    );
    expect(counted()).toEqual(['publicPostPerIp#203.0.113.9']);
  });

  it('refuses a full window with 429 before reading the body or running the use case', async () => {
    dynamo.on(UpdateCommand).rejects(conditionalCheckFailed());
    const { handler, run } = probe('auth-login');
    const res = await invoke(handler, httpEvent({ routeId: 'auth-login', body: '{not json' }));
    expect(res.statusCode).toBe(429);
    expect(res.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(run).not.toHaveBeenCalled();
  });

  it("runs a handler's own rules: by address before the body is read, by a body value after validation", async () => {
    const run = vi.fn(async () => ok({}));
    const h = defineHandler(
      {
        route: 'auth-login',
        checks: awsChecks,
        body: loginInputSchema,
        limits: [
          { name: 'registerPerIp', by: 'ip' },
          { name: 'loginPerAccount', by: (body) => body.email },
        ],
      },
      run,
    );
    await invoke(h, httpEvent({ routeId: 'auth-login', body: { email: ' Jane@Example.com ', password: 'x' } }));
    expect(counted()).toEqual([`publicPostPerIp#${IP}`, `registerPerIp#${IP}`, 'loginPerAccount#jane@example.com']);
    expect(run).toHaveBeenCalledTimes(1);

    // An invalid body is counted by address only: there is no value to count it by.
    dynamo.resetHistory();
    const invalid = await invoke(h, httpEvent({ routeId: 'auth-login', body: { email: 'nope' } }));
    expect(invalid.statusCode).toBe(400);
    expect(counted()).toEqual([`publicPostPerIp#${IP}`, `registerPerIp#${IP}`]);
  });

  describe("countLimits: 'in-use-case' (the payment order's)", () => {
    const define = (run: Parameters<typeof defineHandler>[1]) =>
      defineHandler(
        {
          route: 'payment-order',
          checks: awsChecks,
          body: z.object({ packageName: z.string() }),
          limits: [{ name: 'paymentOrderPerUser', by: 'caller' }],
          countLimits: 'in-use-case',
        },
        run,
      );
    const USER = `user:${String(CALLERS.user.sub)}`;
    const order = (body: unknown = { packageName: 'Basic' }) =>
      httpEvent({ routeId: 'payment-order', claims: CALLERS.user, body });

    it('hands the limits to the use case instead of counting them up front', async () => {
      const seen: unknown[] = [];
      const h = define(async ({ limits }) => {
        seen.push(limits?.items.map((item) => item.Update.Key.PK));
        limits?.committed();
        return ok({});
      });
      const res = await invoke(h, order());
      expect(res.statusCode).toBe(200);
      expect(seen).toEqual([[`RATE#paymentOrderPerUser#${USER}`]]);
      expect(counted()).toEqual([]);
    });

    it('counts them after a use case that did not, whatever it answered, and a full window wins', async () => {
      const answered = define(async () => ok({}));
      expect((await invoke(answered, order())).statusCode).toBe(200);
      expect(counted()).toEqual([`paymentOrderPerUser#${USER}`]);

      dynamo.resetHistory();
      const failed = define(async () => {
        throw new TooManyRequestsError('Please wait.', 5);
      });
      expect((await invoke(failed, order())).statusCode).toBe(429);
      expect(counted()).toHaveLength(1);

      refuseCounter(`RATE#paymentOrderPerUser#${USER}`);
      const res = await invoke(answered, order());
      expect(res.statusCode).toBe(429);
      expect(res.body.message).toBe(RATE_LIMIT_MESSAGE(Number(res.headers['retry-after'])));
    });

    it('counts an invalid body against the caller, before its 400', async () => {
      const h = define(async () => ok({}));
      const res = await invoke(h, order({ packageName: 42 }));
      expect(res.statusCode).toBe(400);
      expect(counted()).toEqual([`paymentOrderPerUser#${USER}`]);
    });
  });

  it('applies rules on authenticated routes too, by the caller address', async () => {
    const h = defineHandler(
      {
        route: 'auth-confirm-email-change',
        checks: awsChecks,
        body: z.object({}),
        limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
      },
      async () => ok({}),
    );
    await invoke(h, httpEvent({ routeId: 'auth-confirm-email-change', claims: CALLERS.user, body: {} }));
    expect(counted()).toEqual([`codeVerifyPerIp#${IP}`]);
  });
});

describe("the real handlers' limits", () => {
  const EMAIL = 'jane.doe@example.com';
  const cases: [string, HttpHandler, Parameters<typeof httpEvent>[0], string][] = [
    [
      'register, per address',
      register,
      { routeId: 'auth-register', body: { username: 'jane_doe', email: EMAIL, password: 'Str0ng!Pass' } },
      `registerPerIp#${IP}`,
    ],
    [
      'login, per account',
      login,
      { routeId: 'auth-login', body: { email: 'Jane.Doe@Example.com', password: 'x' } },
      `loginPerAccount#${EMAIL}`,
    ],
    [
      'mfa-verify, per account',
      mfaVerify,
      { routeId: 'auth-mfa-verify', body: { email: EMAIL, session: 'cognito-session', code: '123456' } },
      `loginPerAccount#${EMAIL}`,
    ],
    [
      'resend-otp, per address',
      resendOtp,
      { routeId: 'auth-resend-otp', body: { email: EMAIL } },
      `publicPostPerIp#${IP}`,
    ],
    [
      'request-password-reset, per address',
      requestPasswordReset,
      { routeId: 'auth-request-password-reset', body: { email: EMAIL } },
      `publicPostPerIp#${IP}`,
    ],
    [
      'verifyOtp, per address',
      verifyOtp,
      { routeId: 'auth-verify-otp', body: { email: EMAIL, otp: '1234' } },
      `codeVerifyPerIp#${IP}`,
    ],
    [
      'verify-reset-otp, per address',
      verifyResetOtp,
      { routeId: 'auth-verify-reset-otp', body: { email: EMAIL, otp: '1234' } },
      `codeVerifyPerIp#${IP}`,
    ],
    [
      'reset-password, per address',
      resetPassword,
      { routeId: 'auth-reset-password', body: { email: EMAIL, otp: '1234', newPassword: 'N3w!Passw0rd' } },
      `codeVerifyPerIp#${IP}`,
    ],
    [
      'confirm-email-change, per address',
      confirmEmailChange,
      { routeId: 'auth-confirm-email-change', claims: CALLERS.user, body: { email: 'new@example.com', otp: '1234' } },
      `codeVerifyPerIp#${IP}`,
    ],
    [
      'contact, per address',
      contactAdd,
      { routeId: 'contact-add', body: { name: 'Jane', email: EMAIL, message: 'Hello' } },
      `contactPerIp#${IP}`,
    ],
  ];

  it.each(cases)('%s: a full window answers 429 before the use case', async (_label, h, event, limit) => {
    const [name, subject] = limit.split('#') as [string, string];
    refuseCounter(`RATE#${name}#${subject}`);
    const res = await invoke(h, httpEvent(event));
    expect(res.statusCode).toBe(429);
    expect(counted()).toContain(limit);
    // Nothing was sent but the counters (and a signed-in caller's profile read by the session
    // guard): the limits are counted before the use case reads or writes anything.
    const others = dynamo.calls().filter((c) => {
      const command = c.args[0] as { constructor: { name: string }; input: Record<string, unknown> };
      if (command.constructor.name === 'GetCommand' && event.claims) return false;
      const input = command.input as {
        Key?: { PK?: unknown };
        TransactItems?: { Update?: { Key?: { PK?: unknown } } }[];
      };
      if (input.TransactItems)
        return !input.TransactItems.every((item) => String(item.Update?.Key?.PK).startsWith('RATE#'));
      return !String(input.Key?.PK).startsWith('RATE#');
    });
    expect(others).toEqual([]);
  });

  it('login: a full window answers 429 before Cognito sees the password', async () => {
    refuseCounter(`RATE#loginPerAccount#${EMAIL}`);
    const res = await invoke(login, httpEvent({ routeId: 'auth-login', body: { email: EMAIL, password: 'x' } }));
    expect(res.statusCode).toBe(429);
    // The counters' transaction was refused; nothing else was sent (no reservation, no Cognito).
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(dynamo.calls()).toHaveLength(1);
  });
});
