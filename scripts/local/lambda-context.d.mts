import type { Context } from 'aws-lambda';

/** The context object Lambda passes a handler with its event (lambda-context.mjs). */
export function lambdaContext(options: {
  functionName: string;
  requestId: string;
  timeoutMs: number;
  logStreamName: string;
}): Context;
