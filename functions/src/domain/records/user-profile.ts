import type { AdminUser, SessionUser } from '@goldbot/shared';

/** A user's profile as the use cases hold it, and the shapes the customer and the back-office see. */
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
  /** When an administrator last had a test mail sent to themself (the dashboard's first-run checklist). */
  testMailSentAt?: string;
  /** Epoch seconds: tokens issued before this are refused (password reset, deactivation). */
  tokensValidAfter?: number;
  /**
   * Epoch ms: refresh sessions registered at or before this are refused (every session ended at
   * once by one write, without deleting each registry entry, to keep the request within its round-trip budget).
   */
  sessionsValidAfterMs?: number;
  createdAt: string;
  updatedAt: string;
}

/** The signed-in user as the customer site sees it; `isAdmin` comes from the caller's groups, not storage. */
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

/** A row of the admin user list and detail view : no balances beyond the spec's, no secrets. */
export const toAdminUserView = (profile: UserProfile): AdminUser => ({
  _id: profile._id,
  username: profile.username,
  email: profile.email,
  phone: profile.phone,
  isActive: profile.isActive,
  isAdmin: profile.isAdmin,
  referralCode: profile.referralCode,
  referralEarnings: profile.referralEarnings,
  createdAt: profile.createdAt,
  updatedAt: profile.updatedAt,
});
