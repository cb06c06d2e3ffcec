/**
 * The one way to wait, the one way to try again and the one backoff, for every retry in the
 * functions and the scripts: transactions cancelled by a concurrent one, throttled batch reads, a
 * flaky upstream. Nothing else in the tree computes a wait (scripts/test/one-helper-per-concept.test.ts).
 */

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tries of a DynamoDB transaction cancelled only by TransactionConflict (another transaction on the
 * same items, typically a shared counter): the first and three retries (docs/data-model.md,
 * "Transactions: money and uniqueness").
 */
export const CONFLICT_TRIES = 4;

export interface BackoffOptions {
  /** The wait before the first retry, before jitter (default 20 ms). */
  baseMs?: number;
  /** The jitter: the wait is the exponential one times 1 to 1 + `jitter` (default 2, so 1× to 3×). */
  jitter?: number;
  /** Where the jitter comes from (tests pass a fixed one). */
  random?: () => number;
}

/**
 * The one backoff: the wait before retry `attempt` (1 for the first retry) grows exponentially,
 * `baseMs · 2^(attempt − 1)`, times a random 1 to 1 + `jitter`, so parallel losers of one race do not
 * collide again. The defaults suit a transaction conflict: 20-60 ms, then 40-120 ms, then 80-240 ms.
 */
export function backoffMs(attempt: number, options: BackoffOptions = {}): number {
  const { baseMs = 20, jitter = 2, random = Math.random } = options;
  return Math.round(baseMs * 2 ** (attempt - 1) * (1 + jitter * random()));
}

export interface RetryOptions<T = unknown> {
  /** Tries in all, the first included (at least 1). */
  tries: number;
  /** Whether a failure may be tried again; one that may not is thrown at once. Default: every failure. */
  retryOn?: (error: unknown) => boolean;
  /**
   * Whether a result is one to try again (keys left unprocessed, a transaction that only
   * conflicted); the last try's result is answered whatever it is. Default: none.
   */
  retryResult?: (result: T) => boolean;
  /** Milliseconds to wait after failed try `attempt` (1 for the first) before the next one. */
  delayMs: (attempt: number) => number;
  /** Waits between tries; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `work` until it succeeds, fails in a way `retryOn` refuses, or has used its `tries`; then
 * throws that last failure. A result `retryResult` accepts counts as a failure too, except on the
 * last try, whose result is answered. `work` receives the number of the try (1 for the first).
 */
export async function retry<T>(work: (attempt: number) => Promise<T>, options: RetryOptions<T>): Promise<T> {
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await work(attempt);
      if (attempt >= options.tries || !(options.retryResult?.(result) ?? false)) return result;
    } catch (error) {
      if (attempt >= options.tries || !(options.retryOn?.(error) ?? true)) throw error;
    }
    await wait(options.delayMs(attempt));
  }
}
