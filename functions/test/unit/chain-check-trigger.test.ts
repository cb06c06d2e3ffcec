import { InvokeCommand, LambdaClient, LambdaServiceException } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_CHECK_EVENT_SOURCE, chainCheckEventSchema } from '../../src/domain/commerce/chain-check-event.js';
import type { Logger } from '../../src/kit/logger.js';
import { restoreEnvAfterEach } from '../helpers/aws-outbox.js';

/**
 * How a saved payment's on-chain check is started: in AWS an asynchronous ('Event') invoke of the
 * job-chain-recheck function carrying the payment id (the Lambda client mocked), whose failure is
 * logged and never reaches the customer; locally the same event handed to the runner the local
 * stack registered, in the background; with neither, nothing at all.
 * The configuration is read at import, so each case imports the trigger afresh with its environment.
 */
const lambda = mockClient(LambdaClient);
afterAll(() => lambda.restore());
beforeEach(() => {
  lambda.reset();
  lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
});
const invokes = () => lambda.commandCalls(InvokeCommand).map((call) => call.args[0].input);

const ENV_KEYS = ['CHAIN_CHECK_FUNCTION_NAME', 'TRON_API_URL'] as const;
restoreEnvAfterEach(ENV_KEYS);

async function triggerWith(env: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, env);
  vi.resetModules();
  return (await import('../../src/wiring/chain-check-trigger.js')).requestChainCheck;
}

const lambdaError = (name: string, message: string, status: number) =>
  new LambdaServiceException({
    name,
    message,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
  });

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
    expect(invokes()).toHaveLength(1);
    const [invoke] = invokes();
    expect(invoke).toMatchObject({ FunctionName: 'Goldbot-Api-JobsjobchainrecheckFunction', InvocationType: 'Event' });
    expect(chainCheckEventSchema.parse(JSON.parse(new TextDecoder().decode(invoke?.Payload as Uint8Array)))).toEqual({
      source: CHAIN_CHECK_EVENT_SOURCE,
      paymentId: '01KDX4A7Q2M9V3T8R5N6P1W0ZC',
    });
    expect(lines).toEqual([]);
  });

  it('AWS: a failed invoke is logged for the recheck job and never thrown at the customer', async () => {
    lambda.on(InvokeCommand).rejects(lambdaError('TooManyRequestsException', 'Rate Exceeded.', 429));
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await expect(request('p1', log)).resolves.toBeUndefined();
    expect(lines).toMatchObject([
      {
        level: 'warn',
        message: 'chain check not started; job-chain-recheck will check this payment',
        extra: { paymentId: 'p1', errorName: 'TooManyRequestsException', errorMessage: 'Rate Exceeded.' },
      },
    ]);
  });

  it('AWS: an answer other than 202 (queued) is logged as not started', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200 });
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await request('p1', log);
    expect(lines).toMatchObject([
      {
        level: 'warn',
        message: 'chain check not started; job-chain-recheck will check this payment',
        extra: { paymentId: 'p1', errorMessage: expect.stringContaining('status 200') as unknown },
      },
    ]);
  });

  it('AWS: gives up after 2 s, so the customer is never kept waiting for Lambda', async () => {
    // A Lambda that never answers: the client gives up when the signal it was handed aborts.
    lambda.reset();
    lambda.send.callsFake(
      (_command: unknown, options?: { abortSignal?: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          const signal = options?.abortSignal;
          signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        }),
    );
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    const started = Date.now();
    await request('p1', log);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(lines).toMatchObject([{ level: 'warn', extra: { paymentId: 'p1' } }]);
  });

  it('locally: hands the same event to the runner the local stack registered, without waiting for it', async () => {
    vi.resetModules();
    for (const key of ENV_KEYS) delete process.env[key];
    const trigger = await import('../../src/wiring/chain-check-trigger.js');
    const { log, lines } = recordingLogger();
    let finish: (() => void) | undefined;
    const runner = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    trigger.setLocalChainCheckRunner(runner);
    await trigger.requestChainCheck('p1', log);
    expect(runner).toHaveBeenCalledWith({ source: CHAIN_CHECK_EVENT_SOURCE, paymentId: 'p1' });
    expect(invokes()).toHaveLength(0);
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
    expect(invokes()).toHaveLength(0);
    expect(lines).toEqual([]);
  });
});
