import { ForbiddenError } from '../errors.js';

export const ADMIN_MFA_MESSAGES = {
  required: 'Administrators must sign in with two-factor authentication. Please sign in again.',
  signInBeforeMfa:
    'This session began before two-factor authentication was turned on. Please sign in again with a code from your authenticator app.',
} as const;

/**
 * Where admin MFA is required, an administrator's token counts on an admin action only when TOTP is
 * on (`mfaEnabledAt`) and the token's sign-in (`auth_time`, kept by refreshed tokens) came after it:
 * a token fetched with the password alone, before enrolment, stays refused even though TOTP is on
 * now. Cognito challenges every sign-in once TOTP is on, so a later sign-in has passed it.
 */
export function assertAdminMfa(profile: { mfaEnabledAt?: string }, authTimeSeconds: number): void {
  if (!profile.mfaEnabledAt) throw new ForbiddenError(ADMIN_MFA_MESSAGES.required);
  const enabledSeconds = Math.floor(Date.parse(profile.mfaEnabledAt) / 1000);
  if (!(authTimeSeconds >= enabledSeconds)) throw new ForbiddenError(ADMIN_MFA_MESSAGES.signInBeforeMfa);
}
