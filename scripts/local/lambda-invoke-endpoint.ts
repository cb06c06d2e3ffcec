import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * The one call of Lambda's API the functions make, answered by the local gateway under
 * `npm start -- --bundled`: `POST /2015-03-31/functions/<name>/invocations` (the Invoke action,
 * which @aws-sdk/client-lambda sends to AWS_ENDPOINT_URL_LAMBDA). So payment-submit-usdt's
 * asynchronous invoke of job-chain-recheck (functions/src/adapters/lambda-invoker.ts) reaches the
 * bundled checker through the same client code it uses in AWS.
 *
 * The endpoint shares the gateway's port, which the browser and anything on the machine can reach,
 * so it answers only what the functions themselves send (invokeRefusal): a Host header naming the
 * loopback interface (a web page cannot rebind a name of its own onto it), the token made when the
 * stack started and handed only to the bundled functions, and a function the app invokes
 * asynchronously. Everything else gets Lambda's 403, before the body is read.
 */
export interface InvokeTarget {
  has(name: string): boolean;
  invoke(name: string, event: unknown): Promise<unknown>;
}

/** Who may invoke what through the endpoint. */
export interface InvokePolicy {
  /**
   * Made at start and handed only to the bundled functions, as their AWS_SESSION_TOKEN (the
   * credentials Lambda gives every function carry one too). The Lambda client signs it into every
   * request as `X-Amz-Security-Token`.
   */
  token: string;
  /** The functions the app invokes asynchronously: the targets of its function-name variables (the chain check). */
  functions: ReadonlySet<string>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The function a path invokes, or null when the path is not Lambda's Invoke. */
export function invokedFunctionName(method: string, pathname: string): string | null {
  const match = method === 'POST' ? INVOKE_PATH.exec(pathname) : null;
  if (!match?.[1]) return null;
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  // A function ARN (…:function:<name>[:qualifier]) names the same function as its name.
  const fromArn = /:function:([^:]+)/.exec(name)?.[1];
  return fromArn ?? name;
}

/**
 * Whether a Host header names the loopback interface: `localhost`, an address of 127.0.0.0/8 or
 * `[::1]`, with or without a port. Anything else (another name, a LAN address, no header) is a
 * request that did not come from a function of this stack.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  const name = match?.[1];
  if (!name) return false;
  return name === 'localhost' || name === '[::1]' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/** Compares in constant time (over digests, so the length is not told either). */
function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || expected === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

export interface InvokeRefusal {
  status: number;
  /** Lambda's error type, in `x-amzn-errortype`. */
  type: string;
  message: string;
}

/** Why the endpoint refuses an Invoke of `name`, as Lambda would answer it, or null when it may run. */
export function invokeRefusal(headers: IncomingHttpHeaders, name: string, policy: InvokePolicy): InvokeRefusal | null {
  if (!isLoopbackHost(headers.host)) {
    return {
      status: 403,
      type: 'AccessDeniedException',
      message: 'The local Lambda endpoint answers requests to a loopback host only.',
    };
  }
  if (!sameToken(headers['x-amz-security-token'], policy.token)) {
    return {
      status: 403,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  }
  if (!policy.functions.has(name)) {
    return {
      status: 403,
      type: 'AccessDeniedException',
      message: `Not authorized to invoke ${name}: only the functions the app invokes asynchronously are invocable here.`,
    };
  }
  return null;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Answers a refused Invoke the way Lambda answers one: the status, the error type header, a message. */
export function answerRefusal(res: ServerResponse, refusal: InvokeRefusal): void {
  answer(res, refusal.status, { Type: 'User', message: refusal.message }, { 'x-amzn-errortype': refusal.type });
}

/**
 * Answers one Invoke like Lambda: 'Event' is queued (202) and runs behind the answer, its failure
 * only logged (in AWS it would be retried and end in the jobs' dead-letter queue);
 * 'RequestResponse' answers the result (200), or the error with X-Amz-Function-Error; 'DryRun' 204.
 * The caller has checked the request against the policy first (invokeRefusal).
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
