import { ADMIN_SIGN_IN_REQUIRED_MESSAGE } from '@goldbot/shared';
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

/**
 * An administrator acts only with a token from the API's own sign-in (`apiSignIn`, read from the
 * token by kit/identity.ts): never with one a Google sign-in through the hosted UI produced,
 * which passed no TOTP although its `auth_time` is fresh and its groups name the administrator.
 * Checked on every admin route (the handler kit), on the admin branches of user routes and on a
 * wallet activation, whether or not admin MFA is required.
 */
export function assertApiSignIn(token: { apiSignIn?: boolean }): void {
  if (token.apiSignIn !== true) throw new ForbiddenError(ADMIN_SIGN_IN_REQUIRED_MESSAGE);
}

/**
 * The checks of an admin action on a route that is not admin-only (another account's profile,
 * another customer's receipt), the same as an admin route's: a token from the API's own sign-in
 * and, where admin MFA is required, TOTP on (`profile`: the administrator's own) before that
 * sign-in.
 */
export function assertAdminAction(
  token: { apiSignIn?: boolean; authTime?: number },
  profile: { mfaEnabledAt?: string } | null | undefined,
  mfaRequired: boolean,
): void {
  assertApiSignIn(token);
  if (mfaRequired) assertAdminMfa(profile ?? {}, token.authTime ?? 0);
}

/** How recent the TOTP code behind an administrator's token must be for a wallet activation. */
export const FRESH_TOTP_SECONDS = 5 * 60;

export const FRESH_TOTP_MESSAGE = 'Enter your password and a code from your authenticator app to activate a wallet.';

/**
 * Where admin MFA is required, activating a receiving wallet needs a TOTP code entered within the
 * last five minutes. Every administrator sign-in there passes Cognito's TOTP challenge (or its
 * enrolment), and the ID token's `auth_time` is that sign-in's time, signed by Cognito and kept by
 * refreshed tokens: a token whose sign-in is at most five minutes old therefore carries a code at
 * most five minutes old. The 403 names `totpRequired`, so the back-office asks for a fresh sign-in
 * (password and code) and sends the save again.
 */
export function assertFreshTotp(authTimeSeconds: number, nowMs: number): void {
  if (!(authTimeSeconds * 1000 >= nowMs - FRESH_TOTP_SECONDS * 1000)) {
    throw new ForbiddenError(FRESH_TOTP_MESSAGE, { totpRequired: true });
  }
}
