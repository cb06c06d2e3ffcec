import { backoffMs, retry } from '../../lib/retry.js';

/**
 * Ends every session of a user (docs/security.md, "Sessions and revocation"): our registry and
 * `tokensValidAfter` refuse old sessions at once; Cognito's global sign-out also revokes its
 * refresh tokens. That call is retried; a final failure is reported (logged at error and counted,
 * with an alarm), never silently swallowed. Used by password reset and change, e-mail change and
 * an administrator's deactivation of the account.
 */
export const GLOBAL_SIGN_OUT_ATTEMPTS = 3;

export interface EndSessionsDeps {
  /** Sets `tokensValidAfter` and `sessionsValidAfterMs`: every token and refresh session so far is refused (SessionStore.revokeSessions). */
  revokeSessions(userId: string, nowMs: number): Promise<void>;
  /** Cognito's AdminUserGlobalSignOut; 'unsupported' on cognito-local. */
  signOutEverywhere(email: string): Promise<'done' | 'unsupported'>;
  now: () => number;
  /** Waits between retries of the global sign-out (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  /** Called when the global sign-out still fails after its retries. */
  onGlobalSignOutFailure?: (error: unknown, userId: string) => void;
}

export async function endAllSessions(deps: EndSessionsDeps, userId: string, email: string): Promise<void> {
  await deps.revokeSessions(userId, deps.now());
  try {
    await retry(() => deps.signOutEverywhere(email), {
      tries: GLOBAL_SIGN_OUT_ATTEMPTS,
      delayMs: (attempt) => backoffMs(attempt, { baseMs: 100, jitter: 0 }),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    });
  } catch (error) {
    deps.onGlobalSignOutFailure?.(error, userId);
  }
}
