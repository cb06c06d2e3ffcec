import { ADMIN_GROUP } from '@goldbot/shared';
import { ForbiddenError, TooManyRequestsError, ValidationError } from '../errors.js';
import { hashToken, type AccountDeps, type Directory, type OpenedSession } from './account-deps.js';
import type { LoginFailures } from './account-stores.js';
import { endAllSessions } from './end-sessions.js';
import type { IssuedTokens } from './identity-directory.js';
import { LOGIN_MESSAGES, backoffSeconds } from './login-backoff.js';
import { ensureProfile } from './profile-provisioning.js';
import { toSessionUser, type UserProfile } from '../records/user-profile.js';

/**
 * The session steps several use cases share: the password attempt reserved against the back-off,
 * the check of a signed-in user's current password, opening a session for issued tokens and
 * ending every session of an account.
 */
/**
 * The login back-off: the attempt is reserved, counted as a failure, before any password
 * reaches Cognito; a success clears it. While an address is blocked no password is even tried.
 * `key`: the address for a password; the Cognito username for a TOTP code (verifyMfa).
 */
export async function reservePasswordAttempt(deps: AccountDeps, key: string, known?: LoginFailures): Promise<void> {
  const blockedFor = await deps.store.reserveLoginAttempt(key, deps.now(), backoffSeconds, known);
  if (blockedFor > 0) throw new TooManyRequestsError(LOGIN_MESSAGES.blocked(blockedFor), blockedFor);
}

/** A wrong current password counts like a failed sign-in, so a stolen token cannot guess freely. */
export async function checkCurrentPassword(
  deps: AccountDeps & Directory,
  email: string,
  password: string,
  /**
   * clearBackoff false: the caller clears the back-off with its own next write. loginFailures:
   * the back-off as the caller read it (readCodeState's `loginFailuresOf`).
   */
  options: { clearBackoff?: boolean; loginFailures?: LoginFailures } = {},
): Promise<void> {
  const { store, directory } = deps;
  await reservePasswordAttempt(deps, email, options.loginFailures);
  const check = await directory.signIn(email, password);
  // With TOTP on, Cognito answers a right password with its challenge: the password is proven.
  if (check.kind !== 'ok' && check.kind !== 'mfa' && check.kind !== 'mfa-setup') {
    throw new ValidationError('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  if (options.clearBackoff !== false) await store.clearLoginFailures(email);
}

/** Sign-in met a profile whose registration still waits for its code (see verifyRegistration). */
export class PendingRegistration extends Error {}

/**
 * Opens a session for tokens Cognito issued. `signedInAs`: the key of the back-off the proven
 * password (the address) or TOTP code (the Cognito username) was reserved against: it is cleared
 * with the session's registration, in one request.
 */
export async function openSession(
  deps: AccountDeps,
  tokens: IssuedTokens,
  signedInAs?: string,
  /** The profile, when the use case has it as it now stands (read or just written). */
  knownProfile?: UserProfile,
  /** mfaEnabledAt: TOTP is recorded as on with the session's write (verifyMfa). */
  options: { mfaEnabledAt?: number } = {},
): Promise<OpenedSession> {
  const { store, now } = deps;
  const isAdmin = tokens.claims.groups.includes(ADMIN_GROUP);
  const profile = await ensureProfile(deps, {
    userId: tokens.claims.sub,
    email: tokens.claims.email,
    isAdmin,
    ...(knownProfile?._id === tokens.claims.sub ? { knownProfile } : {}),
  });
  if (!profile.isActive) {
    // The password was right: it is not a failure to back off from.
    if (signedInAs !== undefined) await store.clearLoginFailures(signedInAs);
    throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  }
  // Cognito confirmed it, but its code never confirmed the registration here: not an account yet.
  if (!profile.emailVerifiedAt) throw new PendingRegistration();
  if (!tokens.refreshToken) throw new Error('Cognito issued no refresh token');
  await store.putSession(profile._id, hashToken(tokens.refreshToken), now(), {
    ...(signedInAs === undefined ? {} : { clearLoginFailuresOf: signedInAs }),
    ...(options.mfaEnabledAt === undefined ? {} : { mfaEnabledAt: options.mfaEnabledAt }),
  });
  return {
    body: { ...toSessionUser(profile, isAdmin), token: tokens.idToken, expiresIn: tokens.expiresIn },
    refreshToken: tokens.refreshToken,
  };
}

/** Ends every session (end-sessions.ts: the registry, `tokensValidAfter`, Cognito's retried global sign-out). */
export async function endSessions(
  deps: AccountDeps & Directory,
  userId: string,
  email: string,
  options: { clearLoginFailures?: boolean; alreadyRevoked?: boolean } = {},
): Promise<void> {
  const { store, directory } = deps;
  await endAllSessions(
    {
      // alreadyRevoked: the use case's own write ended them (updateIdentity's endSessions).
      revokeSessions: options.alreadyRevoked
        ? async () => undefined
        : (id, nowMs) =>
            store.revokeSessions(id, nowMs, options.clearLoginFailures ? { clearLoginFailuresOf: email } : {}),
      signOutEverywhere: (address) => directory.signOutEverywhere(address),
      now: deps.now,
      sleep: deps.sleep,
      onGlobalSignOutFailure: deps.onGlobalSignOutFailure,
    },
    userId,
    email,
  );
}
