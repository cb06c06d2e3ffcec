import { ACCOUNT_MESSAGES, ADMIN_GROUP } from '@goldbot/shared';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors.js';
import {
  hashToken,
  type AccountDeps,
  type CodeKey,
  type Directory,
  type Mail,
  type OpenedSession,
  type SessionCaller,
} from './account-deps.js';
import { CODE_TEMPLATES, sendCode } from './code-steps.js';
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
  // Whatever a path below may need of the address, in one read: the back-off on record (so its
  // reservation is one write), the address's marker, and its code lock, code, sends this hour and
  // template for the code an unproven address is sent. Every path then stays within 5 requests
  // (docs/performance.md); reading them as each path needs them took the unproven one to 7.
  const state = await store.readCodeState(input.email, 'registration', now(), {
    emailOwner: true,
    loginFailuresOf: input.email,
    mail: CODE_TEMPLATES.registration,
  });
  await reservePasswordAttempt(deps, input.email, state.loginFailures);

  let result = await directory.signIn(input.email, input.password);
  // The profile, when the unconfirmed case below read it: the session need not read it again.
  let profile: UserProfile | undefined;
  if (result.kind === 'unconfirmed') {
    profile = state.emailOwner ? await store.getProfile(state.emailOwner) : undefined;
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
  // The password was right but the registration waits for its code: its back-off is cleared.
  let proven = false;
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
      // Its back-off is cleared with the code's write.
      proven = true;
    }
  }
  try {
    await sendCode(deps, input.email, 'registration', {
      state,
      ...(proven ? { clearLoginFailuresOf: input.email } : {}),
    });
  } catch (error) {
    // Within the cool-down the previous code is still valid: the user can use it.
    if (!(error instanceof TooManyRequestsError)) throw error;
    if (proven) await store.clearLoginFailures(input.email);
  }
  throw new ForbiddenError(LOGIN_MESSAGES.unverified, { needsVerification: true, email: input.email });
}

/** The browser's refresh token comes from the HttpOnly cookie; other clients may send it in the body. */
export async function refresh(
  deps: AccountDeps & Directory,
  refreshToken: string | undefined,
): Promise<{ token: string; expiresIn: number }> {
  const { store, directory } = deps;
  if (!refreshToken) throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionEnded);
  const tokens = await directory.refresh(refreshToken);
  if (!tokens) throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionEnded);
  const session = await store.findSession(tokens.claims.sub, hashToken(refreshToken));
  if (!session) throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionEnded);
  const profile = await store.getProfile(tokens.claims.sub);
  if (profile && !profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  // Every session opened before its account's sessions were ended (reset, e-mail change) is over.
  if (profile?.sessionsValidAfterMs !== undefined && session.createdAtMs <= profile.sessionsValidAfterMs) {
    throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionEnded);
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
