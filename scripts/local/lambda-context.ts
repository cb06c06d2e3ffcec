import type { Context } from 'aws-lambda';

/**
 * The context Lambda would pass, for a handler run in this process (the local gateway, the admin
 * bench). Make a new one per invocation: the handler kit keys request state on it. Its remaining
 * time counts down from ten seconds, the functions' timeout.
 */
export function localLambdaContext(functionName: string, requestId: string, logStreamName: string): Context {
  const deadline = Date.now() + 10_000;
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
