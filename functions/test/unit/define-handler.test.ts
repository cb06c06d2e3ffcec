import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, ROUTES, idPathSchema, pageQuerySchema } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import {
  ConflictError,
  ForbiddenError,
  PayloadTooLargeError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../src/domain/errors.js';
import { handler as contactAdd } from '../../src/handlers/contact-add.js';
import { awsChecks } from '../../src/wiring/aws-checks.js';
import { defineHandler, toValidationError } from '../../src/kit/define-handler.js';
import { created, errorBody, ok, toApiGatewayResult } from '../../src/kit/http-response.js';
import { SESSION_MESSAGES } from '../../src/kit/session-guard.js';
import {
  API_CLIENT_ID,
  CALLERS,
  givenProfiles,
  httpEvent,
  invoke,
  lambdaContext,
  storeCalls,
  ANY_PATH_PARAMETERS,
  USER_CALLER,
} from '../helpers/lambda.js';
import { sleep } from '../../src/lib/retry.js';

const dynamo = mockClient(DynamoDBDocumentClient);
/** A signed-in caller outside CALLERS, whose admin group arrives as an array (local gateway). */
const ARRAY_ADMIN = { sub: 'a-1', email: 'a@example.com', token_use: 'id', aud: API_CLIENT_ID };
beforeEach(() => {
  dynamo.reset();
  // The per-request session guard reads the caller's profile: every signed-in caller has one.
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.otherUser, CALLERS.admin, ARRAY_ADMIN);
});
afterAll(() => dynamo.restore());

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/** A handler on a real route id whose `run` is a spy returning the caller. */
function probe<R extends Parameters<typeof defineHandler>[0]['route']>(route: R) {
  const run = vi.fn(async ({ caller }: { caller: unknown }) => ok({ caller }));
  return { run, handler: defineHandler({ route, checks: awsChecks }, run) };
}

/** A public handler whose use case throws `error`. */
const throwing = (error: unknown) =>
  defineHandler({ route: 'health', checks: awsChecks }, async () => {
    throw error;
  });

describe('every response', () => {
  it('is JSON with safe caching headers, success or error', async () => {
    for (const h of [probe('health').handler, throwing(new NotFoundError('gone')), throwing(new Error('x'))]) {
      const res = await invoke(h, httpEvent({ routeId: 'health' }));
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(() => JSON.parse(res.rawBody)).not.toThrow();
    }
  });

  it('carries both message and msg with the same text on errors', async () => {
    const res = await invoke(
      throwing(new ConflictError('That TXID was already used.')),
      httpEvent({ routeId: 'health' }),
    );
    expect(res.body).toEqual({ message: 'That TXID was already used.', msg: 'That TXID was already used.' });
  });
});

describe('request body validation', () => {
  it('answers 400 with per-field errors and never reaches the store', async () => {
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body: { name: ' ', email: 'nope' } }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      message: 'Message is required',
    });
    expect(res.body.message).toBe('Name is required. Please enter a valid email. Message is required');
    expect(res.body.msg).toBe(res.body.message);
    expect(storeCalls(dynamo)).toHaveLength(0);
  });

  it('treats a missing body as an empty object', async () => {
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(['email', 'message', 'name']);
  });

  it.each([
    ['truncated JSON', '{"name":"Jane",'],
    ['plain text', 'hello'],
    ['a form-encoded body', 'name=Jane&email=jane%40example.com'],
    ['a lone brace', '{'],
  ])('answers 400, not 500, for %s', async (_label, raw) => {
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body: raw }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      message: 'The request body must be valid JSON.',
      msg: 'The request body must be valid JSON.',
      errors: { body: 'Malformed JSON' },
    });
  });

  it.each([
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string', '"hi"'],
    ['a number', '7'],
  ])('answers 400 for JSON that is %s', async (_label, raw) => {
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body: raw }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ body: expect.any(String) });
  });

  it('decodes a base64 body', async () => {
    const run = vi.fn(async ({ body }: { body: { name: string } }) => ok({ got: body.name }));
    const h = defineHandler(
      { route: 'contact-add', checks: awsChecks, body: z.object({ name: z.string().check(z.trim()) }) },
      run,
    );
    const res = await invoke(
      h,
      httpEvent({ routeId: 'contact-add', body: { name: '  Zoë ✓ ' }, isBase64Encoded: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ got: 'Zoë ✓' });
  });

  it('answers 400 for malformed JSON inside a base64 body', async () => {
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body: '{oops', isBase64Encoded: true }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ body: 'Malformed JSON' });
  });

  it('hands the parsed, transformed values to the use case', async () => {
    const run = vi.fn(async () => created({ done: true }));
    const h = defineHandler({ route: 'contact-add', checks: awsChecks, body: z.object({ n: z.coerce.number() }) }, run);
    const res = await invoke(h, httpEvent({ routeId: 'contact-add', body: { n: '12', extra: 'dropped' } }));
    expect(res.statusCode).toBe(201);
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ body: { n: 12 } }));
  });
});

describe('query and path validation', () => {
  const list = defineHandler({ route: 'contact-list', checks: awsChecks, query: pageQuerySchema }, async ({ query }) =>
    ok(query),
  );
  const remove = defineHandler(
    { route: 'contact-delete', checks: awsChecks, params: idPathSchema },
    async ({ params }) => ok(params),
  );

  it('parses the query with defaults', async () => {
    const res = await invoke(
      list,
      httpEvent({ routeId: 'contact-list', claims: CALLERS.admin, query: { limit: '5' } }),
    );
    expect(res.body).toEqual({ limit: 5 });
    const defaults = await invoke(list, httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }));
    expect(defaults.body).toEqual({ limit: 50 });
  });

  it('answers 400 naming the bad query field', async () => {
    const res = await invoke(
      list,
      httpEvent({ routeId: 'contact-list', claims: CALLERS.admin, query: { limit: '1000' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ limit: 'limit must be at most 100' });
  });

  it('parses path parameters and answers 400 when one is blank', async () => {
    const good = await invoke(
      remove,
      httpEvent({ routeId: 'contact-delete', claims: CALLERS.admin, pathParameters: { id: 'abc' } }),
    );
    expect(good.body).toEqual({ id: 'abc' });
    const bad = await invoke(
      remove,
      httpEvent({ routeId: 'contact-delete', claims: CALLERS.admin, pathParameters: { id: '  ' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.errors).toEqual({ id: 'id is required' });
  });
});

describe('request size', () => {
  /** A JSON body of exactly `bytes` UTF-8 bytes: {"name":"xxx…"}. */
  const jsonOfBytes = (bytes: number, fill = 'x') => {
    const overhead = '{"name":""}'.length;
    return JSON.stringify({ name: fill.repeat(Math.ceil((bytes - overhead) / Buffer.byteLength(fill))) });
  };
  const TOO_LARGE = 'The request is too large. Requests may carry at most 16 KB.';

  it('answers 413 above 16 KB before parsing, validating, counting or running anything', async () => {
    expect(MAX_REQUEST_BODY_BYTES).toBe(16 * 1024);
    const validate = vi.fn((value: string) => value.length > 0);
    const run = vi.fn(async () => ok({}));
    const h = defineHandler(
      { route: 'contact-add', checks: awsChecks, body: z.object({ name: z.string().check(z.refine(validate)) }) },
      run,
    );
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const body = jsonOfBytes(MAX_REQUEST_BODY_BYTES + 1);
      expect(Buffer.byteLength(body)).toBe(MAX_REQUEST_BODY_BYTES + 1);
      const res = await invoke(h, httpEvent({ routeId: 'contact-add', body }));
      expect(res.statusCode).toBe(413);
      expect(res.body).toEqual({ message: TOO_LARGE, msg: TOO_LARGE });
      // invoke() parses the answer: the only JSON.parse was of the 100-byte error body.
      expect(parse.mock.calls.map(([text]) => String(text).length)).toEqual([res.rawBody.length]);
    } finally {
      parse.mockRestore();
    }
    expect(validate).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('accepts a body of exactly 16 KB', async () => {
    const run = vi.fn(async () => ok({}));
    const h = defineHandler({ route: 'contact-add', checks: awsChecks, body: z.object({ name: z.string() }) }, run);
    const res = await invoke(h, httpEvent({ routeId: 'contact-add', body: jsonOfBytes(MAX_REQUEST_BODY_BYTES) }));
    expect(res.statusCode).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['malformed JSON', () => `{${'x'.repeat(MAX_REQUEST_BODY_BYTES)}`, false],
    ['bytes, not characters (multi-byte text)', () => jsonOfBytes(MAX_REQUEST_BODY_BYTES + 3, '€'), false],
    ['a base64 body, by its decoded size', () => jsonOfBytes(MAX_REQUEST_BODY_BYTES + 64), true],
  ])('counts %s', async (_label, body, isBase64Encoded) => {
    const text = body();
    expect(text.length).toBeLessThanOrEqual(MAX_REQUEST_BODY_BYTES + 64);
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body: text, isBase64Encoded }));
    expect(res.statusCode).toBe(413);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('refuses an over-long body on authenticated routes too', async () => {
    const { handler, run } = probe('contact-list');
    const res = await invoke(
      handler,
      httpEvent({ routeId: 'contact-list', claims: CALLERS.admin, body: jsonOfBytes(MAX_REQUEST_BODY_BYTES * 4) }),
    );
    expect(res.statusCode).toBe(413);
    expect(run).not.toHaveBeenCalled();
    expect(new PayloadTooLargeError(MAX_REQUEST_BODY_BYTES).statusCode).toBe(413);
  });
});

describe('role guard', () => {
  it('lets anyone call a public route, with or without a caller', async () => {
    const { handler, run } = probe('health');
    expect((await invoke(handler, httpEvent({ routeId: 'health' }))).body).toEqual({ caller: null });
    expect((await invoke(handler, httpEvent({ routeId: 'health', claims: CALLERS.user }))).body).toEqual({
      caller: USER_CALLER,
    });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['no authorizer', null],
    ['claims without a subject', { email: 'a@example.com', 'cognito:groups': '[admin]' }],
  ])('answers 401 on a user route with %s', async (_label, claims) => {
    const { handler, run } = probe('auth-me');
    const res = await invoke(handler, httpEvent({ routeId: 'auth-me', claims }));
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', msg: 'Please sign in to continue.' });
    expect(run).not.toHaveBeenCalled();
  });

  it('lets users and admins call a user route', async () => {
    const { handler } = probe('auth-me');
    for (const claims of [CALLERS.user, CALLERS.otherUser, CALLERS.admin]) {
      const res = await invoke(handler, httpEvent({ routeId: 'auth-me', claims }));
      expect(res.statusCode).toBe(200);
      expect(res.body.caller).toMatchObject({ userId: claims.sub });
    }
  });

  it('answers 401 to anonymous callers and 403 to non-admins on an admin route', async () => {
    const { handler, run } = probe('payment-approve-usdt');
    const pathParameters = { id: 'p-1' };
    const anonymous = await invoke(handler, httpEvent({ routeId: 'payment-approve-usdt', pathParameters }));
    expect(anonymous.statusCode).toBe(401);
    const user = await invoke(
      handler,
      httpEvent({ routeId: 'payment-approve-usdt', pathParameters, claims: CALLERS.user }),
    );
    expect(user.statusCode).toBe(403);
    expect(user.body).toEqual({
      message: 'Administrator access is required.',
      msg: 'Administrator access is required.',
    });
    const notAdminGroup = await invoke(
      handler,
      httpEvent({
        routeId: 'payment-approve-usdt',
        pathParameters,
        claims: { ...CALLERS.user, 'cognito:groups': '[administrators]' },
      }),
    );
    expect(notAdminGroup.statusCode).toBe(403);
    expect(run).not.toHaveBeenCalled();
    const admin = await invoke(
      handler,
      httpEvent({ routeId: 'payment-approve-usdt', pathParameters, claims: CALLERS.admin }),
    );
    expect(admin.statusCode).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('accepts the admin group as an array (local gateway)', async () => {
    const { handler } = probe('contact-list');
    const event = httpEvent({ routeId: 'contact-list', claims: ARRAY_ADMIN });
    (
      event.requestContext as unknown as { authorizer: { jwt: { claims: Record<string, unknown> } } }
    ).authorizer.jwt.claims['cognito:groups'] = ['admin'];
    expect((await invoke(handler, event)).statusCode).toBe(200);
  });

  it('checks who is calling before validating what they sent', async () => {
    const h = defineHandler({ route: 'contact-delete', checks: awsChecks, params: idPathSchema }, async () => ok({}));
    const anonymous = await invoke(h, httpEvent({ routeId: 'contact-delete', pathParameters: { id: ' ' } }));
    expect(anonymous.statusCode).toBe(401);
    const user = await invoke(
      h,
      httpEvent({ routeId: 'contact-delete', pathParameters: { id: ' ' }, claims: CALLERS.user }),
    );
    expect(user.statusCode).toBe(403);
    const withBody = defineHandler(
      { route: 'withdrawal-approve', checks: awsChecks, body: z.object({ adminNote: z.string() }) },
      async () => ok({}),
    );
    const malformed = await invoke(
      withBody,
      httpEvent({ routeId: 'withdrawal-approve', pathParameters: { id: 'w' }, body: '{', claims: CALLERS.user }),
    );
    expect(malformed.statusCode).toBe(403);
  });
});

describe('session guard', () => {
  /** A valid ID token of someone whose profile does not exist (yet). */
  const NEWCOMER = {
    sub: 'sub-without-profile',
    email: 'new@example.com',
    token_use: 'id',
    aud: API_CLIENT_ID,
    'cognito:groups': '[admin]',
  };

  it.each(ROUTES.filter((r) => r.auth !== 'public').map((r) => [r.id] as const))(
    'refuses a caller without a profile on %s',
    async (routeId) => {
      const { handler, run } = probe(routeId);
      const res = await invoke(
        handler,
        httpEvent({
          routeId,
          claims: NEWCOMER,
          pathParameters: ANY_PATH_PARAMETERS,
        }),
      );
      expect([res.statusCode, res.body.message]).toEqual([401, SESSION_MESSAGES.noProfile]);
      expect(run).not.toHaveBeenCalled();
    },
  );

  it('lets a caller without a profile through only where the route creates it', async () => {
    const run = vi.fn(async () => ok({}));
    const h = defineHandler({ route: 'auth-me', checks: awsChecks, createsProfile: true }, run);
    expect((await invoke(h, httpEvent({ routeId: 'auth-me', claims: NEWCOMER }))).statusCode).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('error mapping', () => {
  it.each([
    [new NotFoundError('This message no longer exists.'), 404],
    [new ConflictError('Already approved.'), 409],
    [new ForbiddenError(), 403],
    [new UnauthorizedError(), 401],
    [new ValidationError('Amount exceeds your available earnings'), 400],
    [new TooManyRequestsError('Please wait before asking for another code.', 30), 429],
  ])('maps %s to its status with its message', async (error, status) => {
    const res = await invoke(throwing(error), httpEvent({ routeId: 'health' }));
    expect(res.statusCode).toBe(status);
    expect(res.body).toEqual({ message: error.message, msg: error.message });
  });

  it('adds the field errors of a ValidationError thrown by a use case', async () => {
    const res = await invoke(
      throwing(new ValidationError('Amount too low', { amount: 'Minimum withdrawal amount is $20' })),
      httpEvent({ routeId: 'health' }),
    );
    expect(res.body).toEqual({
      message: 'Amount too low',
      msg: 'Amount too low',
      errors: { amount: 'Minimum withdrawal amount is $20' },
    });
  });

  it.each([
    [30, '30'],
    [12.2, '13'],
    [0, '1'],
    [-5, '1'],
  ])('sends Retry-After for a 429 (%s s -> %s)', async (seconds, header) => {
    const res = await invoke(
      throwing(new TooManyRequestsError('Slow down.', seconds)),
      httpEvent({ routeId: 'health' }),
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(header);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 500 with a generic message and no internals for an unknown error', async () => {
    const error = new Error('connect ECONNREFUSED 10.0.3.7:8000 (table prod-AppTable, key CONTACT#1)');
    const res = await invoke(throwing(error), httpEvent({ routeId: 'health' }));
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ message: GENERIC_500, msg: GENERIC_500 });
    for (const leak of ['ECONNREFUSED', '10.0.3.7', 'AppTable', 'CONTACT#', 'stack', '.ts', 'Error:'])
      expect(res.rawBody).not.toContain(leak);
  });

  it.each([
    ['a string', 'kaboom'],
    ['undefined', undefined],
    ['an object', { code: 'E_SECRET' }],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('answers 500 when the use case throws %s', async (_label, thrown) => {
    const res = await invoke(throwing(thrown), httpEvent({ routeId: 'health' }));
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ message: GENERIC_500, msg: GENERIC_500 });
  });

  it('answers 500 when the store fails inside a real handler', async () => {
    dynamo.onAnyCommand().rejects(new Error('ProvisionedThroughputExceededException: table prod-AppTable'));
    const res = await invoke(
      contactAdd,
      httpEvent({ routeId: 'contact-add', body: { name: 'A', email: 'a@example.com', message: 'm' } }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('prod-AppTable');
  });
});

describe('invocations', () => {
  it('keeps concurrent invocations apart (state per context)', async () => {
    const h = defineHandler({ route: 'auth-me', checks: awsChecks }, async ({ caller }) => {
      await sleep(caller.userId === CALLERS.user.sub ? 20 : 1);
      return ok({ userId: caller.userId });
    });
    const [a, b] = await Promise.all([
      h(httpEvent({ routeId: 'auth-me', claims: CALLERS.user }), lambdaContext()),
      h(httpEvent({ routeId: 'auth-me', claims: CALLERS.otherUser }), lambdaContext()),
    ]);
    expect(JSON.parse(a.body ?? '')).toEqual({ userId: CALLERS.user.sub });
    expect(JSON.parse(b.body ?? '')).toEqual({ userId: CALLERS.otherUser.sub });
  });

  it('passes the event and a request-scoped logger to the use case', async () => {
    const run = vi.fn(async (_input: unknown) => ok({}));
    const h = defineHandler({ route: 'health', checks: awsChecks }, run);
    const event = httpEvent({ routeId: 'health' });
    await invoke(h, event);
    const input = run.mock.calls[0]?.[0] as { event: unknown; log: { info: unknown; child: unknown } };
    expect(input.event).toBe(event);
    expect(typeof input.log.info).toBe('function');
    expect(typeof input.log.child).toBe('function');
  });
});

describe('toValidationError', () => {
  const schema = z.object({
    a: z.object({ b: z.string({ error: 'b is required' }) }),
    c: z.string().check(z.minLength(3, { error: 'too short' }), z.maxLength(1, { error: 'too long' })),
  });

  it('joins nested paths, keeps the first message per field and builds one sentence', () => {
    const result = schema.safeParse({ a: {}, c: 'xx' });
    if (result.success) throw new Error('expected a failure');
    const error = toValidationError(result.error, 'body');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fieldErrors).toEqual({ 'a.b': 'b is required', c: 'too short' });
    expect(error.message).toBe('b is required. too short');
  });

  it('names the source for a root-level problem', () => {
    const result = z.object({}).safeParse('text');
    if (result.success) throw new Error('expected a failure');
    expect(Object.keys(toValidationError(result.error, 'query').fieldErrors)).toEqual(['query']);
  });
});

describe('http-response', () => {
  it('serialises results, merging extra headers', () => {
    expect(toApiGatewayResult(ok({ a: 1 }, { etag: '"x"' }))).toEqual({
      statusCode: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        etag: '"x"',
      },
      body: '{"a":1}',
    });
    expect(toApiGatewayResult(created({ id: 'x' })).statusCode).toBe(201);
    expect(toApiGatewayResult({ statusCode: 204 }).body).toBe('');
  });

  it('leaves out an empty errors object', () => {
    expect(errorBody('Oops', {})).toEqual({ message: 'Oops', msg: 'Oops' });
    expect(errorBody('Oops', { f: 'bad' })).toEqual({ message: 'Oops', msg: 'Oops', errors: { f: 'bad' } });
  });
});
