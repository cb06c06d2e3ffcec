import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The one call of Lambda's API the functions make, answered by the local gateway under
 * `npm start -- --bundled`: `POST /2015-03-31/functions/<name>/invocations` (the Invoke action,
 * which @aws-sdk/client-lambda sends to AWS_ENDPOINT_URL_LAMBDA). So payment-submit-usdt's
 * asynchronous invoke of job-chain-recheck (functions/src/adapters/lambda-invoker.ts) reaches the
 * bundled checker through the same client code it uses in AWS. Signatures are not checked: the
 * gateway listens on loopback only.
 */
export interface InvokeTarget {
  has(name: string): boolean;
  invoke(name: string, event: unknown): Promise<unknown>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The function a path invokes, or null when the path is not Lambda's Invoke. */
export function invokedFunctionName(method: string, pathname: string): string | null {
  const match = method === 'POST' ? INVOKE_PATH.exec(pathname) : null;
  if (!match?.[1]) return null;
  const name = decodeURIComponent(match[1]);
  // A function ARN (…:function:<name>[:qualifier]) names the same function as its name.
  const fromArn = /:function:([^:]+)/.exec(name)?.[1];
  return fromArn ?? name;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/**
 * Answers one Invoke like Lambda: 'Event' is queued (202) and runs behind the answer, its failure
 * only logged (in AWS it would be retried and end in the jobs' dead-letter queue);
 * 'RequestResponse' answers the result (200), or the error with X-Amz-Function-Error; 'DryRun' 204.
 */
export async function answerInvoke(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  body: string | undefined,
  target: InvokeTarget,
  log?: (line: string) => void,
): Promise<void> {
  if (!target.has(name)) {
    return answer(
      res,
      404,
      { Type: 'User', message: `Function not found: ${name}` },
      { 'x-amzn-errortype': 'ResourceNotFoundException' },
    );
  }
  let event: unknown;
  try {
    event = body === undefined || body === '' ? {} : JSON.parse(body);
  } catch {
    return answer(
      res,
      400,
      { Type: 'User', message: 'Could not parse request body into json' },
      { 'x-amzn-errortype': 'InvalidRequestContentException' },
    );
  }
  const type = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
  if (type === 'DryRun') return answer(res, 204, undefined);
  if (type === 'Event') {
    answer(res, 202, undefined);
    target.invoke(name, event).catch((error: unknown) => {
      log?.(`lambda invoke ${name} (Event) failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return;
  }
  try {
    const result = await target.invoke(name, event);
    answer(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
  } catch (error) {
    const err = error as { errorType?: string; message?: string };
    answer(
      res,
      200,
      { errorType: err.errorType ?? 'Error', errorMessage: err.message ?? String(error) },
      { 'x-amz-function-error': 'Unhandled', 'x-amz-executed-version': '$LATEST' },
    );
  }
}
