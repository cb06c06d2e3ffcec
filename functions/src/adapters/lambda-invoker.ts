import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '../config.js';

/**
 * Lambda's asynchronous invoke, one client per execution environment. Imported only on the path
 * that invokes (wiring/chain-check-trigger.ts, in AWS, for a newly saved payment), so no other
 * request loads the client.
 */
const lambda = new LambdaClient({ region: config.region });

/** Lambda's answer to an accepted asynchronous invoke. */
const QUEUED = 202;

/**
 * Queues one run of `functionName` with `payload` ('Event': Lambda answers once the event is
 * queued, then runs it, retries a failed run twice and hands a run that keeps failing to the
 * function's dead-letter queue). Throws the client's error, or when Lambda did not queue it.
 */
export async function invokeAsynchronously(functionName: string, payload: unknown, timeoutMs: number): Promise<void> {
  const { StatusCode } = await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
    { abortSignal: AbortSignal.timeout(timeoutMs) },
  );
  if (StatusCode !== QUEUED) {
    throw new Error(`Lambda answered the asynchronous invoke with status ${String(StatusCode)}, not ${QUEUED}`);
  }
}
