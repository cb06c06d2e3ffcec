import { randomUUID } from 'node:crypto';
import { ADMIN_GROUP, AUTH } from '@goldbot/shared';
import { ConflictError, ForbiddenError, TooManyRequestsError, ValidationError } from '../errors.js';
import {
  codeKey,
  hashToken,
  type AccountDeps,
  type CodeKey,
  type CodeMailDeps,
  type Directory,
  type Mail,
  type OpenedSession,
} from './account-deps.js';
import { CODE_TEMPLATES, assertNotLocked, checkSubmittedCode, sendCode } from './code-steps.js';
import { LOGIN_MESSAGES } from './login-backoff.js';
import { CODE_MESSAGES, codeExpiry, generateCode, hashCode } from './one-time-codes.js';
import { hashPassword } from './password-hash.js';
import { newProfile } from './profile-provisioning.js';
import { toSessionUser } from '../records/user-profile.js';

/**
 * Registration: the sign-up with its e-mailed code, a new code on request, and the verification
 * that proves the address, confirms the account and may open its first session.
 */
export async function register(
  deps: AccountDeps & Directory & CodeKey & Mail,
  input: {
    username: string;
    email: string;
    password: string;
  },
): Promise<{ message: string; email: string }> {
  const { store, directory, now } = deps;
  const emailTaken = 'An account with this email already exists. Please sign in instead.';
  // Both markers and the address's code lock in one read.
  const state = await store.readCodeState(input.email, 'registration', now(), {
    emailOwner: true,
    username: input.username,
  });
  if (state.emailOwner) throw new ConflictError(emailTaken);
  if (state.usernameOwner) throw new ConflictError('This username is already taken.');
  // An address locked for wrong codes gets no code, so no registration either.
  assertNotLocked(deps, state.lockedUntil);
  // One registration per address at a time: everything below, the Cognito user
  // included, belongs to this request until its profile replaces the claim.
  const claim = randomUUID();
  if (!(await store.claimEmailForRegistration(input.email, claim, now()))) {
    throw new ConflictError(emailTaken);
  }
  let userId: string;
  try {
    userId = await directory.signUp(input.email, input.password);
  } catch (error) {
    try {
      // No live registration of ours holds this e-mail and none is in flight (this request
      // holds the claim), yet Cognito has the user: an abandoned sign-up whose profile and
      // markers expired after 24 h. Clear it and start again; a confirmed account is left alone
      // and keeps its 409.
      if (!(error instanceof ConflictError) || (await directory.userStatus(input.email)) !== 'UNCONFIRMED') {
        throw error;
      }
      await directory.deleteUser(input.email);
      userId = await directory.signUp(input.email, input.password);
    } catch (failure) {
      await store.releaseEmailClaim(input.email, claim);
      throw failure;
    }
  }
  // The code is written with the registration (one transaction), then mailed.
  const code = generateCode();
  const codeHash = hashCode(await codeKey(deps), 'registration', input.email, code);
  try {
    await newProfile(deps, userId, input.username, input.email, false, {
      pendingPasswordHash: await hashPassword(input.password),
      emailClaim: claim,
      code: { email: input.email, purpose: 'registration', codeHash, expiresAt: codeExpiry(now()) },
    });
  } catch (error) {
    // Compensation: never leave a Cognito account without its profile. The claim makes the
    // user this request's own: no other registration could have created or replaced it.
    await directory.deleteUser(input.email);
    await store.releaseEmailClaim(input.email, claim);
    throw error;
  }
  await deps.sendMail(input.email, CODE_TEMPLATES.registration, {
    username: '',
    code,
    expiresInMinutes: AUTH.otpTtlMinutes,
  });
  return {
    message: 'Registration successful! Please check your email for the verification code.',
    email: input.email,
  };
}

/**
 * The same answer for an unknown, a pending and a verified address: only a pending
 * registration gets a mail, and a cool-down, cap or lock is not revealed either.
 */
export async function resendRegistrationCode(deps: CodeMailDeps, email: string): Promise<{ message: string }> {
  const { store, now } = deps;
  const message = 'If this email is waiting for verification, we have sent a new code.';
  const state = await store.readCodeState(email, 'registration', now(), { emailOwner: true });
  // Pending or not, the e-mail's marker tells: no profile read (docs/performance.md).
  if (!state.emailOwner || !state.emailPending) return { message };
  try {
    await sendCode(deps, email, 'registration', { state });
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
  }
  return { message };
}

export async function verifyRegistration(
  deps: AccountDeps & Directory & CodeKey,
  input: {
    email: string;
    otp: string;
    password?: string;
  },
): Promise<OpenedSession | { verified: true; message: string }> {
  const { store, directory, now } = deps;
  const state = await store.readCodeState(input.email, 'registration', now(), { emailOwner: true });
  const profile = state.emailOwner ? await store.getProfile(state.emailOwner) : undefined;
  if (!profile) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  if (profile.emailVerifiedAt) {
    // Already verified. Nothing is confirmed or marked verified here: only a correct code for
    // this address may do that.
    // A half-way failure is repaired at sign-in, from the proof recorded with the profile.
    throw new ConflictError('This email is already verified. Please sign in.');
  }
  const codeHash = await checkSubmittedCode(deps, input.email, 'registration', input.otp, undefined, state);
  // Cognito first (idempotent), then one transaction confirms the registration and registers the
  // session. Should that transaction not commit, Cognito holds a confirmed user whose profile still waits for its code:
  // sign-in refuses such an account until a code confirms it (openSession), so nothing is opened
  // on an unproven address.
  await directory.confirm(input.email);
  const signIn = input.password ? await directory.signIn(input.email, input.password) : undefined;
  const tokens = signIn?.kind === 'ok' && profile.isActive ? signIn.tokens : undefined;
  if (tokens && !tokens.refreshToken) throw new Error('Cognito issued no refresh token');
  const verifiedAtMs = now();
  const outcome = await store.confirmRegistration(
    profile,
    codeHash,
    verifiedAtMs,
    tokens?.refreshToken ? { sessionTokenHash: hashToken(tokens.refreshToken) } : {},
  );
  if (outcome === 'code-rejected') throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  if (outcome === 'already') throw new ConflictError('This email is already verified. Please sign in.');
  if (signIn?.kind === 'ok' && !profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  if (!tokens?.refreshToken) return { verified: true, message: 'Account verified, please sign in.' };
  // The profile as the confirmation left it: no second read.
  const { pendingPasswordHash: _proven, ...rest } = profile;
  const verifiedAt = new Date(verifiedAtMs).toISOString();
  const verified = { ...rest, emailVerifiedAt: verifiedAt, verifiedEmail: profile.email, updatedAt: verifiedAt };
  const isAdmin = tokens.claims.groups.includes(ADMIN_GROUP);
  return {
    body: { ...toSessionUser(verified, isAdmin), token: tokens.idToken, expiresIn: tokens.expiresIn },
    refreshToken: tokens.refreshToken,
  };
}
