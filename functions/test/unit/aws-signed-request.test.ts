import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsRequest, MAX_ATTEMPTS, sanitizeErrorCode, type AwsRequest } from '../../src/adapters/aws-signed-request.js';
import { startAwsWireServer, type AwsWireServer, awsRejection } from '../helpers/aws-outbox.js';

/**
 * The SigV4-signed request adapter (issue 12, lean bundles): what goes on the wire, how answers and
 * AWS errors are read back, and the SDK's standard retries. The credentials are the test
 * environment's (functions/test/setup-env.ts: AWS_ACCESS_KEY_ID=test).
 */
let server: AwsWireServer;
beforeAll(async () => {
  server = await startAwsWireServer({ status: 200, body: '{"ok":true}' });
});
afterAll(() => server.close());

const call = (overrides: Partial<AwsRequest> = {}) =>
  awsRequest({
    service: 'ses',
    region: 'eu-west-1',
    host: 'email.eu-west-1.amazonaws.com',
    endpoint: server.url,
    method: 'POST',
    path: '/v2/email/outbound-emails',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hello: 'wörld' }),
    ...overrides,
  });

describe('awsRequest', () => {
  it('sends the body with a SigV4 signature for the service and region', async () => {
    server.received.length = 0;
    const response = await call();
    expect(response).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(response.headers['content-type']).toBe('application/json');
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/email/outbound-emails', body: '{"hello":"wörld"}' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['content-length']).toBe(String(Buffer.byteLength('{"hello":"wörld"}')));
    expect(request?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    const authorization = String(request?.headers.authorization);
    const day = String(request?.headers['x-amz-date']).slice(0, 8);
    expect(authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=test/${day}/eu-west-1/ses/aws4_request, SignedHeaders=[a-z0-9;-]*\\bhost;[a-z0-9;-]*x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(authorization).toContain('content-type');
  });

  it('sends an encoded path as given and signs it for its own service', async () => {
    server.received.length = 0;
    await call({
      service: 'lambda',
      path: `/2015-03-31/functions/${encodeURIComponent('arn:aws:lambda:eu-west-1:1:function:f')}/invocations`,
      headers: { 'x-amz-invocation-type': 'Event' },
    });
    expect(server.received[0]?.path).toBe(
      '/2015-03-31/functions/arn%3Aaws%3Alambda%3Aeu-west-1%3A1%3Afunction%3Af/invocations',
    );
    expect(server.received[0]?.headers['x-amz-invocation-type']).toBe('Event');
    expect(server.received[0]?.headers.authorization).toMatch(/\/eu-west-1\/lambda\/aws4_request, /);
  });

  it.each([
    ['a 500', { status: 500, body: '{"message":"internal"}' }],
    ['a 503 without a body', { status: 503 }],
    ['a 429', { status: 429, body: '{"message":"slow down"}' }],
    ['a throttling code on a 400', { status: 400, headers: { 'x-amzn-errortype': 'ThrottlingException' } }],
    [
      'TooManyRequestsException',
      { status: 400, body: '{"__type":"TooManyRequestsException","message":"Rate exceeded"}' },
    ],
    ['a dropped connection', { status: 200, drop: true }],
  ])('retries after %s, then succeeds', async (_case, first) => {
    server.received.length = 0;
    server.answer(first);
    await expect(call()).resolves.toMatchObject({ status: 200 });
    expect(server.received).toHaveLength(2);
    // Each attempt is signed afresh.
    expect(server.received.at(-1)?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=/);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, with the last answer's error`, async () => {
    server.received.length = 0;
    const busy = { status: 503, headers: { 'x-amzn-errortype': 'ServiceUnavailable' }, body: '{"message":"busy"}' };
    server.answer(busy, busy, busy);
    const error = await awsRejection(call());
    expect(server.received).toHaveLength(MAX_ATTEMPTS);
    expect(error).toMatchObject({ name: 'ServiceUnavailable', message: 'busy' });
    expect(error.$metadata).toEqual({ httpStatusCode: 503, attempts: MAX_ATTEMPTS });
  });

  it('never retries another 4xx: the error is named by x-amzn-ErrorType, with the service message', async () => {
    server.received.length = 0;
    server.answer({
      status: 400,
      headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.simpleemailv2/' },
      body: '{"message":"Email address is not verified."}',
    });
    const error = await awsRejection(call());
    expect(server.received).toHaveLength(1);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('MessageRejected');
    expect(error.message).toBe('Email address is not verified.');
    expect(error.$metadata?.httpStatusCode).toBe(400);
  });

  it('reads the code from the JSON body without the header, and names a bare status', async () => {
    server.answer({ status: 403, body: '{"__type":"com.amazon.coral.service#AccessDeniedException","Message":"no"}' });
    expect(await awsRejection(call())).toMatchObject({ name: 'AccessDeniedException', message: 'no' });
    server.answer({ status: 404, body: '{"code":"ResourceNotFoundException","message":"Function not found"}' });
    expect(await awsRejection(call())).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Function not found',
    });
    server.answer({ status: 401, body: '<html>proxy</html>' });
    expect(await awsRejection(call())).toMatchObject({ name: 'Http401', message: 'HTTP 401' });
  });

  it('stops at its deadline without another attempt', async () => {
    server.received.length = 0;
    server.answer({ status: 200, delayMs: 1_000 });
    const started = Date.now();
    const error = await awsRejection(call({ timeoutMs: 150 }));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error.name).toMatch(/AbortError|TimeoutError/);
    expect(server.received).toHaveLength(1);
  });

  it('signs a GET without a body', async () => {
    server.received.length = 0;
    await call({ method: 'GET', path: '/v2/email/account', body: undefined, headers: {} });
    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/v2/email/account', body: '' });
    expect(server.received[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test\//);
  });
});

describe('sanitizeErrorCode', () => {
  it('reads error codes as the SDK does', () => {
    expect(sanitizeErrorCode('ThrottlingException:http://internal.amazon.com/coral/')).toBe('ThrottlingException');
    expect(sanitizeErrorCode('aws.protocoltests.restjson#FooError')).toBe('FooError');
    expect(sanitizeErrorCode('FooError,BarError')).toBe('FooError');
    expect(sanitizeErrorCode('MessageRejected')).toBe('MessageRejected');
  });
});
