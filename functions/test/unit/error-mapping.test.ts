import { describe, expect, it } from 'vitest';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../src/domain/errors.js';
import { BUSY_503, GENERIC_500, isTransientDependencyFailure } from '../../src/kit/middlewares/error-mapping.js';
import { type HttpMiddleware } from '../../src/kit/middlewares/request-state.js';
import { httpEvent } from '../helpers/lambda.js';
import { stack } from '../helpers/middleware-stack.js';

/**
 * The error mapping, and what it makes of a dependency that fails for a moment, on its own
 * (functions/src/kit/middlewares), in the middy stack of helpers/middleware-stack.ts: only the
 * request log in front (it starts the request's state) and the error mapping (so a refusal reads
 * as its answer).
 */
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
