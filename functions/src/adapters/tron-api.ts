import { TRON_TXID_PATTERN } from '@goldbot/shared';
import {
  TRC20_PAGE_LIMIT,
  TronApiError,
  USDT_CONTRACT,
  trc20ListingPageSchema,
  transactionInfoSchema,
  usdtListedTransfers,
  type TransferPage,
  type TronLookup,
  type TronTransactionApi,
  type TronTransferApi,
} from '../domain/commerce/tron.js';
import { backoffMs, sleep as defaultSleep } from '../lib/retry.js';

/**
 * The TRON HTTP API (TronGrid or any full node's HTTP port) behind config: two calls,
 * `POST {TRON_API_URL}/walletsolidity/gettransactioninfobyid` with `{"value": txid}`, asking for the
 * solidified (final) receipt of one TXID, and TronGrid's `GET /v1/accounts/{address}/transactions/trc20`,
 * a page of the confirmed USDT transfers to a payment wallet (the wallet watcher). The base URL comes
 * from configuration only (docs/security.md: no caller chooses where this goes); the TXID is checked
 * to be 64 hex characters and the address to be a T-address before either is sent.
 *
 * Each attempt has a timeout (5 s by default, AbortSignal.timeout); 429, 5xx, timeouts and network
 * errors are retried a bounded number of times with exponential backoff (a 429's Retry-After is
 * honoured when it fits the call's budget); a circuit breaker, kept at module scope so it outlives
 * one request in a warm Lambda or the local process, stops calling for a cool-down after N failed
 * look-ups in a row. Every failure is a TronApiError whose message an admin can read.
 */

// ---------------------------------------------------------------------------------------------
// Circuit breaker

export interface CircuitBreakerOptions {
  /** Failed look-ups in a row that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before one trial call is let through. */
  coolDownMs: number;
}

export const DEFAULT_BREAKER: CircuitBreakerOptions = { failureThreshold: 5, coolDownMs: 60_000 };

export interface CircuitBreaker {
  /** Milliseconds until calls are allowed again; 0 when a call may be made now. */
  blockedForMs(now: number): number;
  success(): void;
  failure(now: number): void;
  readonly options: CircuitBreakerOptions;
}

/**
 * Closed: calls go through, failures are counted. Open (threshold reached): calls are refused until
 * the cool-down ends. Then half-open: the next call is a trial; its success closes the circuit, its
 * failure opens it again for another cool-down.
 */
export function createCircuitBreaker(options: CircuitBreakerOptions = DEFAULT_BREAKER): CircuitBreaker {
  let consecutiveFailures = 0;
  let openUntil = 0;
  return {
    options,
    blockedForMs: (now) => Math.max(0, openUntil - now),
    success() {
      consecutiveFailures = 0;
      openUntil = 0;
    },
    failure(now) {
      consecutiveFailures += 1;
      if (consecutiveFailures >= options.failureThreshold) openUntil = now + options.coolDownMs;
    },
  };
}

/** One breaker per execution environment (a warm Lambda, the local process), shared by every check in it. */
export const tronCircuitBreaker = createCircuitBreaker();

// ---------------------------------------------------------------------------------------------
// The client

export interface TronApiOptions {
  baseUrl: string;
  /** The TronGrid key (TRON-PRO-API-KEY), read when first needed; undefined = none. */
  apiKey?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  /** Per attempt (default 5 s). */
  timeoutMs?: number;
  /** Attempts per look-up, the first included (default 3). */
  maxAttempts?: number;
  /** Whole look-up, retries and waits included, when the caller gives no budget (default 20 s). */
  defaultBudgetMs?: number;
  /** Wait before attempt `attempt + 1` (default 300 ms, 600 ms, ... with jitter). */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  breaker?: CircuitBreaker;
}

export const TRON_API_PATH = '/walletsolidity/gettransactioninfobyid';
export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_ATTEMPTS = 3;
/** A Retry-After longer than this is not waited for inside one look-up: the next check comes anyway. */
const MAX_RETRY_AFTER_MS = 5_000;
/** An attempt is not started with less time than this left in the budget. */
const MIN_ATTEMPT_MS = 250;

/** 225-375 ms before the second attempt, then twice that (the one backoff of lib/retry.ts). */
export const defaultBackoffMs = (attempt: number, random: () => number = Math.random) =>
  backoffMs(attempt, { baseMs: 225, jitter: 2 / 3, random });

/** How one attempt ended: an answer, or a failure that may or may not be worth another attempt. */
type Attempt =
  | { kind: 'answer'; body: unknown }
  | { kind: 'retryable'; reason: string; retryAfterMs?: number }
  | { kind: 'final'; reason: string };

const seconds = (ms: number) => (ms < 1_000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`);

function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const secondsValue = Number(header);
  if (Number.isFinite(secondsValue) && secondsValue >= 0) return secondsValue * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** One HTTP request of the client: a receipt look-up (POST) or a page of an account listing (GET). */
interface TronRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
}

/** What one call does with a JSON answer: a result, or a malformed answer (counted as a failure). */
type Interpreted<T> = { kind: 'result'; value: T } | { kind: 'malformed'; reason: string };

/** A Base58 T-address (the listing's path segment is only ever one). */
const T_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The path of the account listing the wallet watcher reads. */
export const trc20ListingPath = (address: string) => `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20`;

export function createTronApi(options: TronApiOptions): TronTransactionApi & TronTransferApi {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_ATTEMPTS);
  const backoff = options.backoffMs ?? ((attempt: number) => defaultBackoffMs(attempt));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const breaker = options.breaker ?? tronCircuitBreaker;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function attempt(request: TronRequest, attemptTimeoutMs: number): Promise<Attempt> {
    let key: string | undefined;
    try {
      key = options.apiKey ? await options.apiKey() : undefined;
    } catch {
      return { kind: 'final', reason: 'was not asked: its API key could not be read' };
    }
    let response: Response;
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { 'TRON-PRO-API-KEY': key } : {}),
        },
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(attemptTimeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      if (isTimeout(error)) return { kind: 'retryable', reason: `did not answer within ${seconds(attemptTimeoutMs)}` };
      return {
        kind: 'retryable',
        reason: `could not be reached (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    if (response.status === 429) {
      await response.body?.cancel();
      return {
        kind: 'retryable',
        reason: 'is rate-limiting requests (HTTP 429)',
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      return { kind: 'retryable', reason: `failed (HTTP ${response.status})` };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'final', reason: `refused the request (HTTP ${response.status})` };
    }
    try {
      return { kind: 'answer', body: await response.json() };
    } catch (error) {
      if (isTimeout(error)) return { kind: 'retryable', reason: `did not answer within ${seconds(attemptTimeoutMs)}` };
      return { kind: 'final', reason: 'answered with something that is not JSON' };
    }
  }

  /** One call: the breaker, bounded attempts with backoff inside the budget, one TronApiError at the end. */
  async function call<T>(
    request: TronRequest,
    budgetMs: number | undefined,
    interpret: (body: unknown) => Interpreted<T>,
  ): Promise<T> {
    const startedAt = now();
    const blocked = breaker.blockedForMs(startedAt);
    if (blocked > 0) {
      throw new TronApiError(
        `TRON API calls are paused for ${seconds(blocked)} after ${breaker.options.failureThreshold} failed look-ups in a row.`,
      );
    }
    const deadline = startedAt + (budgetMs ?? options.defaultBudgetMs ?? 20_000);
    let lastReason = 'was not asked';
    let attempts = 0;
    while (attempts < maxAttempts) {
      const left = deadline - now();
      if (left < MIN_ATTEMPT_MS) break;
      attempts += 1;
      const outcome = await attempt(request, Math.min(timeoutMs, left));
      if (outcome.kind === 'answer') {
        const result = interpret(outcome.body);
        if (result.kind === 'malformed') {
          breaker.failure(now());
          throw new TronApiError(`The TRON API ${result.reason}.`);
        }
        breaker.success();
        return result.value;
      }
      lastReason = outcome.reason;
      if (outcome.kind === 'final') break;
      if (attempts >= maxAttempts) break;
      const wait = Math.max(backoff(attempts), Math.min(outcome.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
      if (now() + wait + MIN_ATTEMPT_MS > deadline) break;
      await sleep(wait);
    }
    breaker.failure(now());
    throw new TronApiError(`The TRON API ${lastReason}${attempts > 1 ? ` (${attempts} attempts)` : ''}.`);
  }

  /** `{}` is TronGrid's answer for an id it has no solidified receipt of. */
  function interpretReceipt(body: unknown): Interpreted<TronLookup> {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return { kind: 'malformed', reason: 'answered with something that is not a transaction receipt' };
    }
    const record = body as Record<string, unknown>;
    if (typeof record.Error === 'string')
      return { kind: 'malformed', reason: `answered with an error (${record.Error})` };
    if (Object.keys(record).length === 0) return { kind: 'result', value: { kind: 'unknown' } };
    const parsed = transactionInfoSchema.safeParse(record);
    if (!parsed.success || typeof parsed.data.id !== 'string') {
      return { kind: 'malformed', reason: 'answered with something that is not a transaction receipt' };
    }
    return { kind: 'result', value: { kind: 'found', info: parsed.data } };
  }

  /** A page of the listing: `{success, data, meta: {fingerprint?}}`; `success: false` is TronGrid's error. */
  function interpretListing(body: unknown): Interpreted<TransferPage> {
    const answer = body !== null && typeof body === 'object' ? (body as { success?: unknown; error?: unknown }) : {};
    if (answer.success === false) {
      const error = typeof answer.error === 'string' ? answer.error : 'unknown';
      return { kind: 'malformed', reason: `answered with an error (${error})` };
    }
    const parsed = trc20ListingPageSchema.safeParse(body);
    if (!parsed.success) return { kind: 'malformed', reason: 'answered with something that is not a transfer listing' };
    const { transfers, skipped } = usdtListedTransfers(parsed.data.data);
    const fingerprint = parsed.data.meta?.fingerprint;
    return { kind: 'result', value: { transfers, skipped, fingerprint: fingerprint ? fingerprint : null } };
  }

  return {
    async transactionInfo(txid, { budgetMs } = {}) {
      if (!TRON_TXID_PATTERN.test(txid)) throw new TronApiError('Not a TRON transaction id: nothing was sent.');
      return call(
        { method: 'POST', url: `${base}${TRON_API_PATH}`, body: JSON.stringify({ value: txid.toLowerCase() }) },
        budgetMs,
        interpretReceipt,
      );
    },

    async incomingUsdtPage(address, page, { budgetMs } = {}) {
      if (!T_ADDRESS.test(address)) throw new TronApiError('Not a TRON address: nothing was sent.');
      const query = new URLSearchParams({
        only_to: 'true',
        only_confirmed: 'true',
        contract_address: USDT_CONTRACT.address,
        min_timestamp: String(Math.max(0, Math.floor(page.minTimestamp))),
        ...(page.maxTimestamp === undefined ? {} : { max_timestamp: String(Math.floor(page.maxTimestamp)) }),
        limit: String(TRC20_PAGE_LIMIT),
        ...(page.fingerprint ? { fingerprint: page.fingerprint } : {}),
      });
      return call(
        { method: 'GET', url: `${base}${trc20ListingPath(address)}?${query.toString()}` },
        budgetMs,
        interpretListing,
      );
    },
  };
}
