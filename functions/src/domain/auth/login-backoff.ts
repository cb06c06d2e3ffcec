import { AUTH, ACCOUNT_MESSAGES } from '@goldbot/shared';

/**
 * Login back-off, like Cognito's own lockout but enforced by us so it also holds locally: after
 * 5 consecutive failures each further failure blocks the account for 30 s, 60 s, 120 s ... up to
 * 15 minutes. A success resets the count.
 */
export const BACKOFF_BASE_SECONDS = 30;
export const BACKOFF_MAX_SECONDS = 15 * 60;

export function backoffSeconds(consecutiveFailures: number): number {
  const over = consecutiveFailures - AUTH.loginFailuresBeforeBackoff;
  if (over < 0) return 0;
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** over, BACKOFF_MAX_SECONDS);
}

export const LOGIN_MESSAGES = {
  invalid: 'Invalid email or password',
  blocked: (seconds: number) =>
    `Too many failed sign-in attempts. Please wait ${seconds} seconds before trying again, or reset your password.`,
  unverified: 'Please verify your email first. We have sent you a new code.',
  deactivated: ACCOUNT_MESSAGES.deactivated,
} as const;
