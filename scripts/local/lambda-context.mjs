// The context object Lambda passes a handler with its event, for the local runners: the gateway
// (scripts/local/gateway.ts), the bundled functions' workers (bundled-function-worker.mjs, plain
// JavaScript, hence this file is too) and the benchmarks (scripts/bench/admin-invoke.ts).

/**
 * @param {{ functionName: string, requestId: string, timeoutMs: number, logStreamName: string }} options
 */
export function lambdaContext({ functionName, requestId, timeoutMs, logStreamName }) {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
