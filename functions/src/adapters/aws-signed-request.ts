import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/transport';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import type { HttpRequest as SignedRequest, HttpResponse } from '@smithy/types';

/**
 * One SigV4-signed request to an AWS service's HTTP API, for the calls too small to deserve an SDK
 * client (SESv2 SendEmail, Lambda Invoke; issue 12, lean bundles). Each SDK client costs a
 * function's cold import its own protocol code and command schemas (SES +0.14×, Lambda +0.28× over
 * the DynamoDB-only baseline); this is built only from what the DynamoDB client already puts in
 * every bundle: its signer (@smithy/signature-v4), its SHA-256 (@smithy/core/checksum), its request
 * type and HTTP handler, and its credential chain (in bundles the environment link alone,
 * adapters/lambda-credentials.ts).
 *
 * Retries follow the SDK's standard mode: up to 3 attempts, exponential backoff with full jitter,
 * on network errors, 429, 5xx and throttling error codes; never on another 4xx. A failure throws an
 * Error named by the AWS error code, with the service's message and `$metadata.httpStatusCode`, as
 * an SDK client's errors are. Neither credentials nor bodies are ever logged or put in an error.
 */
export interface AwsRequest {
  /** The SigV4 signing name: 'ses', 'lambda'. */
  service: string;
  region: string;
  /** Overrides `https://<host>` (local emulators), e.g. http://127.0.0.1:8005. */
  endpoint?: string;
  /** The host in AWS when no endpoint is given, e.g. email.eu-west-1.amazonaws.com. */
  host: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Already URI-encoded, e.g. /2015-03-31/functions/my%20fn/invocations. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, every attempt and wait included. Unset: no limit beyond the handler's. */
  timeoutMs?: number;
}

export interface AwsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An AWS service error, shaped as the SDK's (`name` is the error code). */
export interface AwsServiceError extends Error {
  $metadata: { httpStatusCode?: number; attempts: number };
}

export const MAX_ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
const MAX_DELAY_MS = 20_000;

/** The SDK's throttling and transient error codes (@smithy/service-error-classification). */
const RETRYABLE_CODES = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Sends one signed request; the seam tests replace (setAwsTransportForTests). */
export type AwsTransport = (request: SignedRequest, signal: AbortSignal | undefined) => Promise<AwsResponse>;

const credentials = defaultProvider();
let handler: NodeHttpHandler | undefined;

const nodeTransport: AwsTransport = async (request, signal) => {
  handler ??= new NodeHttpHandler({ httpsAgent: { keepAlive: true }, httpAgent: { keepAlive: true } });
  const { response } = await handler.handle(HttpRequest.clone(request), signal ? { abortSignal: signal } : {});
  return { status: response.statusCode, headers: lowerCased(response.headers), body: await readBody(response) };
};
let transport: AwsTransport = nodeTransport;

/**
 * Tests only: every request goes to `fake` (signed as in AWS) instead of the network; undefined
 * restores the network. See functions/test/helpers/aws-outbox.ts.
 */
export function setAwsTransportForTests(fake: AwsTransport | undefined): void {
  transport = fake ?? nodeTransport;
}

const signers = new Map<string, SignatureV4>();
function signerFor(service: string, region: string): SignatureV4 {
  const key = `${service} ${region}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = new SignatureV4({ service, region, credentials, sha256: Sha256 });
    signers.set(key, signer);
  }
  return signer;
}

/** Sends the request, retrying as the SDK's standard mode does; resolves with a 2xx/3xx answer. */
export async function awsRequest(call: AwsRequest): Promise<AwsResponse> {
  const url = new URL(call.endpoint ?? `https://${call.host}`);
  const signal = call.timeoutMs === undefined ? undefined : AbortSignal.timeout(call.timeoutMs);
  const signer = signerFor(call.service, call.region);
  for (let attempt = 1; ; attempt++) {
    const request = new HttpRequest({
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      method: call.method,
      path: `${url.pathname.replace(/\/$/, '')}${call.path}`,
      headers: {
        ...call.headers,
        host: url.host,
        ...(call.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(call.body)) }),
      },
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    // Signed afresh for each attempt (a new date); a credentials failure is thrown as it is, not retried.
    const signed = await signer.sign(request);
    let failure: unknown;
    let retryable: boolean;
    try {
      const response = await transport(signed, signal);
      if (response.status < 400) return response;
      failure = serviceError(response, attempt);
      retryable = response.status === 429 || response.status >= 500 || RETRYABLE_CODES.has((failure as Error).name);
    } catch (error) {
      // Network errors (reset, refused, DNS, socket timeout) are retried; the call's own deadline is not.
      failure = error;
      retryable = !signal?.aborted;
    }
    if (!retryable || attempt >= MAX_ATTEMPTS) throw failure;
    await sleep(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt), signal);
    if (signal?.aborted) throw failure;
  }
}

/** The error an SDK client would throw for this answer: named by its code, with the service's message. */
function serviceError(response: AwsResponse, attempts: number): AwsServiceError {
  let parsed: Record<string, unknown> = {};
  try {
    const json = JSON.parse(response.body) as unknown;
    if (json && typeof json === 'object') parsed = json as Record<string, unknown>;
  } catch {
    // Not JSON (an HTML error page from a proxy): the code comes from the header or the status.
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const code =
    text(response.headers['x-amzn-errortype']) ?? text(parsed.__type) ?? text(parsed.code) ?? text(parsed.Code);
  const message = text(parsed.message) ?? text(parsed.Message) ?? text(parsed.errorMessage);
  const error = new Error(message ?? `HTTP ${response.status}`) as AwsServiceError;
  error.name = code ? sanitizeErrorCode(code) : response.status >= 500 ? 'UnknownError' : `Http${response.status}`;
  error.$metadata = { httpStatusCode: response.status, attempts };
  return error;
}

/** As the SDK reads an error code: 'ThrottlingException:http://...' or 'aws.protocoltests#FooError' → the name. */
export function sanitizeErrorCode(raw: string): string {
  let code = raw;
  if (code.includes(',')) code = code.split(',')[0] ?? code;
  if (code.includes(':')) code = code.split(':')[0] ?? code;
  if (code.includes('#')) code = code.split('#')[1] ?? code;
  return code.trim();
}

function lowerCased(headers: HttpResponse['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
}

async function readBody(response: HttpResponse): Promise<string> {
  const stream = response.body as AsyncIterable<Uint8Array | string> | undefined;
  if (!stream || typeof stream[Symbol.asyncIterator] !== 'function') return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
