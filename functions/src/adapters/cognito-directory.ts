import {
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  ListUsersInGroupCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
  type AdminInitiateAuthCommandOutput,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { BaseProvider } from '@aws-lambda-powertools/parameters/base';
import { ADMIN_GROUP } from '@goldbot/shared';
import { config } from '../config.js';
import { splitHandle, withUsername } from '../domain/auth/cognito-handle.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import { secretHash } from './cognito-secret-hash.js';
import type { IdentityDirectory, IssuedTokens, SignInResult } from '../domain/auth/identity-directory.js';

/**
 * The Cognito user pool behind the spec's auth endpoints. The pool's username is the e-mail
 * address. Everything Cognito-specific (error names, token parsing) stays here.
 *
 * One client per execution environment, created at import and reused by every invocation (the
 * PreSignUp trigger calls Cognito the same way). A refusal is the client's error, named by
 * Cognito's error code (UsernameExistsException, NotAuthorizedException...); throttling and 5xx
 * answers are retried by the client's standard mode. Locally the endpoint is cognito-local
 * (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), which serves the same protocol.
 *
 * Over 400 lines because it implements the whole identity port (domain/auth/identity-directory.ts)
 * over one client and one secret-hash rule; splitting it would spread Cognito's error mapping.
 */
const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.endpoints.cognito });
/** The client itself, for the local stack's middleware (scripts/local/stack.ts: fault injection). */
export { cognito as cognitoClient };

/**
 * The web app client is confidential (infra/lib/auth-stack.ts): sign-up, sign-in, challenge
 * answers, refresh and revocation all need its secret, so its public id alone lets nobody use
 * Cognito around this API. The secret is never in the template or the environment: the functions
 * that need it read it with DescribeUserPoolClient (granted to those functions only,
 * infra/lib/access.ts) and keep it in memory for CLIENT_SECRET_MAX_AGE_SECONDS, cached the one
 * way secrets are (Powertools Parameters, as adapters/secrets.ts); a failed read (throttling, a
 * deploy in progress) is tried again on the next call. Locally cognito-local hands out the secret
 * of the client the bootstrap created the same way (it does not check it).
 */
export const CLIENT_SECRET_MAX_AGE_SECONDS = 60 * 60;

class UserPoolClientSecretProvider extends BaseProvider {
  constructor() {
    super({});
  }

  protected async _get(clientId: string): Promise<string> {
    const result = await cognito.send(
      new DescribeUserPoolClientCommand({ UserPoolId: config.userPoolId, ClientId: clientId }),
    );
    const secret = result.UserPoolClient?.ClientSecret;
    if (!secret) throw new Error('The user pool client has no secret: it must be created with one (generateSecret)');
    return secret;
  }

  protected _getMultiple(): Promise<undefined> {
    return Promise.reject(new Error('A user pool client secret is read one client at a time'));
  }
}

const clientSecrets = new UserPoolClientSecretProvider();

const webClientSecret = async (): Promise<string> =>
  String(await clientSecrets.get(config.userPoolClientId, { maxAge: CLIENT_SECRET_MAX_AGE_SECONDS }));

const hashFor = async (username: string) => secretHash(username, config.userPoolClientId, await webClientSecret());

/**
 * A server-side sign-in step (IAM-authorised, with the client secret's hash for `username`): the
 * password flow or the refresh, the only ones the web client allows.
 */
const initiateAuth = async (
  flow: 'ADMIN_USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH',
  username: string,
  parameters: Record<string, string>,
) =>
  cognito.send(
    new AdminInitiateAuthCommand({
      AuthFlow: flow,
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      AuthParameters: { ...parameters, SECRET_HASH: await hashFor(username) },
    }),
  );

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

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';

/** The payload of a token Cognito just handed us over TLS (no signature check needed here). */
const payloadOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** Reads the claims of a token Cognito just handed us. */
export function decodeClaims(idToken: string): IssuedTokens['claims'] {
  const payload = payloadOf(idToken);
  const groups = payload['cognito:groups'];
  return {
    sub: String(payload.sub),
    email: String(payload.email ?? ''),
    groups: Array.isArray(groups) ? groups.map(String) : [],
    iat: Number(payload.iat ?? 0),
  };
}

/** The Cognito username in an ID token (`cognito:username`; the sub in a pool that signs in by e-mail). */
function usernameOf(idToken: string): string {
  const payload = payloadOf(idToken);
  return String(payload['cognito:username'] ?? payload.sub);
}

function toSignInResult(auth: AuthenticationResultType | undefined): SignInResult {
  if (!auth?.IdToken) return { kind: 'invalid' };
  return {
    kind: 'ok',
    tokens: {
      idToken: auth.IdToken,
      accessToken: auth.AccessToken,
      refreshToken: auth.RefreshToken ? withUsername(usernameOf(auth.IdToken), auth.RefreshToken) : undefined,
      expiresIn: auth.ExpiresIn ?? 3600,
      claims: decodeClaims(auth.IdToken),
    },
  };
}

/**
 * What a sign-in or a challenge answer led to. SOFTWARE_TOKEN_MFA: the user has TOTP on and
 * Cognito waits for a code in this session; MFA_SETUP: the pool requires MFA and the user has none
 * yet (AWS only: cognito-local never challenges). The session carries the username Cognito named
 * for the challenge (USER_ID_FOR_SRP), which the answer's SECRET_HASH must use.
 */
function toChallengeOrTokens(
  result: Pick<
    AdminInitiateAuthCommandOutput,
    'ChallengeName' | 'ChallengeParameters' | 'Session' | 'AuthenticationResult'
  >,
  email: string,
): SignInResult {
  if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA' && result.Session) {
    const username = result.ChallengeParameters?.USER_ID_FOR_SRP ?? email;
    return { kind: 'mfa', session: withUsername(username, result.Session) };
  }
  if (result.ChallengeName === 'MFA_SETUP' && result.Session) {
    const username = result.ChallengeParameters?.USER_ID_FOR_SRP ?? email;
    return { kind: 'mfa-setup', session: withUsername(username, result.Session) };
  }
  // Any other challenge (NEW_PASSWORD_REQUIRED for a console-created user...) is not a sign-in.
  if (result.ChallengeName) return { kind: 'invalid' };
  return toSignInResult(result.AuthenticationResult);
}

/**
 * Answers a challenge server-side (IAM-authorised, with the client secret): the SECRET_HASH is that
 * of the username Cognito named for the challenge, which travels in the session handle.
 */
async function answerChallenge(
  challenge: 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP',
  handle: { username: string; value: string },
  email: string,
  responses: Record<string, string> = {},
): Promise<SignInResult> {
  const result = await cognito.send(
    new AdminRespondToAuthChallengeCommand({
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      ChallengeName: challenge,
      Session: handle.value,
      ChallengeResponses: { USERNAME: handle.username, ...responses, SECRET_HASH: await hashFor(handle.username) },
    }),
  );
  return toChallengeOrTokens(result, email);
}

/** Makes TOTP the user's preferred second factor (a token-authenticated call). */
async function preferTotp(accessToken: string): Promise<void> {
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
}

export const cognitoDirectory: IdentityDirectory = {
  async signUp(email, password) {
    try {
      const result = await cognito.send(
        new SignUpCommand({
          ClientId: config.userPoolClientId,
          SecretHash: await hashFor(email),
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
      // Server-side sign-in (ADMIN_USER_PASSWORD_AUTH): IAM-authorised and with the client secret,
      // the only password flow the web client allows.
      const result = await initiateAuth('ADMIN_USER_PASSWORD_AUTH', email, { USERNAME: email, PASSWORD: password });
      return toChallengeOrTokens(result, email);
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
    // A handle without its username (a cookie from before the client had a secret) cannot be
    // refreshed: the person signs in again.
    const handle = splitHandle(refreshToken);
    if (!handle) return null;
    try {
      const result = await initiateAuth('REFRESH_TOKEN_AUTH', handle.username, { REFRESH_TOKEN: handle.value });
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
    const handle = splitHandle(refreshToken);
    if (!handle) return;
    try {
      await cognito.send(
        new RevokeTokenCommand({
          ClientId: config.userPoolClientId,
          ClientSecret: await webClientSecret(),
          Token: handle.value,
        }),
      );
    } catch (error) {
      // Already revoked, expired or not ours: there is nothing left to end.
      if (!['NotAuthorizedException', 'UnauthorizedException', 'InvalidParameterException'].includes(errorName(error)))
        throw error;
    }
  },

  async respondToMfa(email, session, code) {
    // A session from before the username travelled with it: sign in again.
    const handle = splitHandle(session);
    if (!handle) return { kind: 'invalid' };
    try {
      return await answerChallenge('SOFTWARE_TOKEN_MFA', handle, email, { SOFTWARE_TOKEN_MFA_CODE: code });
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
    await preferTotp(accessToken);
    return true;
  },

  async startTotpSetupInChallenge(session) {
    const handle = splitHandle(session);
    if (!handle) throw new Error('An MFA_SETUP session without its username');
    const result = await cognito.send(new AssociateSoftwareTokenCommand({ Session: handle.value }));
    if (!result.SecretCode || !result.Session) throw new Error('Cognito returned no TOTP secret or session');
    return { secretCode: result.SecretCode, session: withUsername(handle.username, result.Session) };
  },

  async finishTotpSetupInChallenge(email, session, code) {
    const handle = splitHandle(session);
    if (!handle) return { kind: 'expired' };
    let verifiedSession: string | undefined;
    try {
      const verified = await cognito.send(new VerifySoftwareTokenCommand({ Session: handle.value, UserCode: code }));
      if (verified.Status !== 'SUCCESS') return { kind: 'wrong-code' };
      verifiedSession = verified.Session;
    } catch (error) {
      if (['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(errorName(error))) {
        return { kind: 'wrong-code' };
      }
      // The challenge lives 3 minutes and each step hands out the next session.
      if (['NotAuthorizedException', 'ExpiredCodeException'].includes(errorName(error))) return { kind: 'expired' };
      throw error;
    }
    if (!verifiedSession) return { kind: 'expired' };
    let outcome: SignInResult;
    try {
      // The code is proven: the challenge's answer completes the sign-in (tokens, TOTP on).
      outcome = await answerChallenge('MFA_SETUP', { username: handle.username, value: verifiedSession }, email);
    } catch (error) {
      if (['NotAuthorizedException', 'ExpiredCodeException'].includes(errorName(error))) return { kind: 'expired' };
      throw error;
    }
    if (outcome.kind !== 'ok') return { kind: 'expired' };
    if (outcome.tokens.accessToken) {
      // As the set-up with an access token does: TOTP is the user's preferred second factor.
      await preferTotp(outcome.tokens.accessToken);
    }
    return { kind: 'done', tokens: outcome.tokens };
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
 * An administrator's deactivation and activation (docs/data-model.md, "Activate / deactivate"): AdminDisableUser makes
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

/** Pages of the admin group read at most (60 users each): far beyond any real team. */
const MAX_ADMIN_PAGES = 10;

/**
 * The e-mail addresses of the enabled members of the `admin` group (ListUsersInGroup, granted to
 * the functions that mail every administrator only: infra/lib/access.ts). A disabled member (a
 * deactivated administrator) is left out. cognito-local 5.3 serves the same call (in one page).
 */
export async function adminEmails(): Promise<string[]> {
  const emails: string[] = [];
  let nextToken: string | undefined;
  for (let page = 0; page < MAX_ADMIN_PAGES; page += 1) {
    const result = await cognito.send(
      new ListUsersInGroupCommand({
        UserPoolId: config.userPoolId,
        GroupName: ADMIN_GROUP,
        Limit: 60,
        NextToken: nextToken,
      }),
    );
    for (const user of result.Users ?? []) {
      const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
      if (email && user.Enabled !== false) emails.push(email);
    }
    nextToken = result.NextToken;
    if (!nextToken) break;
  }
  return [...new Set(emails)];
}
