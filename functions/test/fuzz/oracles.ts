import { Agent, request } from 'node:http';
import type { AuthorizationRow } from '../authorization-matrix.js';
import type { FuzzIdentities, FuzzRequest } from './route-cases.js';
import type { RouteSpec } from './route-specs.js';

/**
 * Sends a fuzz case over real HTTP (node:http, so the path, headers and body bytes go out exactly
 * as built) and judges the answer:
 * - no 5xx;
 * - no stack trace, source location, error class or AWS SDK internals in the body;
 * - an answer within LATENCY_LIMIT_MS (a slow answer is sent once more: only an input that is slow
 *   twice counts, so a busy machine does not pass for a slow pattern);
 * - no success (2xx/3xx) for a caller without the right: anonymous on user and admin routes, a
 *   customer on admin routes, a customer naming someone else's account on owner routes;
 * - a JSON answer is JSON; a valid UTF-8 body over the route's cap is refused with 413 once the
 *   request reaches the handler.
 */
export const LATENCY_LIMIT_MS = 1_000;
/** The kit's answer to an unhandled error. */
const GENERIC_500 = 'Something went wrong on our side.';

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Node's HTTP server refuses a request head over 16 KiB (431) and may close before reading it. */
const MAX_HEAD_BYTES = 16 * 1024;
const headBytes = (fuzz: FuzzRequest) =>
  Buffer.byteLength(`${fuzz.method} ${fuzz.path}${fuzz.query} HTTP/1.1\r\n`) +
  Object.entries(fuzz.headers).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`, 'latin1'), 0);

function sendOnce(baseUrl: string, fuzz: FuzzRequest, fresh: boolean): Promise<FuzzResponse> {
  const url = new URL(baseUrl);
  const headers: Record<string, string | number> = { ...fuzz.headers };
  if (fuzz.body) headers['content-length'] = fuzz.body.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent: fresh ? false : agent,
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: `${fuzz.path}${fuzz.query}`,
        headers,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(fuzz.body);
  });
}

const isReset = (error: unknown) => ['ECONNRESET', 'EPIPE'].includes((error as { code?: string }).code ?? '');

/**
 * One request. A kept-alive socket the server has just closed resets: that is retried once on a
 * fresh connection. A request head over Node's 16 KiB limit may be refused by closing the
 * connection; that counts as a refusal (status 0), never as a success.
 */
export async function send(baseUrl: string, fuzz: FuzzRequest): Promise<FuzzResponse> {
  try {
    return await sendOnce(baseUrl, fuzz, false);
  } catch (error) {
    if (!isReset(error)) throw error;
  }
  try {
    return await sendOnce(baseUrl, fuzz, true);
  } catch (error) {
    if (isReset(error) && headBytes(fuzz) > MAX_HEAD_BYTES) {
      return { status: 0, headers: {}, text: '', ms: 0 };
    }
    throw error;
  }
}

/**
 * Internals an answer must never show. None of the fuzz inputs contains one of these (see
 * `carriesLeakMarker`), so a match always comes from the server, never from an echo of the input.
 */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s+at /,
  /\bat (?:async )?[\w$.<>]+ \(/,
  /\.(?:ts|js|mjs|cjs|tsx):\d+/,
  /node_modules/,
  /file:\/\//,
  /\/[\w.-]+\/[\w.-]+\.(?:ts|js|mjs|cjs)\b/,
  /\b(?:Type|Reference|Syntax|Range|URI|Eval|Aggregate)Error\b/,
  /\bError: /,
  /\b[A-Z][A-Za-z]+Exception\b/,
  /\$metadata/,
  /\bhttpStatusCode\b/,
  /ConditionalCheckFailed|TransactionCanceled|ProvisionedThroughput|ThrottlingException/,
  /\bMessageRejected\b/,
  /arn:aws:/,
  /\bTABLE_NAME\b|\bgoldbot-local\b/,
  /\bAWS_[A-Z_]+\b/,
];

export const carriesLeakMarker = (text: string): boolean => LEAK_PATTERNS.some((p) => p.test(text));

const decodeQuery = (query: string): string => {
  try {
    return [...new URLSearchParams(query)].flat().join('\n');
  } catch {
    return query;
  }
};

/** Everything of a case the server could echo back, decoded. */
export const requestText = (fuzz: FuzzRequest): string =>
  [
    ...Object.values(fuzz.params).map((v) => v ?? ''),
    decodeQuery(fuzz.query),
    fuzz.body?.toString('utf8') ?? '',
    ...Object.values(fuzz.headers),
  ].join('\n');

/** True when this caller must not succeed on this route with these path parameters. */
export function lacksRight(
  spec: RouteSpec,
  row: AuthorizationRow | undefined,
  fuzz: FuzzRequest,
  identities: FuzzIdentities,
): boolean {
  if (spec.route.auth === 'public') return false;
  if (fuzz.caller === 'anonymous') return true;
  if (spec.route.auth === 'admin') return fuzz.caller !== 'admin';
  // Owner routes (the matrix names an `otherUser` expectation): only the owner, or an admin.
  if (row?.otherUser !== undefined && fuzz.caller !== 'admin') {
    const own = identities.ids[fuzz.caller];
    return Object.values(fuzz.params).some((value) => value === null || value.trim() !== own);
  }
  return false;
}

/**
 * The gateway's own answers, given before any handler runs: 404 for a path no route matches (a
 * mutated path may not match), 400 for a path parameter whose percent-encoding is broken.
 */
const isGatewayRefusal = (response: FuzzResponse) =>
  (response.status === 404 && response.text === '{"message":"Not Found","msg":"Not Found"}') ||
  (response.status === 400 && response.text === '{"message":"Bad Request","msg":"Bad Request"}');

export function problemsOf(
  spec: RouteSpec,
  row: AuthorizationRow | undefined,
  fuzz: FuzzRequest,
  response: FuzzResponse,
  identities: FuzzIdentities,
): string[] {
  const problems: string[] = [];
  // A 5xx only where the authorization matrix names it as the use case's own answer (503: no
  // payment wallet is configured), and never the generic one of an unhandled error.
  const documented = row?.answers?.includes(response.status) === true && !response.text.includes(GENERIC_500);
  if (response.status >= 500 && !documented) problems.push(`answered ${response.status}`);
  const leak = LEAK_PATTERNS.find((p) => p.test(response.text));
  if (leak) problems.push(`the answer shows internals (${leak.source})`);
  if (lacksRight(spec, row, fuzz, identities) && response.status >= 200 && response.status < 400) {
    problems.push(`${fuzz.caller} has no right here but got ${response.status}`);
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('json') && response.text !== '') {
    try {
      JSON.parse(response.text);
    } catch {
      problems.push('the answer says JSON but is not');
    }
  }
  const bytes = fuzz.body?.length ?? 0;
  const reachesHandler = spec.route.auth === 'public' || fuzz.caller !== 'anonymous';
  if (
    fuzz.utf8 &&
    bytes > spec.maxBodyBytes &&
    reachesHandler &&
    !isGatewayRefusal(response) &&
    response.status !== 431 &&
    response.status !== 0 &&
    response.status !== 413
  ) {
    problems.push(`a ${bytes}-byte body over the ${spec.maxBodyBytes}-byte cap got ${response.status}, not 413`);
  }
  return problems;
}

/** One line that lets anyone replay the case by hand. */
export function describeCase(fuzz: FuzzRequest, response?: FuzzResponse): string {
  const body = fuzz.body
    ? fuzz.body.length > 300
      ? `${fuzz.body.length} bytes starting ${JSON.stringify(fuzz.body.subarray(0, 120).toString('utf8'))}`
      : JSON.stringify(fuzz.body.toString('utf8'))
    : 'none';
  const path = `${fuzz.path}${fuzz.query}`;
  const shownPath = path.length > 300 ? `${path.slice(0, 200)}… (${path.length} chars)` : path;
  const headers = Object.fromEntries(
    Object.entries(fuzz.headers).map(([k, v]) => [
      k,
      k === 'authorization' && fuzz.caller !== 'anonymous' ? `<${fuzz.caller} token>` : v.slice(0, 120),
    ]),
  );
  const answer = response
    ? ` → ${response.status} in ${Math.round(response.ms)} ms: ${response.text.slice(0, 300)}`
    : '';
  return `${fuzz.caller} ${fuzz.method} ${shownPath} [${fuzz.kind}] headers ${JSON.stringify(headers)} body ${body}${answer}`;
}
