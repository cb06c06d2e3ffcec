import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_CHECK_EVENT_SOURCE, chainCheckEventSchema } from '../../src/domain/commerce/chain-check-event.js';
import type { Logger } from '../../src/kit/logger.js';
import { startAwsWireServer, type AwsWireServer, restoreEnvAfterEach } from '../helpers/aws-outbox.js';

/**
 * How a saved payment's on-chain check is started (issue 13): in AWS an asynchronous ('Event')
 * invoke of the job-chain-recheck function carrying the payment id, whose failure is logged and
 * never reaches the customer; locally the same event handed to the runner the local stack
 * registered, in the background; with neither, nothing at all.
 * The invoke is checked on the wire, against a local HTTP server standing in for Lambda's API
 * (AWS_ENDPOINT_URL_LAMBDA, as the SDK's client read it).
 * The configuration is read at import, so each case imports the trigger afresh with its environment.
 */
let lambda: AwsWireServer;
beforeAll(async () => {
  lambda = await startAwsWireServer({ status: 202 });
});
afterAll(() => lambda.close());
beforeEach(() => {
  lambda.received.length = 0;
});

const ENV_KEYS = ['CHAIN_CHECK_FUNCTION_NAME', 'TRON_API_URL', 'AWS_ENDPOINT_URL_LAMBDA'] as const;
restoreEnvAfterEach(ENV_KEYS);

async function triggerWith(env: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, { AWS_ENDPOINT_URL_LAMBDA: lambda.url }, env);
  vi.resetModules();
  return (await import('../../src/services/chain-check-trigger.js')).requestChainCheck;
}

function recordingLogger() {
  const lines: { level: string; message: string; extra?: Record<string, unknown> }[] = [];
  const log: Logger = {
    debug: (message, extra) => lines.push({ level: 'debug', message, extra }),
    info: (message, extra) => lines.push({ level: 'info', message, extra }),
    warn: (message, extra) => lines.push({ level: 'warn', message, extra }),
    error: (message, extra) => lines.push({ level: 'error', message, extra }),
    child: () => log,
  };
  return { log, lines };
}

describe('requestChainCheck', () => {
  it('AWS: invokes the chain-check function asynchronously with the payment id', async () => {
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'Goldbot-Api-JobsjobchainrecheckFunction' });
    const { log, lines } = recordingLogger();
    await request('01KDX4A7Q2M9V3T8R5N6P1W0ZC', log);
    expect(lambda.received).toHaveLength(1);
    const [invoke] = lambda.received;
    expect(invoke?.method).toBe('POST');
    expect(invoke?.path).toBe('/2015-03-31/functions/Goldbot-Api-JobsjobchainrecheckFunction/invocations');
    expect(invoke?.headers['x-amz-invocation-type']).toBe('Event');
    expect(invoke?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/lambda\/aws4_request, SignedHeaders=\S*x-amz-date/,
    );
    expect(invoke?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(chainCheckEventSchema.parse(JSON.parse(invoke?.body ?? ''))).toEqual({
      source: CHAIN_CHECK_EVENT_SOURCE,
      paymentId: '01KDX4A7Q2M9V3T8R5N6P1W0ZC',
    });
    expect(lines).toEqual([]);
  });

  it('AWS: names the function by ARN too, encoded in the path', async () => {
    const arn = 'arn:aws:lambda:eu-west-1:123456789012:function:job-chain-recheck';
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: arn });
    const { log, lines } = recordingLogger();
    await request('p1', log);
    expect(lambda.received[0]?.path).toBe(`/2015-03-31/functions/${encodeURIComponent(arn)}/invocations`);
    expect(lines).toEqual([]);
  });

  it('AWS: invokes again after a 500 or throttling, and logs nothing once Lambda queued it', async () => {
    lambda.answer({ status: 500, body: '{"message":"ServiceException"}' });
    lambda.answer({ status: 429, headers: { 'x-amzn-errortype': 'TooManyRequestsException' } });
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await request('p1', log);
    expect(lambda.received).toHaveLength(3);
    expect(new Set(lambda.received.map((invoke) => invoke.body)).size).toBe(1);
    expect(lines).toEqual([]);
  });

  it('AWS: a failed invoke is logged for the recheck job and never thrown at the customer', async () => {
    const throttled = {
      status: 429,
      headers: { 'x-amzn-errortype': 'TooManyRequestsException' },
      body: '{"message":"Rate Exceeded."}',
    };
    lambda.answer(throttled, throttled, throttled);
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await expect(request('p1', log)).resolves.toBeUndefined();
    expect(lambda.received).toHaveLength(3);
    expect(lines).toMatchObject([
      {
        level: 'warn',
        message: 'chain check not started; job-chain-recheck will check this payment',
        extra: { paymentId: 'p1', errorName: 'TooManyRequestsException', errorMessage: 'Rate Exceeded.' },
      },
    ]);
  });

  it('AWS: a refused invoke is not sent again, and is logged by its error code', async () => {
    lambda.answer({
      status: 404,
      headers: { 'x-amzn-errortype': 'ResourceNotFoundException' },
      body: '{"Type":"User","message":"Function not found: fn"}',
    });
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await request('p1', log);
    expect(lambda.received).toHaveLength(1);
    expect(lines).toMatchObject([
      { level: 'warn', extra: { paymentId: 'p1', errorName: 'ResourceNotFoundException' } },
    ]);
  });

  it('AWS: an answer other than 202 (queued) is logged as not started', async () => {
    lambda.answer({ status: 200, body: '{}' });
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await request('p1', log);
    expect(lines).toMatchObject([
      {
        level: 'warn',
        message: 'chain check not started; job-chain-recheck will check this payment',
        extra: { paymentId: 'p1', errorMessage: expect.stringContaining('HTTP 200') as unknown },
      },
    ]);
  });

  it('AWS: gives up after 2 s, so the customer is never kept waiting for Lambda', async () => {
    lambda.answer({ status: 202, delayMs: 4_000 });
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    const started = Date.now();
    await request('p1', log);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(lambda.received).toHaveLength(1);
    expect(lines).toMatchObject([{ level: 'warn', extra: { paymentId: 'p1' } }]);
  });

  it('locally: hands the same event to the runner the local stack registered, without waiting for it', async () => {
    vi.resetModules();
    for (const key of ENV_KEYS) delete process.env[key];
    const trigger = await import('../../src/services/chain-check-trigger.js');
    const { log, lines } = recordingLogger();
    let finish: (() => void) | undefined;
    const runner = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    trigger.setLocalChainCheckRunner(runner);
    await trigger.requestChainCheck('p1', log);
    expect(runner).toHaveBeenCalledWith({ source: CHAIN_CHECK_EVENT_SOURCE, paymentId: 'p1' });
    expect(lambda.received).toHaveLength(0);
    finish?.();

    // A failing background check is logged; the job picks the payment up.
    trigger.setLocalChainCheckRunner(() => Promise.reject(new Error('DynamoDB Local is gone')));
    await trigger.requestChainCheck('p2', log);
    await vi.waitFor(() =>
      expect(lines).toMatchObject([
        {
          level: 'error',
          message: 'chain check after submission failed; job-chain-recheck will check this payment',
          extra: { paymentId: 'p2' },
        },
      ]),
    );
    trigger.setLocalChainCheckRunner(undefined);
  });

  it('nothing to do without a function name or a local runner', async () => {
    const request = await triggerWith({ TRON_API_URL: 'http://127.0.0.1:8090' });
    const { log, lines } = recordingLogger();
    await request('p1', log);
    expect(lambda.received).toHaveLength(0);
    expect(lines).toEqual([]);
  });
});
