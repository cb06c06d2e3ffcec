import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { pickFieldErrors, type FieldErrors } from '@/lib/form-errors';

/**
 * The spec's texts for the auth pages (customer §4, §5, §8; admin §8) that are not validation
 * messages of the shared schemas.
 */
export const AUTH_PAGE_MESSAGES = {
  loginFailed: 'Login failed',
  googleLoginFailed: 'Google login failed',
  registrationFailed: 'Registration failed',
  otpVerificationFailed: 'OTP verification failed',
  registrationSucceeded: 'Registration successful! Redirecting to dashboard...',
  registrationEmailMissing: 'Email not found. Please try registering again.',
  resendFailed: 'Failed to resend OTP',
  resendSucceeded: 'OTP resent successfully!',
  forgotSucceeded: 'Check email for OTP',
  forgotFailed: 'Failed to send reset instructions',
  forgotUnexpected: 'Something went wrong. Please try again.',
  resetOtpFailed: 'OTP verification failed.',
  resetOtpUnexpected: 'Something went wrong. Try again.',
  resetOtpSucceeded: 'OTP verified successfully!',
  resetEmailMissing: 'Email not found. Please try again.',
  resetFailed: 'Failed to reset password',
  resetUnexpected: 'Something went wrong',
  resetSucceeded: 'Password reset successful!',
  resetStepsMissing: 'Email or OTP not found. Please go back and enter your email again.',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  notAnAdmin: 'This account does not have administrator access. Customers sign in on the customer login page.',
  useAdminSignIn: 'This account signs in with two-factor authentication on the admin sign-in page.',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully. Please login again with your new password.',
  passwordUpdateFailed: 'Failed to update password',
} as const;

/** The server's own text, when the error body carried one (`message` or `msg`). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { message, msg } = error.body;
  if (typeof message === 'string' && message !== '') return message;
  if (typeof msg === 'string' && msg !== '') return msg;
  return undefined;
}

/** A request that never got an answer (offline, DNS, CORS) rather than a refusal. */
export const isUnreachable = (error: unknown) => !(error instanceof ApiError) || error.status === 0;

/** "Please wait 30 seconds" style suffix for a 429 whose message does not already say it. */
export function withRetryHint(error: unknown, message: string): string {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === undefined) return message;
  if (/\d/.test(message)) return message;
  return `${message} Please try again in ${formatWait(error.retryAfterSeconds)}.`;
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface SubmitFailureOptions {
  /** The text when the server could not be reached; the generic network message unless told. */
  unreachableText?: string;
  /** Adds the "Please try again in ..." hint to a 429 (see `withRetryHint`). */
  retryHint?: boolean;
}

/**
 * What a failed submit shows: the server's 400 field errors that belong to `fields`, and the
 * alert text (network message, the server's own message, or `fallback`).
 */
export function describeSubmitFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  { unreachableText = NETWORK_ERROR_MESSAGE, retryHint = false }: SubmitFailureOptions = {},
): { fieldErrors: FieldErrors<F>; text: string } {
  const fieldErrors =
    error instanceof ApiError && error.status === 400 ? pickFieldErrors(error.fieldErrors, fields) : {};
  if (isUnreachable(error)) return { fieldErrors, text: unreachableText };
  const text = serverMessage(error) ?? fallback;
  return { fieldErrors, text: retryHint ? withRetryHint(error, text) : text };
}
