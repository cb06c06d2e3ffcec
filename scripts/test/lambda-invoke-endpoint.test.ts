import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from '../local/gateway.js';
import { invokeRefusal, isLoopbackHost, type InvokePolicy } from '../local/lambda-invoke-endpoint.js';

/**
 * The `--bundled` mode's Lambda Invoke endpoint on the local gateway's port: it runs a function
 * only for a request that names a loopback host, carries this run's token (the Lambda client of a
 * bundled function signs it in as X-Amz-Security-Token, from AWS_SESSION_TOKEN) and invokes a
 * function the app invokes asynchronously. Sent with the AWS SDK's own Lambda client, as
 * payment-submit-usdt sends it, and with raw requests for what the SDK would not send.
 */
const TOKEN = 'token-made-at-start-0123456789abcdef';
const policy: InvokePolicy = { token: TOKEN, functions: new Set(['job-chain-recheck']) };
const invoked: { name: string; event: unknown }[] = [];
const functions = new Set(['job-chain-recheck', 'admin-users', 'payment-submit-usdt']);

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createGateway({
    root: '/nowhere',
    routes: [],
    verifier: { verify: async () => null },
    bundled: {
      loadHandler: async () => {
        throw new Error('no route is mounted here');
      },
      invokeTarget: {
        has: (name) => functions.has(name),
        invoke: async (name, event) => {
          invoked.push({ name, event });
          return { ok: true };
        },
      },
      invokePolicy: policy,
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  invoked.length = 0;
});

/** The Lambda client a bundled function builds: AWS_ENDPOINT_URL_LAMBDA and the runtime's credentials. */
const lambda = (sessionToken?: string, host = '127.0.0.1') =>
  new LambdaClient({
    region: 'us-east-1',
    endpoint: `http://${host}:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local', ...(sessionToken ? { sessionToken } : {}) },
    maxAttempts: 1,
  });

const invokeAsync = (client: LambdaClient, name: string) =>
  client.send(
    new InvokeCommand({
      FunctionName: name,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ paymentId: 'P1' })),
    }),
  );

/** A raw POST to the Invoke path, with exactly these headers. */
function rawInvoke(headers: Record<string, string>, name = 'job-chain-recheck') {
  return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/2015-03-31/functions/${name}/invocations`,
        headers: { 'x-amz-invocation-type': 'Event', ...headers },
        setHost: false,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['x-amzn-errortype'] as string, body }),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('the local Invoke endpoint', () => {
  it("queues the chain check a bundled function invokes, with this run's token, through the SDK", async () => {
    const answer = await invokeAsync(lambda(TOKEN), 'job-chain-recheck');
    expect(answer.StatusCode).toBe(202);
    await expect.poll(() => invoked).toEqual([{ name: 'job-chain-recheck', event: { paymentId: 'P1' } }]);
    // By its ARN too, as a function could name it.
    await invokeAsync(lambda(TOKEN), 'arn:aws:lambda:us-east-1:123456789012:function:job-chain-recheck');
    await expect.poll(() => invoked.length).toBe(2);
  });

  it('refuses a request without the token, or with another one, and runs nothing', async () => {
    for (const client of [lambda(), lambda('another-token'), lambda(`${TOKEN}x`)]) {
      await expect(invokeAsync(client, 'job-chain-recheck')).rejects.toMatchObject({
        name: 'UnrecognizedClientException',
        $metadata: { httpStatusCode: 403 },
      });
    }
    expect(invoked).toEqual([]);
  });

  it('refuses every function the app does not invoke asynchronously, even with the token', async () => {
    for (const name of ['admin-users', 'payment-submit-usdt', 'no-such-function']) {
      await expect(invokeAsync(lambda(TOKEN), name)).rejects.toMatchObject({
        name: 'AccessDeniedException',
        $metadata: { httpStatusCode: 403 },
      });
    }
    expect(invoked).toEqual([]);
  });

  it('refuses any Host header but a loopback one, token or not', async () => {
    for (const host of ['evil.example', 'evil.example:80', '192.168.1.20', 'localhost.evil.example']) {
      const answer = await rawInvoke({ host, 'x-amz-security-token': TOKEN });
      expect([answer.status, answer.type], host).toEqual([403, 'AccessDeniedException']);
    }
    // Without a Host header at all, Node's HTTP/1.1 server answers 400 itself.
    expect((await rawInvoke({ 'x-amz-security-token': TOKEN })).status).toBe(400);
    expect(invoked).toEqual([]);
    // The SDK names the endpoint's host; localhost is loopback too.
    expect((await invokeAsync(lambda(TOKEN, 'localhost'), 'job-chain-recheck')).StatusCode).toBe(202);
    expect((await rawInvoke({ host: `127.0.0.1:${port}`, 'x-amz-security-token': TOKEN })).status).toBe(202);
    await expect.poll(() => invoked.length).toBe(2);
  });
});

describe('invokeRefusal', () => {
  it('checks the host, then the token, then the function', () => {
    expect(invokeRefusal({ host: 'evil.example' }, 'admin-users', policy)?.message).toMatch(/loopback/);
    expect(invokeRefusal({ host: 'localhost' }, 'admin-users', policy)?.type).toBe('UnrecognizedClientException');
    expect(invokeRefusal({ host: 'localhost', 'x-amz-security-token': TOKEN }, 'admin-users', policy)?.message).toMatch(
      /admin-users/,
    );
    expect(invokeRefusal({ host: 'localhost', 'x-amz-security-token': TOKEN }, 'job-chain-recheck', policy)).toBeNull();
  });

  it('never accepts an empty token, even when the policy has none', () => {
    expect(
      invokeRefusal({ host: 'localhost', 'x-amz-security-token': '' }, 'job-chain-recheck', { ...policy, token: '' }),
    ).not.toBeNull();
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['localhost:3000', true],
    ['LOCALHOST:3000', true],
    ['127.0.0.1', true],
    ['127.0.0.1:3000', true],
    ['127.1.2.3:80', true],
    ['[::1]:3000', true],
    ['[::1]', true],
    ['127.0.0.256', false],
    ['127.0.0.1.evil.example', false],
    ['localhost.evil.example', false],
    ['evil.example', false],
    ['0.0.0.0:3000', false],
    ['192.168.0.1', false],
    ['[::ffff:7f00:1]', false],
    ['localhost:3000:1', false],
    ['localhost:port', false],
    ['', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('is false without a Host header', () => {
    expect(isLoopbackHost(undefined)).toBe(false);
  });
});
