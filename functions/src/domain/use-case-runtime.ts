/**
 * What a use case that commits with retries takes from its runtime: the clock, new ids (ULIDs in
 * the functions, a counter in the tests), and the wait between tries of a conflicted transaction
 * with its random jitter. Tests pass a fixed clock and a no-op sleep.
 */
export interface UseCaseRuntime {
  now: () => Date;
  newId: (nowMs: number) => string;
  /** Waits before retrying a conflicted transaction (tests pass a no-op). */
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
}
