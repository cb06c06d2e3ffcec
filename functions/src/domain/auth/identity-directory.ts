/**
 * The identity provider as the account use cases see it: sign-up, sign-in, tokens, passwords,
 * e-mail, sessions and TOTP. adapters/cognito-directory.ts implements it over Cognito; the tests
 * use a fake.
 */
export interface IssuedTokens {
  idToken: string;
  /** Only used to set up TOTP (Cognito's own token-authenticated calls); never handed to a browser. */
  accessToken?: string;
  /** The refresh token with the Cognito username it needs (see withUsername): opaque to callers. */
  refreshToken?: string;
  expiresIn: number;
  claims: { sub: string; email: string; groups: string[]; iat: number };
}

export type SignInResult =
  | { kind: 'ok'; tokens: IssuedTokens }
  | { kind: 'invalid' }
  | { kind: 'unconfirmed' }
  | { kind: 'disabled' }
  /** The password was right and the user has TOTP on: Cognito waits for a code in this session. */
  | { kind: 'mfa'; session: string }
  /**
   * The password was right, the pool requires MFA and the user has none yet (MFA_SETUP): TOTP is
   * set up inside this challenge session before Cognito hands out any token.
   */
  | { kind: 'mfa-setup'; session: string };

/** How a TOTP set-up inside Cognito's MFA_SETUP challenge ended. */
export type ChallengeSetupResult =
  | { kind: 'done'; tokens: IssuedTokens }
  | { kind: 'wrong-code' }
  /** The challenge session expired or was used up: the person signs in again. */
  | { kind: 'expired' };

export interface IdentityDirectory {
  signUp(email: string, password: string): Promise<string>;
  confirm(email: string): Promise<void>;
  signIn(email: string, password: string): Promise<SignInResult>;
  refresh(refreshToken: string): Promise<IssuedTokens | null>;
  setPassword(email: string, password: string): Promise<void>;
  /** Sets a new, proven address (only after a correct code for it: docs/security.md). */
  updateEmail(currentEmail: string, newEmail: string): Promise<void>;
  /** 'unsupported' when the directory lacks the call (cognito-local); errors are thrown. */
  signOutEverywhere(email: string): Promise<'done' | 'unsupported'>;
  /** Revokes one refresh token (and the tokens it issued); an unknown token is not an error. */
  revokeToken(refreshToken: string): Promise<void>;
  deleteUser(email: string): Promise<void>;
  /** Answers a TOTP challenge: 'invalid' for a wrong code or an expired session. */
  respondToMfa(email: string, session: string, code: string): Promise<SignInResult>;
  /** Starts TOTP for the user of an access token: the shared secret for the authenticator app. */
  startTotpSetup(accessToken: string): Promise<string>;
  /** Checks a first code against the new secret and, if right, makes TOTP the user's second factor. */
  finishTotpSetup(accessToken: string, code: string): Promise<boolean>;
  /** Starts TOTP inside an MFA_SETUP challenge: the secret, and the session to finish it in. */
  startTotpSetupInChallenge(session: string): Promise<{ secretCode: string; session: string }>;
  /** Checks a first code in an MFA_SETUP challenge and, if right, completes that sign-in with TOTP on. */
  finishTotpSetupInChallenge(email: string, session: string, code: string): Promise<ChallengeSetupResult>;
  /** Cognito's status for the user (e.g. 'CONFIRMED', 'UNCONFIRMED'), or null when there is none. */
  userStatus(email: string): Promise<string | null>;
}
