import { randomUUID } from 'node:crypto';
import { ADMIN_GROUP, AUTH, type MfaSetupResponse } from '@goldbot/shared';
import type { UserProfile } from '../records/user-profile.js';
import type { AccountDeps, Directory, SessionCaller } from './account-deps.js';

/**
 * TOTP set-up inside Cognito's MFA_SETUP challenge. A pool whose MFA is required answers a right
 * password of a user without a second factor with MFA_SETUP instead of tokens (this pool keeps MFA
 * optional, infra/lib/auth-stack.ts, but an operator may switch it on). The API then leads the
 * person into enrolment on the same screens as the set-up with an access token: the secret comes
 * from AssociateSoftwareToken on the challenge session, a first code is checked with
 * VerifySoftwareToken, and AdminRespondToAuthChallenge (MFA_SETUP) completes the sign-in. The
 * session stays on the server (the set-up item), like the access token of the other path.
 */

/** The set-up answer: the key for the authenticator app, as text and as the otpauth URI a QR code shows. */
export function totpSetupBody(email: string, setupId: string, secretCode: string, message: string): MfaSetupResponse {
  const label = encodeURIComponent(`${AUTH.mfaIssuer}:${email}`);
  return {
    mfaSetupRequired: true,
    email,
    setupId,
    secretCode,
    otpauthUri: `otpauth://totp/${label}?secret=${secretCode}&issuer=${encodeURIComponent(AUTH.mfaIssuer)}`,
    message,
  };
}

/** The password was right and Cognito asks for MFA_SETUP: start TOTP in that session and keep it here. */
export async function startSetupInChallenge(
  deps: AccountDeps & Directory,
  email: string,
  session: string,
  message: string,
): Promise<MfaSetupResponse> {
  const started = await deps.directory.startTotpSetupInChallenge(session);
  const setupId = (deps.newSetupId ?? randomUUID)();
  await deps.store.putMfaSetup(setupId, { email, challengeSession: started.session }, deps.now());
  return totpSetupBody(email, setupId, started.secretCode, message);
}

/** How a set-up's first code was taken: done names the user, whose profile exists by then. */
export type SetupOutcome = { kind: 'done'; userId: string } | { kind: 'wrong-code' } | { kind: 'expired' };

/**
 * The first code of a set-up in an MFA_SETUP challenge. Only the completed sign-in names the user
 * (its tokens): the profile of an administrator made in the console, who has none yet, is created
 * then (`ensureProfile`), so the set-up can be recorded on it. The tokens themselves are not handed
 * out: as after every set-up, the person signs in again, with a code.
 */
export async function finishSetupInChallenge(
  deps: AccountDeps & Directory,
  setup: { email: string; challengeSession: string },
  code: string,
  ensureProfile: (caller: SessionCaller) => Promise<UserProfile>,
): Promise<SetupOutcome> {
  const result = await deps.directory.finishTotpSetupInChallenge(setup.email, setup.challengeSession, code);
  if (result.kind !== 'done') return result;
  const { claims } = result.tokens;
  const profile = await ensureProfile({
    userId: claims.sub,
    email: claims.email,
    emailVerified: true,
    isAdmin: claims.groups.includes(ADMIN_GROUP),
  });
  return { kind: 'done', userId: profile._id };
}
