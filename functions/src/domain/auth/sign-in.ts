import { ADMIN_GROUP } from '@goldbot/shared';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors.js';
import {
  SESSION_ENDED,
  hashToken,
  type AccountDeps,
  type CodeKey,
  type Directory,
  type Mail,
  type OpenedSession,
  type SessionCaller,
} from './account-deps.js';
import { sendCode } from './code-steps.js';
import { LOGIN_MESSAGES } from './login-backoff.js';
import { MFA_MESSAGES, startMfaSetup, type AdminSecondStep } from './mfa-sign-in.js';
import { startSetupInChallenge } from './mfa-setup-challenge.js';
import { passwordMatches } from './password-hash.js';
import { ensureProfile } from './profile-provisioning.js';
import { PendingRegistration, endSessions, openSession, reservePasswordAttempt } from './session-steps.js';
import type { UserProfile } from '../records/user-profile.js';

/**
 * Signing in and out: the password sign-in (with its back-off and, for an administrator, the
 * second step), the refresh of a session, and the sign-out of one device or of all of them.
 */
export type LoginOutcome = OpenedSession | AdminSecondStep;

export async function login(
  deps: AccountDeps & Directory & CodeKey & Mail,
  input: { email: string; password: string },
): Promise<LoginOutcome> {
  const { store, directory, now } = deps;
  await reservePasswordAttempt(deps, input.email);

  let result = await directory.signIn(input.email, input.password);
  // The profile, when the unconfirmed case below read it: the session need not read it again.
  let profile: UserProfile | undefined;
  if (result.kind === 'unconfirmed') {
    const userId = await store.findUserIdByEmail(input.email, now());
    profile = userId ? await store.getProfile(userId) : undefined;
    if (profile?.emailVerifiedAt && profile.verifiedEmail === input.email) {
      // Verified with us (a correct code for this very address) but the Cognito confirmation
      // failed half-way: repair it; Cognito then checks the password.
      await directory.confirm(input.email);
      result = await directory.signIn(input.email, input.password);
    } else if (
      !profile ||
      (profile.pendingPasswordHash && !(await passwordMatches(input.password, profile.pendingPasswordHash)))
    ) {
      // Cognito says "not confirmed" whatever the password: answer a wrong one like any other.
      // A sign-up whose registration expired is no account at all (signing up again replaces it).
      result = { kind: 'invalid' };
    }
  }
  if (result.kind === 'disabled') throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  if (result.kind === 'invalid') throw new UnauthorizedError(LOGIN_MESSAGES.invalid);
  if (result.kind === 'mfa') {
    // The password was right; the code still has to come (its tries count in verifyMfa).
    await store.clearLoginFailures(input.email);
    return {
      kind: 'mfa-required',
      body: { mfaRequired: true, email: input.email, session: result.session, message: MFA_MESSAGES.challenge },
    };
  }
  if (result.kind === 'mfa-setup') {
    // The pool requires MFA and this user has none yet: enrol inside Cognito's challenge.
    await store.clearLoginFailures(input.email);
    return {
      kind: 'mfa-setup',
      body: await startSetupInChallenge(deps, input.email, result.session, MFA_MESSAGES.setup),
    };
  }
  if (result.kind === 'ok') {
    // Cognito challenges every user who has TOTP on; tokens without a challenge for an
    // administrator mean TOTP is not on yet, so they are not handed out: set it up first.
    if (deps.adminMfaRequired && result.tokens.claims.groups.includes(ADMIN_GROUP)) {
      await store.clearLoginFailures(input.email);
      return startMfaSetup(deps, result.tokens);
    }
    try {
      return await openSession(deps, result.tokens, input.email, profile);
    } catch (error) {
      if (!(error instanceof PendingRegistration)) throw error;
      // The password was right; the address still has to be proven, as for an unconfirmed user.
      await store.clearLoginFailures(input.email);
    }
  }
  try {
    await sendCode(deps, input.email, 'registration');
  } catch (error) {
    // Within the cool-down the previous code is still valid: the user can use it.
    if (!(error instanceof TooManyRequestsError)) throw error;
  }
  throw new ForbiddenError(LOGIN_MESSAGES.unverified, { needsVerification: true, email: input.email });
}

/** The browser's refresh token comes from the HttpOnly cookie; other clients may send it in the body. */
export async function refresh(
  deps: AccountDeps & Directory,
  refreshToken: string | undefined,
): Promise<{ token: string; expiresIn: number }> {
  const { store, directory } = deps;
  if (!refreshToken) throw new UnauthorizedError(SESSION_ENDED);
  const tokens = await directory.refresh(refreshToken);
  if (!tokens) throw new UnauthorizedError(SESSION_ENDED);
  const session = await store.findSession(tokens.claims.sub, hashToken(refreshToken));
  if (!session) throw new UnauthorizedError(SESSION_ENDED);
  const profile = await store.getProfile(tokens.claims.sub);
  if (profile && !profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  // Every session opened before its account's sessions were ended (reset, e-mail change) is over.
  if (profile?.sessionsValidAfterMs !== undefined && session.createdAtMs <= profile.sessionsValidAfterMs) {
    throw new UnauthorizedError(SESSION_ENDED);
  }
  return { token: tokens.idToken, expiresIn: tokens.expiresIn };
}

/**
 * Ends this session on the server. The registry entry is the caller's own (its key holds
 * the caller's id), so nobody can end someone else's session; Cognito revokes the token too.
 */
export async function logout(
  deps: AccountDeps & Directory,
  caller: SessionCaller,
  refreshToken: string | undefined,
): Promise<{ message: string }> {
  if (refreshToken) {
    await deps.store.deleteSession(caller.userId, hashToken(refreshToken));
    await deps.directory.revokeToken(refreshToken);
  }
  return { message: 'You have been signed out.' };
}

export const LOGOUT_ALL_MESSAGE = 'You have been signed out of all devices. Please sign in again.';

/**
 * 'Sign out of all devices': ends every session of the caller, this one included, the way a
 * password change does (end-sessions.ts: one profile write refuses every token and refresh session
 * issued so far; Cognito's global sign-out revokes its refresh tokens). Only the caller's own.
 */
export async function logoutAll(deps: AccountDeps & Directory, caller: SessionCaller): Promise<{ message: string }> {
  // The profile holds the current address (the token's may predate an e-mail change).
  const { email } = await ensureProfile(deps, caller);
  await endSessions(deps, caller.userId, email);
  return { message: LOGOUT_ALL_MESSAGE };
}
