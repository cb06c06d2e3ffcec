import type { SessionUser } from '@goldbot/shared';

/**
 * A user's profile as the account use cases see it. The table's item (keys, search fields, list
 * index) is built from it in data/user-profile-entity.ts.
 */
export interface UserProfile {
  _id: string;
  username: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  isAdmin: boolean;
  referralCode: string;
  referralCount: number;
  referralEarnings: number;
  emailVerifiedAt?: string;
  /** The address a correct code proved (registration or e-mail change); Cognito is only ever told this one. */
  verifiedEmail?: string;
  /** A pending registration's password hash (scrypt), so sign-in can check it before Cognito confirms. */
  pendingPasswordHash?: string;
  /** Set when an administrator turned TOTP on; admin routes need it where admin MFA is required. */
  mfaEnabledAt?: string;
  /** Epoch seconds: tokens issued before this are refused (password reset, deactivation). */
  tokensValidAfter?: number;
  /**
   * Epoch ms: refresh sessions registered at or before this are refused (every session ended at
   * once by one write, without deleting each registry entry, so ending them costs one request).
   */
  sessionsValidAfterMs?: number;
  createdAt: string;
  updatedAt: string;
}

/** The user as the API answers it (the signed-in user of customer-site and back-office); `isAdmin` comes from the caller's groups, not storage. */
export const toSessionUser = (profile: UserProfile, isAdmin: boolean): SessionUser => ({
  userId: profile._id,
  username: profile.username,
  email: profile.email,
  phone: profile.phone,
  isAdmin,
  referralCode: profile.referralCode,
  referralCount: profile.referralCount,
  referralEarnings: profile.referralEarnings,
});
