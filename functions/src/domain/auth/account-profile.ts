import { AUTH_MESSAGES, type SessionUser } from '@goldbot/shared';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { AccountDeps, CodeKey, Directory, Mail, SessionCaller } from './account-deps.js';
import { CodeRejected, type CodeState } from './account-stores.js';
import { assertAdminMfa, assertApiSignIn } from './admin-mfa.js';
import { CODE_TEMPLATES, checkSubmittedCode, sendCode } from './code-steps.js';
import { CODE_MESSAGES } from './one-time-codes.js';
import { ensureProfile } from './profile-provisioning.js';
import { checkCurrentPassword, endSessions } from './session-steps.js';
import { toSessionUser } from '../records/user-profile.js';

/**
 * The signed-in user's account: who they are, the profile form (a username at once, a new e-mail
 * address only once a code mailed to it comes back) and the password change.
 */
/** `j***@example.com`: enough for the owner to recognise, not a full address in someone's inbox. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export async function me(deps: AccountDeps, caller: SessionCaller): Promise<SessionUser> {
  return toSessionUser(await ensureProfile(deps, caller), caller.isAdmin);
}

export async function getUserData(deps: AccountDeps, caller: SessionCaller, userId: string) {
  if (caller.userId !== userId && !caller.isAdmin) throw new ForbiddenError('You can only view your own account.');
  // Reading someone else's account is an admin action: the same rules as every admin route (a
  // token from the API's own sign-in, and TOTP where admin MFA is required).
  if (caller.userId !== userId) {
    assertApiSignIn(caller);
    if (deps.adminMfaRequired) {
      const own = caller.knownProfile !== undefined ? caller.knownProfile : await deps.store.getProfile(caller.userId);
      assertAdminMfa(own ?? {}, caller.authTime ?? 0);
    }
  }
  const profile = caller.userId === userId ? await ensureProfile(deps, caller) : await deps.store.getProfile(userId);
  if (!profile) throw new NotFoundError('User not found.');
  const { userId: _ignored, ...user } = toSessionUser(
    profile,
    caller.userId === userId ? caller.isAdmin : profile.isAdmin,
  );
  return { _id: profile._id, ...user };
}

/**
 * The profile form. A username change applies at once. A new e-mail address needs the
 * current password and takes effect only when the code mailed to it comes back
 * (confirmEmailChange); until then the account keeps its old, proven address.
 */
export async function updateProfile(
  deps: AccountDeps & Directory & CodeKey & Mail,
  caller: SessionCaller,
  userId: string,
  input: { username: string; email: string; currentPassword?: string },
) {
  if (caller.userId !== userId) throw new ForbiddenError('You can only change your own account.');
  const { store, now } = deps;
  let profile = await ensureProfile(deps, caller);
  const emailChanges = input.email !== profile.email;
  const usernameChanges = input.username.toLowerCase() !== profile.username.toLowerCase();
  const usernameTaken = new ConflictError('This username is already taken.');
  let state: CodeState | undefined;
  if (emailChanges) {
    if (!input.currentPassword) {
      throw new ValidationError(AUTH_MESSAGES.currentPasswordForEmail, {
        currentPassword: AUTH_MESSAGES.currentPasswordForEmail,
      });
    }
    // In one read: the new address's marker, the new username's, the address's code lock, code,
    // sends this hour and the code mail's template, and the back-off of the current address the
    // password is tried against. A username and an address in one save then stay within 5
    // requests (docs/performance.md).
    state = await store.readCodeState(input.email, 'email-change', now(), {
      emailOwner: true,
      ...(usernameChanges ? { username: input.username } : {}),
      loginFailuresOf: profile.email,
      mail: CODE_TEMPLATES['email-change'],
    });
    if (state.emailOwner) throw new ConflictError('An account with this email already exists.');
    if (usernameChanges && state.usernameOwner !== undefined && state.usernameOwner !== profile._id) {
      throw usernameTaken;
    }
  } else if (usernameChanges) {
    if (await store.isUsernameTaken(input.username, now(), profile._id)) throw usernameTaken;
  }
  if (emailChanges && input.currentPassword) {
    await checkCurrentPassword(deps, profile.email, input.currentPassword, {
      clearBackoff: false,
      ...(state?.loginFailures ? { loginFailures: state.loginFailures } : {}),
    });
    // The code goes out before anything is saved: a cool-down, cap or lock refuses the whole
    // request, so a refused e-mail change never leaves a half-applied username change behind.
    // The proven password's back-off is cleared with the code's write.
    try {
      await sendCode(deps, input.email, 'email-change', {
        owner: profile._id,
        state,
        clearLoginFailuresOf: profile.email,
      });
    } catch (error) {
      await store.clearLoginFailures(profile.email);
      throw error;
    }
  }
  if (input.username !== profile.username) {
    profile = await store.updateIdentity(profile, { username: input.username, email: profile.email }, now());
  }
  if (!emailChanges) return { message: 'Profile updated successfully', user: toSessionUser(profile, caller.isAdmin) };
  return {
    message: `We sent a 4-digit code to ${input.email}. Enter it to confirm your new email.`,
    user: toSessionUser(profile, caller.isAdmin),
    pendingEmail: input.email,
  };
}

/**
 * Step two of an e-mail change: the code proves the new address. The profile, the markers and
 * the code move in one transaction; Cognito is told first (and put back if that fails), the old
 * address hears of the change, and every session ends.
 */
export async function confirmEmailChange(
  deps: AccountDeps & Directory & CodeKey & Mail,
  caller: SessionCaller,
  input: { email: string; otp: string },
) {
  const { store, directory, now } = deps;
  const profile = await ensureProfile(deps, caller);
  // The code, its lock and the new address's marker in one read.
  const state = await store.readCodeState(input.email, 'email-change', now(), { emailOwner: true });
  const codeHash = await checkSubmittedCode(deps, input.email, 'email-change', input.otp, profile._id, state);
  if (state.emailOwner) throw new ConflictError('An account with this email already exists.');
  const oldEmail = profile.email;
  await directory.updateEmail(oldEmail, input.email);
  try {
    // The change ends every session in the same write.
    await store.updateIdentity(
      profile,
      { username: profile.username, email: input.email },
      now(),
      { codeHash },
      { endSessions: true },
    );
  } catch (error) {
    await directory.updateEmail(input.email, oldEmail);
    if (error instanceof CodeRejected) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
    throw error;
  }
  await deps.sendMail(oldEmail, 'emailChanged', { username: profile.username, newEmail: maskEmail(input.email) });
  await endSessions(deps, profile._id, input.email, { alreadyRevoked: true });
  return { message: 'Your email has been changed. Please sign in again with your new email.' };
}

export async function changePassword(
  deps: AccountDeps & Directory,
  caller: SessionCaller,
  userId: string,
  input: { currentPassword: string; password: string },
) {
  if (caller.userId !== userId) throw new ForbiddenError('You can only change your own account.');
  const { directory } = deps;
  // The profile holds the current address (the token's may predate an e-mail change).
  const { email } = await ensureProfile(deps, caller);
  await checkCurrentPassword(deps, email, input.currentPassword);
  await directory.setPassword(email, input.password);
  await endSessions(deps, userId, email);
  return { message: 'Password updated successfully. Please login again with your new password.' };
}
