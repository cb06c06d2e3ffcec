import { CHAIN_CHECK_EVENT_SOURCE, type ChainCheckEvent } from '../domain/commerce/chain-check-event.js';
import { config } from '../config.js';
import { describeError, type Logger } from '../kit/logger.js';

/**
 * Starts the on-chain check of a payment just saved, without holding the customer's answer back.
 * In AWS: an asynchronous invoke ('Event') of the job-chain-recheck function with the
 * payment id; Lambda queues it, runs it, retries a failed run twice and sends a run that keeps
 * failing to the jobs' dead-letter queue. Locally (`npm start`, where the gateway runs every
 * handler in one process) the stack registers a runner that calls the same handler with the same
 * event in the background (scripts/local/stack.ts), so this bundle carries no TRON code. With
 * neither, nothing starts here and job-chain-recheck checks the payment within 5 minutes.
 * The Lambda client (adapters/lambda-invoker.ts) is imported on the invoking path only.
 */
const INVOKE_TIMEOUT_MS = 2_000;

type LocalRunner = (event: ChainCheckEvent) => Promise<unknown>;
let localRunner: LocalRunner | undefined;

/** The local stack's stand-in for the asynchronous invoke (never set in AWS). */
export function setLocalChainCheckRunner(runner: LocalRunner | undefined): void {
  localRunner = runner;
}

export async function requestChainCheck(paymentId: string, log: Logger): Promise<void> {
  const event: ChainCheckEvent = { source: CHAIN_CHECK_EVENT_SOURCE, paymentId };
  const functionName = config.tron.checkFunctionName;
  if (functionName) {
    try {
      const { invokeAsynchronously } = await import('../adapters/lambda-invoker.js');
      await invokeAsynchronously(functionName, event, INVOKE_TIMEOUT_MS);
    } catch (error) {
      log.warn('chain check not started; job-chain-recheck will check this payment', {
        paymentId,
        ...describeError(error),
      });
    }
    return;
  }
  const runner = localRunner;
  if (!runner) return;
  // Local: the process lives on after the answer, so the check runs behind it.
  void runner(event).catch((error: unknown) => {
    log.error('chain check after submission failed; job-chain-recheck will check this payment', {
      paymentId,
      ...describeError(error),
    });
  });
}
