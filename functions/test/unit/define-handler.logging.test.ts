import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type * as DomainErrors from '../../src/domain/errors.js';
import type * as HttpHandlerKit from '../../src/kit/define-handler.js';
import type * as AwsChecks from '../../src/wiring/aws-checks.js';
import type * as HttpResponses from '../../src/kit/http-response.js';
import { CALLERS, givenProfiles, httpEvent, invoke, lambdaContext } from '../helpers/lambda.js';

/**
 * The kit's request log, with LOG_LEVEL=info (the other unit tests run silent): one "request
 * completed" line per request, the stack of an unexpected error in the log and not in the answer,
 * and no secret from the request anywhere.
 */
type Kit = typeof HttpHandlerKit;
type Errors = typeof DomainErrors;
type Responses = typeof HttpResponses;

let kit: Kit;
let awsChecks: (typeof AwsChecks)['awsChecks'];
let errors: Errors;
let responses: Responses;
let write: MockInstance<typeof process.stdout.write>;
const previousLevel = process.env.LOG_LEVEL;
// Authenticated requests pass the session guard, which reads the caller's profile.
const dynamo = mockClient(DynamoDBDocumentClient);
dynamo.on(GetCommand).resolves({});
givenProfiles(dynamo, CALLERS.user);

beforeAll(async () => {
  process.env.LOG_LEVEL = 'info';
  vi.resetModules();
  kit = await import('../../src/kit/define-handler.js');
  awsChecks = (await import('../../src/wiring/aws-checks.js')).awsChecks;
  errors = await import('../../src/domain/errors.js');
  responses = await import('../../src/kit/http-response.js');
});

afterAll(() => {
  dynamo.restore();
  process.env.LOG_LEVEL = previousLevel;
  vi.resetModules();
});

async function logsOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return lines
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('request logging', () => {
  it('writes one completion line with request id, route, status and duration', async () => {
    const h = kit.defineHandler({ route: 'health', checks: awsChecks }, async () => responses.ok({ status: 'ok' }));
    const context = lambdaContext();
    const entries = await logsOf(() => h(httpEvent({ routeId: 'health' }), context));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 'INFO',
      message: 'request completed',
      service: 'goldbot',
      timestamp: expect.any(String),
      // The Lambda context and the correlation id (API Gateway's request id), by Powertools Logger.
      function_name: context.functionName,
      function_request_id: context.awsRequestId,
      cold_start: expect.any(Boolean),
      correlation_id: expect.any(String),
      requestId: context.awsRequestId,
      routeId: 'health',
      method: 'GET',
      path: '/api/health',
      status: 200,
      durationMs: expect.any(Number),
    });
  });

  it('logs the reason of a domain error at info', async () => {
    const h = kit.defineHandler({ route: 'health', checks: awsChecks }, async () => {
      throw new errors.NotFoundError('This message no longer exists.');
    });
    const entries = await logsOf(() => invoke(h, httpEvent({ routeId: 'health' })));
    expect(entries).toEqual([
      expect.objectContaining({ level: 'INFO', status: 404, reason: 'This message no longer exists.' }),
    ]);
  });

  it('logs an unexpected error with its stack, which the answer never shows', async () => {
    const h = kit.defineHandler({ route: 'health', checks: awsChecks }, async () => {
      throw new Error('socket hang up at 10.1.2.3');
    });
    let rawBody = '';
    const entries = await logsOf(async () => {
      rawBody = (await invoke(h, httpEvent({ routeId: 'health' }))).rawBody;
    });
    const failure = entries.find((e) => e.level === 'ERROR');
    expect(failure).toMatchObject({
      message: 'unhandled error',
      errorName: 'Error',
      errorMessage: 'socket hang up at 10.1.2.3',
      routeId: 'health',
    });
    expect(String(failure?.stack)).toContain('socket hang up');
    expect(entries.at(-1)).toMatchObject({ message: 'request completed', status: 500 });
    expect(rawBody).not.toContain('10.1.2.3');
  });

  it('never logs the bearer token, the body or values under sensitive keys', async () => {
    const h = kit.defineHandler({ route: 'auth-me', checks: awsChecks }, async ({ log }) => {
      log.info('checking', { attempt: { password: 'hunter2', nested: { otp: '4821' } } });
      return responses.ok({});
    });
    const event = httpEvent({
      routeId: 'auth-me',
      claims: CALLERS.user,
      headers: { authorization: 'Bearer SECRET.JWT.VALUE' },
      body: { password: 'hunter2' },
    });
    const entries = await logsOf(() => invoke(h, event));
    const text = JSON.stringify(entries);
    expect(entries.map((e) => e.message)).toEqual(['checking', 'request completed']);
    for (const secret of ['SECRET.JWT.VALUE', 'hunter2', '4821']) expect(text).not.toContain(secret);
  });

  it('logs a 401 without failing', async () => {
    const h = kit.defineHandler({ route: 'contact-list', checks: awsChecks }, async () => responses.ok({}));
    const entries = await logsOf(() => invoke(h, httpEvent({ routeId: 'contact-list' })));
    expect(entries).toEqual([expect.objectContaining({ status: 401, reason: 'Please sign in to continue.' })]);
  });
});
