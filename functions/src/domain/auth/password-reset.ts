import { ValidationError, TooManyRequestsError } from '../errors.js';
import type { AccountDeps, CodeCheckDeps, CodeKey, CodeMailDeps, Directory } from './account-deps.js';
import { CodesLockedError, checkSubmittedCode, sendCode } from './code-steps.js';
import { CODE_MESSAGES } from './one-time-codes.js';
import { endSessions } from './session-steps.js';

/**
 * The password reset: a code mailed to a verified address (the same answer for any address), its
 * check, and the new password that consumes it and ends every session.
 */
export async function requestPasswordReset(deps: CodeMailDeps, email: string): Promise<{ message: string }> {
  const { store, now } = deps;
  const message = 'If an account exists for this email, we have sent a reset code. Check your email for OTP.';
  const state = await store.readCodeState(email, 'reset', now(), { emailOwner: true });
  const profile = state.emailOwner ? await store.getProfile(state.emailOwner) : undefined;
  // Same answer whether or not the account exists (no enumeration); unknown addresses get no mail.
  if (!profile?.emailVerifiedAt) return { message };
  try {
    await sendCode(deps, email, 'reset', { username: profile.username, state });
  } catch (error) {
    // A locked address is told so: the lock only exists after wrong guesses at a real code,
    // which already showed that a reset was under way, so it reveals nothing new. A cool-down or
    // cap answer would reveal that the account exists: answer the same, send nothing.
    if (!(error instanceof TooManyRequestsError) || error instanceof CodesLockedError) throw error;
  }
  return { message };
}

export async function verifyResetCode(deps: CodeCheckDeps, email: string, otp: string): Promise<{ message: string }> {
  await checkSubmittedCode(deps, email, 'reset', otp);
  return { message: 'OTP verified successfully!' };
}

export async function resetPassword(
  deps: AccountDeps & Directory & CodeKey,
  input: { email: string; otp: string; newPassword: string },
): Promise<{ message: string }> {
  const { store, directory, now } = deps;
  const state = await store.readCodeState(input.email, 'reset', now(), { emailOwner: true });
  const codeHash = await checkSubmittedCode(deps, input.email, 'reset', input.otp, undefined, state);
  if (!(await store.consumeCode(input.email, 'reset', codeHash, now()))) {
    throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  }
  const userId = state.emailOwner;
  if (!userId) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  await directory.setPassword(input.email, input.newPassword);
  // The new password is proven: the address's back-off goes with the old sessions, in one write.
  await endSessions(deps, userId, input.email, { clearLoginFailures: true });
  return { message: 'Password reset successful!' };
}
