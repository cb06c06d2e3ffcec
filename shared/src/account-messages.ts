/**
 * What every authenticated route, the sign-in and the Google sign-up say about the account itself,
 * in one place: the server's session guard, the login, the purchase and withdrawal use cases and
 * the Google pre-sign-up trigger refuse with these, and the web app recognises a deactivation by
 * the same sentence. Kept apart from the zod schemas so the web app's first load carries only
 * these sentences, not the schemas' code.
 */
export const ACCOUNT_MESSAGES = {
  /** A deactivated account, refused on every call and at sign-in (403). */
  deactivated: 'Account is deactivated',
  /** A valid token without a profile yet (a first Google or bootstrap-admin sign-in outside /api/auth/me). */
  noProfile: 'Your account is not set up yet. Please sign in again.',
  /** A token issued before a password reset, a sign-out of all devices or a deactivation (401). */
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;
