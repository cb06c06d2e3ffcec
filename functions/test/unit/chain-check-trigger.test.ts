import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_CHECK_EVENT_SOURCE, chainCheckEventSchema } from '../../src/domain/commerce/chain-check-event.js';
import type { Logger } from '../../src/kit/logger.js';

/**
 * How a saved payment's on-chain check is started (issue 13): in AWS an asynchronous ('Event')
 * invoke of the job-chain-recheck function carrying the payment id, whose failure is logged and
 * never reaches the customer; locally the same event handed to the runner the local stack
 * registered, in the background; with neither, nothing at all.
 * The configuration is read at import, so each case imports the trigger afresh with its environment.
 */
const lambda = mockClient(LambdaClient);
afterAll(() => lambda.restore());

const ENV_KEYS = ['CHAIN_CHECK_FUNCTION_NAME', 'TRON_API_URL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
afterEach(() => {
  lambda.reset();
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

async function triggerWith(env: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, env);
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
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'Goldbot-Api-JobsjobchainrecheckFunction' });
    const { log, lines } = recordingLogger();
    await request('01KDX4A7Q2M9V3T8R5N6P1W0ZC', log);
    const calls = lambda.commandCalls(InvokeCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input).toMatchObject({ FunctionName: 'Goldbot-Api-JobsjobchainrecheckFunction', InvocationType: 'Event' });
    const payload = JSON.parse(new TextDecoder().decode(input?.Payload as Uint8Array)) as unknown;
    expect(chainCheckEventSchema.parse(payload)).toEqual({
      source: CHAIN_CHECK_EVENT_SOURCE,
      paymentId: '01KDX4A7Q2M9V3T8R5N6P1W0ZC',
    });
    expect(lines).toEqual([]);
  });

  it('AWS: a failed invoke is logged for the recheck job and never thrown at the customer', async () => {
    lambda.on(InvokeCommand).rejects(new Error('TooManyRequestsException'));
    const request = await triggerWith({ CHAIN_CHECK_FUNCTION_NAME: 'fn' });
    const { log, lines } = recordingLogger();
    await expect(request('p1', log)).resolves.toBeUndefined();
    expect(lines).toMatchObject([
      {
        level: 'warn',
        message: 'chain check not started; job-chain-recheck will check this payment',
        extra: { paymentId: 'p1' },
      },
    ]);
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
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(0);
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
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(0);
    expect(lines).toEqual([]);
  });
});
