import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest } from '@smithy/types';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { setAwsTransportForTests, type AwsResponse, type AwsTransport } from '../../src/adapters/aws-signed-request.js';

/**
 * What the functions "sent" to AWS over the signed-request adapter (adapters/aws-signed-request.ts):
 * SESv2 mails and Lambda invokes, read back from the signed HTTP requests themselves, in place of an
 * SDK client mock. `useAwsOutbox()` registers its own hooks: emptied before each test, the network
 * transport put back after the file.
 */
export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  configurationSet?: string;
  /** Every Charset the request names (all UTF-8). */
  charsets: string[];
}

export interface LambdaInvoke {
  functionName: string;
  invocationType: string | undefined;
  payload: unknown;
}

interface SesV2SendEmail {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  ConfigurationSetName?: string;
  Content: {
    Simple: {
      Subject: { Data: string; Charset?: string };
      Body: { Html: { Data: string; Charset?: string }; Text: { Data: string; Charset?: string } };
    };
  };
}

const SES_SEND = '/v2/email/outbound-emails';
const LAMBDA_INVOKE = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export interface AwsOutbox {
  /** Every request that reached the outbox, signed, in order (refused ones and retries included; not the
   * requests another fake claimed, e.g. Cognito's, see cognito-fake.ts). */
  readonly requests: HttpRequest[];
  /** The mails SES accepted, oldest first. */
  readonly mails: SentMail[];
  /** The invokes Lambda accepted, oldest first. */
  readonly invokes: LambdaInvoke[];
  /** From now on every request is answered with this AWS error (default: SES refuses the mail, 400). */
  refuse(code?: string, status?: number, message?: string): void;
  reset(): void;
}

/**
 * A fake AWS service behind the shared test transport: answers the requests it claims (undefined:
 * not mine). Several fakes can serve one test file (the outbox, the Cognito fake of
 * cognito-fake.ts); a request goes to the first that claims it, the outbox last.
 */
export type AwsFakeService = (request: HttpRequest) => AwsResponse | undefined;

const services: AwsFakeService[] = [];
let outboxService: AwsFakeService | undefined;
/** The adapter's instances the fakes serve: this file's, and any a test imported afresh (vi.resetModules). */
const adapters = new Set([setAwsTransportForTests]);

/**
 * For a test that imports the functions afresh (vi.resetModules, to read another environment): the
 * fresh copy of aws-signed-request.ts is served by the same fakes, from the next test on.
 */
export function useFakesIn(adapter: { setAwsTransportForTests: typeof setAwsTransportForTests }): void {
  adapters.add(adapter.setAwsTransportForTests);
}

function setTransport(transport: AwsTransport | undefined): void {
  for (const set of adapters) set(transport);
}

function installFakeTransport(): void {
  setTransport((request) => {
    for (const service of outboxService ? [...services, outboxService] : services) {
      const answer = service(request);
      if (answer) return Promise.resolve(answer);
    }
    return Promise.reject(new Error(`no fake AWS service knows ${request.method} ${request.path}`));
  });
}

/**
 * Registers a fake service for the file's tests (before each test the shared transport is put in
 * place; after the file the service leaves, and the network comes back once none is left).
 */
export function useAwsFakeService(service: AwsFakeService, options: { last?: boolean } = {}): void {
  if (options.last) outboxService = service;
  else services.push(service);
  beforeEach(installFakeTransport);
  afterAll(() => {
    if (options.last) outboxService = undefined;
    else services.splice(services.indexOf(service), 1);
    if (services.length === 0 && !outboxService) setTransport(undefined);
  });
}

/** A request's header, whatever its case. */
export function header(request: HttpRequest, name: string): string | undefined {
  const found = Object.entries(request.headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

export function useAwsOutbox(): AwsOutbox {
  const requests: HttpRequest[] = [];
  const mails: SentMail[] = [];
  const invokes: LambdaInvoke[] = [];
  let refusal: AwsResponse | undefined;

  const accept = (request: HttpRequest): AwsResponse => {
    if (!header(request, 'authorization')?.startsWith('AWS4-HMAC-SHA256 Credential=')) {
      throw new Error(`unsigned request to ${request.path}`);
    }
    const body = typeof request.body === 'string' ? request.body : '';
    if (request.method === 'POST' && request.path === SES_SEND) {
      const sent = JSON.parse(body) as SesV2SendEmail;
      const { Subject, Body } = sent.Content.Simple;
      mails.push({
        from: sent.FromEmailAddress,
        to: sent.Destination.ToAddresses,
        subject: Subject.Data,
        html: Body.Html.Data,
        text: Body.Text.Data,
        ...(sent.ConfigurationSetName === undefined ? {} : { configurationSet: sent.ConfigurationSetName }),
        charsets: [Subject.Charset, Body.Html.Charset, Body.Text.Charset].map(String),
      });
      return { status: 200, headers: {}, body: JSON.stringify({ MessageId: `m-${mails.length}` }) };
    }
    const invoke = request.method === 'POST' ? LAMBDA_INVOKE.exec(request.path) : null;
    if (invoke?.[1]) {
      invokes.push({
        functionName: decodeURIComponent(invoke[1]),
        invocationType: header(request, 'x-amz-invocation-type'),
        payload: JSON.parse(body) as unknown,
      });
      return { status: 202, headers: {}, body: '' };
    }
    throw new Error(`the outbox knows no ${request.method} ${request.path}`);
  };

  const outbox: AwsOutbox = {
    requests,
    mails,
    invokes,
    refuse(code = 'MessageRejected', status = 400, message = 'Email address is not verified.') {
      refusal = { status, headers: { 'x-amzn-errortype': code }, body: JSON.stringify({ message }) };
    },
    reset() {
      requests.length = 0;
      mails.length = 0;
      invokes.length = 0;
      refusal = undefined;
    },
  };

  beforeEach(() => outbox.reset());
  // Last: the SES and Lambda requests, and any request no other fake claimed (an error to see).
  useAwsFakeService(
    (request) => {
      requests.push(request);
      return refusal ?? accept(request);
    },
    { last: true },
  );
  return outbox;
}

/** A request as the local AWS stand-in received it off the wire. */
export interface WireRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WireAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Closes the connection without an answer (a network error). */
  drop?: boolean;
  /** Answers only after this long. */
  delayMs?: number;
}

export interface AwsWireServer {
  /** http://127.0.0.1:<port> */
  url: string;
  received: WireRequest[];
  /** Queues answers for the next requests; past the queue every request gets `fallback`. */
  answer(...answers: WireAnswer[]): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server on a free port standing in for an AWS endpoint, to test the real wire request
 * (method, path, signature headers, body) and how answers and errors are read back.
 */
export async function startAwsWireServer(fallback: WireAnswer): Promise<AwsWireServer> {
  const received: WireRequest[] = [];
  const queue: WireAnswer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = queue.shift() ?? fallback;
      if (answer.drop) {
        request.socket.destroy();
        return;
      }
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The error a call to an AWS stand-in was refused with (fails the test when the call resolves). */
export async function awsRejection(
  promise: Promise<unknown>,
): Promise<Error & { $metadata?: { httpStatusCode?: number; attempts?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { $metadata?: { httpStatusCode?: number; attempts?: number } };
  }
  throw new Error('expected a rejection');
}

/**
 * Puts these environment variables back as they were before the file, after each test: the wire
 * tests point the adapters at their stand-ins, and config is read when a module is imported.
 */
export function restoreEnvAfterEach(keys: readonly string[]): void {
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  afterEach(() => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
}
