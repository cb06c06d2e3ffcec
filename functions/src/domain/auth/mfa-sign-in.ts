import { randomUUID } from 'node:crypto';
import { ADMIN_GROUP, type MfaChallengeResponse, type MfaSetupResponse } from '@goldbot/shared';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import type { AccountDeps, Directory, OpenedSession } from './account-deps.js';
import { ADMIN_MFA_MESSAGES } from './admin-mfa.js';
import { challengeUsername } from './cognito-handle.js';
import type { IssuedTokens } from './identity-directory.js';
import { LOGIN_MESSAGES } from './login-backoff.js';
import { ensureProfile } from './profile-provisioning.js';
import { finishSetupInChallenge, totpSetupBody, type SetupOutcome } from './mfa-setup-challenge.js';
import { endSessions, openSession, reservePasswordAttempt } from './session-steps.js';

/**
 * The administrators' sign-in with TOTP: the set-up an administrator without it must finish
 * before any session, and the code that completes a sign-in once it is on.
 */
/** Instead of a session, an administrator's sign-in may answer one of these. */
export type AdminSecondStep =
  { kind: 'mfa-required'; body: MfaChallengeResponse } | { kind: 'mfa-setup'; body: MfaSetupResponse };

export const MFA_MESSAGES = {
  challenge: 'Enter the 6-digit code from your authenticator app.',
  setup:
    'Administrators sign in with two-factor authentication. Scan the QR code with an authenticator app, then enter the 6-digit code it shows.',
  wrongCode: 'The code is incorrect. Please try again.',
  expired: 'Your sign-in has expired. Please sign in again.',
  setupDone: 'Two-factor authentication is on. Please sign in again with a code from your authenticator app.',
  required: ADMIN_MFA_MESSAGES.required,
} as const;
const MAX_SETUP_TRIES = 5;

export async function startMfaSetup(deps: AccountDeps & Directory, tokens: IssuedTokens): Promise<AdminSecondStep> {
  const { store, directory, now } = deps;
  if (!tokens.accessToken) throw new Error('Cognito issued no access token');
  const profile = await ensureProfile(deps, {
    userId: tokens.claims.sub,
    email: tokens.claims.email,
    emailVerified: true,
    isAdmin: true,
  });
  if (!profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  const secretCode = await directory.startTotpSetup(tokens.accessToken);
  const setupId = (deps.newSetupId ?? randomUUID)();
  await store.putMfaSetup(
    setupId,
    { userId: profile._id, email: profile.email, accessToken: tokens.accessToken },
    now(),
  );
  return { kind: 'mfa-setup', body: totpSetupBody(profile.email, setupId, secretCode, MFA_MESSAGES.setup) };
}

/**
 * Step two of a sign-in with TOTP. Wrong codes count towards the sign-in back-off of the account
 * the challenge session belongs to: keyed on the Cognito username inside the session, not on the
 * e-mail the client sends, which could change on every try. The password's right answer (login)
 * clears the address's back-off, not this one, so the codes' back-off grows across sign-ins.
 */
export async function verifyMfa(
  deps: AccountDeps & Directory,
  input: { email: string; session: string; code: string },
): Promise<OpenedSession> {
  const { store, directory } = deps;
  const username = challengeUsername(input.session);
  // A session without its username cannot be answered (Cognito needs its SECRET_HASH): sign in again.
  if (!username) throw new UnauthorizedError(MFA_MESSAGES.expired);
  await reservePasswordAttempt(deps, username);
  const result = await directory.respondToMfa(input.email, input.session, input.code);
  if (result.kind !== 'ok') throw new ValidationError(MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  // One profile read serves the session and the TOTP record below.
  const profile = await store.getProfile(result.tokens.claims.sub);
  // TOTP turned on outside our set-up (e.g. in the console) is recorded with the session's write,
  // as of this sign-in (the token's `iat`), so this very session passes the admin routes'
  // sign-in-after-TOTP rule, and the route stays within 5 requests (docs/performance.md).
  const unrecorded = result.tokens.claims.groups.includes(ADMIN_GROUP) && !profile?.mfaEnabledAt;
  return openSession(deps, result.tokens, username, profile, {
    ...(unrecorded ? { mfaEnabledAt: Math.min(deps.now(), result.tokens.claims.iat * 1000) } : {}),
  });
}

/** Turns TOTP on with a first code; the administrator then signs in again, this time with a code. */
export async function finishMfaSetup(
  deps: AccountDeps & Directory,
  input: { setupId: string; code: string },
): Promise<{ message: string }> {
  const { store, directory, now } = deps;
  const setup = await store.getMfaSetup(input.setupId, now());
  if (!setup || setup.wrongTries >= MAX_SETUP_TRIES) throw new UnauthorizedError(MFA_MESSAGES.expired);
  // Inside Cognito's MFA_SETUP challenge (mfa-setup-challenge.ts), or with the sign-in's access token.
  const outcome: SetupOutcome =
    'challengeSession' in setup
      ? await finishSetupInChallenge(deps, setup, input.code, (caller) => ensureProfile(deps, caller))
      : (await directory.finishTotpSetup(setup.accessToken, input.code))
        ? { kind: 'done', userId: setup.userId }
        : { kind: 'wrong-code' };
  if (outcome.kind === 'expired') throw new UnauthorizedError(MFA_MESSAGES.expired);
  if (outcome.kind === 'wrong-code') {
    await store.recordMfaSetupWrongTry(input.setupId);
    throw new ValidationError(MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  }
  await store.completeMfaSetup(input.setupId, outcome.userId, now());
  // Every session from before TOTP ends here: tokens and refresh sessions obtained with the
  // password alone (ours and Cognito's), so none of them outlives the enrolment.
  await endSessions(deps, outcome.userId, setup.email);
  return { message: MFA_MESSAGES.setupDone };
}
