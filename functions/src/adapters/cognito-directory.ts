import {
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.js';
import { ConflictError, ValidationError } from '../domain/errors.js';

/**
 * The Cognito user pool behind the spec's auth endpoints. The pool's username is the e-mail
 * address. Everything Cognito-specific (error names, token parsing) stays here.
 *
 * One client per execution environment, created at import and reused by every invocation (the
 * PreSignUp trigger calls Cognito the same way). A refusal is the client's error, named by
 * Cognito's error code (UsernameExistsException, NotAuthorizedException...); throttling and 5xx
 * answers are retried by the client's standard mode. Locally the endpoint is cognito-local
 * (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), which serves the same protocol.
 */
const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.endpoints.cognito });

/**
 * Sets a user's address and marks it verified. The e-mail travels with the flag even when it does
 * not change: cognito-local insists, and AWS accepts the same value.
 */
async function setVerifiedEmail(username: string, email: string): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: config.userPoolId,
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export interface IssuedTokens {
  idToken: string;
  /** Only used to set up TOTP (Cognito's own token-authenticated calls); never handed to a browser. */
  accessToken?: string;
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
  /** Sets a new, proven address (only after a correct code for it: docs/security.md H2). */
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

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';

/** Reads the claims of a token Cognito just handed us over TLS (no signature check needed here). */
export function decodeClaims(idToken: string): IssuedTokens['claims'] {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const groups = payload['cognito:groups'];
  return {
    sub: String(payload.sub),
    email: String(payload.email ?? ''),
    groups: Array.isArray(groups) ? groups.map(String) : [],
    iat: Number(payload.iat ?? 0),
  };
}

function toSignInResult(auth: AuthenticationResultType | undefined): SignInResult {
  if (!auth?.IdToken) return { kind: 'invalid' };
  return {
    kind: 'ok',
    tokens: {
      idToken: auth.IdToken,
      accessToken: auth.AccessToken,
      refreshToken: auth.RefreshToken,
      expiresIn: auth.ExpiresIn ?? 3600,
      claims: decodeClaims(auth.IdToken),
    },
  };
}

export const cognitoDirectory: IdentityDirectory = {
  async signUp(email, password) {
    try {
      const result = await cognito.send(
        new SignUpCommand({
          ClientId: config.userPoolClientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
      if (!result.UserSub) throw new Error('Cognito SignUp returned no user id');
      return result.UserSub;
    } catch (error) {
      if (errorName(error) === 'UsernameExistsException') {
        throw new ConflictError('An account with this email already exists. Please sign in instead.');
      }
      if (errorName(error) === 'InvalidPasswordException') {
        // The pool policy refused it (our schema checks the same rules first): a bad input, not a conflict.
        const message = 'This password is not accepted. Please choose a stronger password.';
        throw new ValidationError(message, { password: message });
      }
      throw error;
    }
  },

  async confirm(email) {
    try {
      await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: config.userPoolId, Username: email }));
    } catch (error) {
      // Confirming twice (a retried request) is fine.
      if (errorName(error) !== 'NotAuthorizedException') throw error;
    }
    await setVerifiedEmail(email, email);
  },

  async signIn(email, password) {
    try {
      const result = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config.userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA' && result.Session)
        return { kind: 'mfa', session: result.Session };
      return toSignInResult(result.AuthenticationResult);
    } catch (error) {
      const name = errorName(error);
      if (name === 'UserNotConfirmedException') return { kind: 'unconfirmed' };
      // A deactivated user is disabled in Cognito, which answers this with its own message.
      if (name === 'NotAuthorizedException' && /disabled/i.test((error as Error).message)) return { kind: 'disabled' };
      // AWS answers NotAuthorizedException for a wrong password; cognito-local InvalidPasswordException.
      if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name)) {
        return { kind: 'invalid' };
      }
      throw error;
    }
  },

  async refresh(refreshToken) {
    try {
      const result = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: config.userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
      const auth = result.AuthenticationResult;
      if (!auth?.IdToken) return null;
      return { idToken: auth.IdToken, expiresIn: auth.ExpiresIn ?? 3600, claims: decodeClaims(auth.IdToken) };
    } catch (error) {
      if (errorName(error) === 'NotAuthorizedException') return null;
      throw error;
    }
  },

  async setPassword(email, password) {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config.userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  },

  async updateEmail(currentEmail, newEmail) {
    // Called only once a code sent to the new address came back, so the address is proven.
    await setVerifiedEmail(currentEmail, newEmail);
  },

  async signOutEverywhere(email) {
    try {
      await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: email }));
      return 'done';
    } catch (error) {
      // cognito-local has no AdminUserGlobalSignOut (it answers CognitoLocal#Unsupported, which the
      // client names Unsupported); AWS always has it.
      if (/unsupported/i.test(errorName(error))) {
        return 'unsupported';
      }
      throw error;
    }
  },

  async revokeToken(refreshToken) {
    try {
      await cognito.send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: refreshToken }));
    } catch (error) {
      // Already revoked, expired or not ours: there is nothing left to end.
      if (!['NotAuthorizedException', 'UnauthorizedException', 'InvalidParameterException'].includes(errorName(error)))
        throw error;
    }
  },

  async respondToMfa(email, session, code) {
    try {
      const result = await cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: config.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
      return toSignInResult(result.AuthenticationResult);
    } catch (error) {
      // A wrong code, a used or expired session (3 minutes): the person signs in again.
      if (['CodeMismatchException', 'NotAuthorizedException', 'ExpiredCodeException'].includes(errorName(error))) {
        return { kind: 'invalid' };
      }
      throw error;
    }
  },

  async startTotpSetup(accessToken) {
    const result = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!result.SecretCode) throw new Error('Cognito returned no TOTP secret');
    return result.SecretCode;
  },

  async finishTotpSetup(accessToken, code) {
    try {
      const result = await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code }));
      if (result.Status !== 'SUCCESS') return false;
    } catch (error) {
      if (['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(errorName(error))) return false;
      throw error;
    }
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return true;
  },

  async userStatus(email) {
    try {
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }));
      return user.UserStatus ?? null;
    } catch (error) {
      if (errorName(error) === 'UserNotFoundException') return null;
      throw error;
    }
  },

  async deleteUser(email) {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: email }));
  },
};

/**
 * An administrator's deactivation and activation (docs/data-model.md T11): AdminDisableUser makes
 * Cognito refuse every sign-in and refresh of the user; AdminEnableUser lets them in again. Both are
 * idempotent. 'not-found' when the pool has no user by this address (a Google-only identity, whose
 * Cognito username is not the e-mail): the profile's `isActive` flag still refuses them on every
 * route and at sign-in. cognito-local 5.3 supports both calls (its InitiateAuth does not check the
 * flag, so locally the profile flag alone refuses the sign-in).
 */
export async function setUserEnabled(email: string, enabled: boolean): Promise<'done' | 'not-found'> {
  const input = { UserPoolId: config.userPoolId, Username: email };
  try {
    await cognito.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
    return 'done';
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return 'not-found';
    throw error;
  }
}
