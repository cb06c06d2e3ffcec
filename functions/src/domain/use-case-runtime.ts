import { backoffMs, CONFLICT_TRIES, retry } from '../lib/retry.js';
import { ConflictError, DomainError } from './errors.js';

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

/**
 * Commits, trying again a transaction cancelled only by conflicts (`{ kind: 'conflict' }`) with the
 * one backoff of lib/retry.ts and its jitter; still conflicted after the last try, answers 409 with
 * `busyMessage` (a sentence that says to try again).
 */
export async function commitWithRetries<O extends { kind: string }>(
  runtime: Pick<UseCaseRuntime, 'sleep' | 'random'>,
  commit: () => Promise<O>,
  busyMessage: string,
): Promise<Exclude<O, { kind: 'conflict' }>> {
  const outcome = await retryConflicts(runtime, commit);
  if (outcome.kind === 'conflict') throw new ConflictError(busyMessage);
  return outcome as Exclude<O, { kind: 'conflict' }>;
}

/** The same tries without the 409: the caller reads a last `conflict` itself. */
export const retryConflicts = <O extends { kind: string }>(
  runtime: Pick<UseCaseRuntime, 'sleep' | 'random'>,
  commit: () => Promise<O>,
): Promise<O> =>
  retry(commit, {
    tries: CONFLICT_TRIES,
    retryOn: () => false,
    retryResult: (result) => result.kind === 'conflict',
    delayMs: (attempt) => backoffMs(attempt, { random: runtime.random }),
    sleep: runtime.sleep,
  });

/**
 * Runs a commit whose answer may be lost: the write is applied and then a timeout hides it. Either
 * the SDK's retry meets the write and its condition refuses it (the outcome `refusedAs`, "already
 * decided"), or the failure outlasts the retries (anything but a domain answer). In both cases
 * `applied` reads whether this very write landed: landed, the commit counts as `committed`, so the
 * effect's answer and mail follow; not landed, the refusal is answered, and an error that cannot be
 * resolved stands (503; the write is conditional, so a repeat does it once).
 */
export async function commitOrFindApplied<O extends { kind: string }>(
  commit: () => Promise<O>,
  applied: () => Promise<boolean>,
  committed: O,
  refusedAs?: O['kind'],
): Promise<O> {
  try {
    const outcome = await commit();
    if (refusedAs === undefined || outcome.kind !== refusedAs) return outcome;
    return (await applied()) ? committed : outcome;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const landed = await applied().catch(() => false);
    if (landed) return committed;
    throw error;
  }
}
