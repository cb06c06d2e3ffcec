/**
 * Ends every session of a user (DESIGN.md §6, docs/security.md M3): our registry and
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
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lastError: unknown;
  for (let attempt = 0; attempt < GLOBAL_SIGN_OUT_ATTEMPTS; attempt += 1) {
    try {
      await deps.signOutEverywhere(email);
      return;
    } catch (error) {
      lastError = error;
      if (attempt < GLOBAL_SIGN_OUT_ATTEMPTS - 1) await sleep(100 * 2 ** attempt);
    }
  }
  deps.onGlobalSignOutFailure?.(lastError, userId);
}
