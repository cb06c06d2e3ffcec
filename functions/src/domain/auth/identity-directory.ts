/**
 * The identity provider as the account use cases see it (Cognito in AWS, cognito-local on one
 * machine): implemented by adapters/cognito-directory.ts, faked in the unit tests.
 */
export interface IssuedTokens {
  idToken: string;
  /** Only used to set up TOTP (Cognito's own token-authenticated calls); never handed to a browser. */
  accessToken?: string;
  /** The refresh token with the Cognito username it needs (adapters/cognito-directory.ts adds it): opaque to callers. */
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
  | { kind: 'mfa'; session: string };

export interface IdentityDirectory {
  signUp(email: string, password: string): Promise<string>;
  confirm(email: string): Promise<void>;
  signIn(email: string, password: string): Promise<SignInResult>;
  refresh(refreshToken: string): Promise<IssuedTokens | null>;
  setPassword(email: string, password: string): Promise<void>;
  /** Sets a new, proven address (only after a correct code for it, see docs/security.md). */
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
  /** Cognito's status for the user (e.g. 'CONFIRMED', 'UNCONFIRMED'), or null when there is none. */
  userStatus(email: string): Promise<string | null>;
}
