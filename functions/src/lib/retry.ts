/**
 * The one way to wait and the one way to try again, for every retry in the functions and the
 * scripts: transactions cancelled by a concurrent one, throttled batch reads, a flaky upstream.
 */

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Tries in all, the first included (at least 1). */
  tries: number;
  /** Whether a failure may be tried again; one that may not is thrown at once. Default: every failure. */
  retryOn?: (error: unknown) => boolean;
  /** Milliseconds to wait after failed try `attempt` (1 for the first) before the next one. */
  delayMs: (attempt: number) => number;
  /** Waits between tries; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `work` until it succeeds, fails in a way `retryOn` refuses, or has used its `tries`; then
 * throws that last failure. `work` receives the number of the try (1 for the first).
 */
export async function retry<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt >= options.tries || !(options.retryOn?.(error) ?? true)) throw error;
      await wait(options.delayMs(attempt));
    }
  }
}
