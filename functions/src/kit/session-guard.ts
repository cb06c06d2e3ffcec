import { ACCOUNT_MESSAGES } from '@goldbot/shared';
import type { UserProfile } from '../domain/records/user-profile.js';
import { ADMIN_MFA_MESSAGES, assertAdminMfa } from '../domain/auth/admin-mfa.js';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.js';
import type { SessionGuard } from './middlewares/session-check.js';

export const SESSION_MESSAGES = {
  noProfile: ACCOUNT_MESSAGES.noProfile,
  mfaRequired: ADMIN_MFA_MESSAGES.required,
} as const;

/** Reads a caller's profile (one GetItem); wiring/ passes the DynamoDB store's. */
export type ProfileReader = (userId: string) => Promise<UserProfile | undefined>;

/**
 * The guard checked on every authenticated request (docs/security.md, "The per-request session
 * guard"): a caller needs a profile, a deactivated account is refused everywhere, tokens issued
 * before a password reset or deactivation no longer work even though their signature and expiry
 * are still valid, and admin routes need TOTP where admin MFA is required. One profile read, by
 * the reader wiring/ injects, so the kit itself loads no store.
 */
export function createSessionGuard(readProfile: ProfileReader): SessionGuard {
  return async (caller, options = {}) => {
    const profile = await readProfile(caller.userId);
    if (!profile) {
      // A valid token without a profile: a first Google or bootstrap-admin sign-in, whose profile
      // only /api/auth/me creates. Everywhere else it is refused (the guard never fails open).
      if (options.allowMissingProfile === true) return null;
      throw new UnauthorizedError(SESSION_MESSAGES.noProfile);
    }
    if (!profile.isActive) throw new ForbiddenError(ACCOUNT_MESSAGES.deactivated);
    // `iat` has one-second resolution: a token from the same second as the revocation is refused
    // too (safe side; a sign-in that fast after a reset simply signs in again).
    if (profile.tokensValidAfter !== undefined && caller.issuedAt <= profile.tokensValidAfter) {
      throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionEnded);
    }
    // An administrator's token counts on admin routes only once TOTP is on, and only from a sign-in
    // after that (admin-mfa.ts). Cognito challenges every sign-in of a user with TOTP on, so this also
    // covers tokens fetched from Cognito directly, around our login.
    if (options.requireMfa === true) assertAdminMfa(profile, caller.authTime);
    return profile;
  };
}
