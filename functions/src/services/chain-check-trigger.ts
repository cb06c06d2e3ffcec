import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CHAIN_CHECK_EVENT_SOURCE, type ChainCheckEvent } from '../domain/commerce/chain-check-event.js';
import { config } from '../config.js';
import { describeError, type Logger } from '../kit/logger.js';

/**
 * Starts the on-chain check of a payment just saved, without holding the customer's answer back
 * (issue 13). In AWS: an asynchronous invoke ('Event') of the job-chain-recheck function with the
 * payment id; Lambda queues it, runs it, retries a failure twice and sends a run that keeps failing
 * to the jobs' dead-letter queue. Locally (`npm start`, where the gateway runs every handler in one
 * process): the check runs in the background of this process. If neither is configured, nothing
 * starts here and job-chain-recheck checks the payment within 5 minutes.
 */
const INVOKE_TIMEOUT_MS = 2_000;
let lambda: LambdaClient | undefined;

export async function requestChainCheck(paymentId: string, log: Logger): Promise<void> {
  const functionName = config.tron.checkFunctionName;
  if (functionName) {
    lambda ??= new LambdaClient({ region: config.region });
    const event: ChainCheckEvent = { source: CHAIN_CHECK_EVENT_SOURCE, paymentId };
    try {
      await lambda.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
        { abortSignal: AbortSignal.timeout(INVOKE_TIMEOUT_MS) },
      );
    } catch (error) {
      log.warn('chain check not started; job-chain-recheck will check this payment', {
        paymentId,
        ...describeError(error),
      });
    }
    return;
  }
  if (!config.tron.apiUrl) return;
  // Local: the gateway's process lives on after the answer, so the check runs behind it.
  void (async () => {
    const [{ checkPayment }, { chainCheckDeps }] = await Promise.all([
      import('../domain/commerce/chain-check.js'),
      import('./chain-check.js'),
    ]);
    await checkPayment(chainCheckDeps(log), paymentId, { origin: 'submission' });
  })().catch((error: unknown) => {
    log.error('chain check after submission failed; job-chain-recheck will check this payment', {
      paymentId,
      ...describeError(error),
    });
  });
}
