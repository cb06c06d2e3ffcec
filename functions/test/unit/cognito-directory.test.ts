import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  DescribeUserPoolClientCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cognitoDirectory, setUserEnabled } from '../../src/adapters/cognito-directory.js';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';

/**
 * The Cognito adapter (adapters/cognito-directory.ts) with the Cognito client mocked: the command
 * and input of each directory call, and how Cognito's answers and errors (the client's exceptions,
 * named by Cognito's code) become the directory's results. A sign-in's tokens and the MFA calls are in
 * cognito-directory.totp.test.ts.
 */
const cognito = mockClient(CognitoIdentityProviderClient);
afterAll(() => cognito.restore());
const SECRET = 'client-secret-1';
/** The web client is confidential: every sign-in, refresh and sign-up carries this. */
const hashOf = (username: string) => secretHash(username, 'test-client', SECRET);
const givenClientSecret = () =>
  cognito
    .on(DescribeUserPoolClientCommand, { UserPoolId: 'us-east-1_test', ClientId: 'test-client' })
    .resolves({ UserPoolClient: { ClientId: 'test-client', ClientSecret: SECRET } });
beforeEach(() => {
  cognito.reset();
  givenClientSecret();
});

const EMAIL = 'jane.doe@example.com';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ID_TOKEN = `${b64({ alg: 'RS256' })}.${b64({ sub: 'sub-1', 'cognito:username': 'user-1', email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 })}.c2ln`;

/** Cognito's error as the client throws it. */
const cognitoError = (name: string, message: string, status = 400) =>
  new CognitoIdentityProviderServiceException({
    name,
    message,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
  });

describe('cognitoDirectory', () => {
  // First in the file: the secret is read once per module instance (a cold start).
  it('reads the client secret once with DescribeUserPoolClient, and again after a failed read', async () => {
    cognito.reset();
    cognito.on(DescribeUserPoolClientCommand).rejects(cognitoError('TooManyRequestsException', 'Rate exceeded'));
    await expect(cognitoDirectory.signIn(EMAIL, 'Str0ng!Pass')).rejects.toThrow('Rate exceeded');
    expect(cognito.commandCalls(AdminInitiateAuthCommand)).toHaveLength(0);
    givenClientSecret();
    cognito.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: ID_TOKEN } });
    await cognitoDirectory.signIn(EMAIL, 'Str0ng!Pass');
    await cognitoDirectory.signIn(EMAIL, 'Str0ng!Pass');
    expect(cognito.commandCalls(DescribeUserPoolClientCommand)).toHaveLength(2);
    expect(cognito.commandCalls(AdminInitiateAuthCommand)).toHaveLength(2);
  });

  it('signs up with SignUp on the app client, the e-mail as username and attribute, and the SECRET_HASH', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: 'sub-1', UserConfirmed: false });
    await expect(cognitoDirectory.signUp(EMAIL, 'Str0ng!Pass')).resolves.toBe('sub-1');
    expect(cognito.commandCalls(SignUpCommand).map((call) => call.args[0].input)).toEqual([
      {
        ClientId: 'test-client',
        SecretHash: hashOf(EMAIL),
        Username: EMAIL,
        Password: 'Str0ng!Pass',
        UserAttributes: [{ Name: 'email', Value: EMAIL }],
      },
    ]);
  });

  it("answers UsernameExistsException with the spec's 409 message", async () => {
    cognito
      .on(SignUpCommand)
      .rejects(cognitoError('UsernameExistsException', 'An account with the given email already exists.'));
    await expect(cognitoDirectory.signUp(EMAIL, 'Str0ng!Pass')).rejects.toMatchObject({
      name: 'ConflictError',
      message: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it("answers the pool's password policy refusal as a 400 on the password", async () => {
    cognito.on(SignUpCommand).rejects(cognitoError('InvalidPasswordException', 'Password did not conform with policy'));
    await expect(cognitoDirectory.signUp(EMAIL, 'Str0ng!Pass')).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'This password is not accepted. Please choose a stronger password.',
    });
  });

  it('lets an unmapped Cognito error through as the client threw it', async () => {
    const refusal = cognitoError('InvalidParameterException', 'Invalid attributes given.');
    cognito.on(AdminSetUserPasswordCommand).rejects(refusal);
    await expect(cognitoDirectory.setPassword(EMAIL, 'N3w!Passw0rd')).rejects.toBe(refusal);
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input).toEqual({
      UserPoolId: 'us-east-1_test',
      Username: EMAIL,
      Password: 'N3w!Passw0rd',
      Permanent: true,
    });
  });

  it('answers the TOTP challenge of a user with two-factor sign-in as the MFA step', async () => {
    cognito.on(AdminInitiateAuthCommand).resolves({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'sess-1',
      ChallengeParameters: { USER_ID_FOR_SRP: 'user-1' },
    });
    await expect(cognitoDirectory.signIn(EMAIL, 'Str0ng!Pass')).resolves.toEqual({
      kind: 'mfa',
      session: 'user-1~sess-1',
    });
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', { kind: 'invalid' }],
    ['NotAuthorizedException', 'User is disabled.', { kind: 'disabled' }],
    ['UserNotFoundException', 'User does not exist.', { kind: 'invalid' }],
    ['InvalidPasswordException', 'Invalid password', { kind: 'invalid' }],
    ['UserNotConfirmedException', 'User is not confirmed.', { kind: 'unconfirmed' }],
  ])('answers sign-in refused with %s (%s) as %o', async (name, message, expected) => {
    cognito.on(AdminInitiateAuthCommand).rejects(cognitoError(name, message));
    await expect(cognitoDirectory.signIn(EMAIL, 'Wr0ng!Pass')).resolves.toEqual(expected);
  });

  it("refreshes server-side with REFRESH_TOKEN_AUTH and the SECRET_HASH of the token's username; a refused token is no session", async () => {
    cognito.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: ID_TOKEN, ExpiresIn: 600 } });
    await expect(cognitoDirectory.refresh('user-1~r-1')).resolves.toMatchObject({ idToken: ID_TOKEN, expiresIn: 600 });
    expect(cognito.commandCalls(AdminInitiateAuthCommand)[0]?.args[0].input).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      UserPoolId: 'us-east-1_test',
      ClientId: 'test-client',
      AuthParameters: { REFRESH_TOKEN: 'r-1', SECRET_HASH: hashOf('user-1') },
    });
    cognito
      .on(AdminInitiateAuthCommand)
      .rejects(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));
    await expect(cognitoDirectory.refresh('user-1~r-1')).resolves.toBeNull();
  });

  it('answers a refresh token without its username as no session, without asking Cognito', async () => {
    for (const handle of ['r-1', '~r-1', 'user-1~']) await expect(cognitoDirectory.refresh(handle)).resolves.toBeNull();
    expect(cognito.commandCalls(AdminInitiateAuthCommand)).toHaveLength(0);
  });

  it('revokes with the client secret; an unknown token is not an error', async () => {
    await cognitoDirectory.revokeToken('user-1~r-1');
    expect(cognito.commandCalls(RevokeTokenCommand)[0]?.args[0].input).toEqual({
      ClientId: 'test-client',
      ClientSecret: SECRET,
      Token: 'r-1',
    });
    cognito.on(RevokeTokenCommand).rejects(cognitoError('NotAuthorizedException', 'Invalid token'));
    await expect(cognitoDirectory.revokeToken('user-1~r-1')).resolves.toBeUndefined();
  });

  it("answers 'unsupported' for cognito-local's global sign-out (CognitoLocal#Unsupported, as the client names it)", async () => {
    cognito
      .on(AdminUserGlobalSignOutCommand)
      .rejects(cognitoError('Unsupported', 'Cognito Local unsupported feature: AdminUserGlobalSignOut', 500));
    await expect(cognitoDirectory.signOutEverywhere(EMAIL)).resolves.toBe('unsupported');
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    await expect(cognitoDirectory.signOutEverywhere(EMAIL)).resolves.toBe('done');
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[1]?.args[0].input).toEqual({
      UserPoolId: 'us-east-1_test',
      Username: EMAIL,
    });
  });

  it("reads a user's status, and no user as null", async () => {
    cognito.on(AdminGetUserCommand).resolves({ Username: EMAIL, UserStatus: 'CONFIRMED' });
    await expect(cognitoDirectory.userStatus(EMAIL)).resolves.toBe('CONFIRMED');
    cognito.on(AdminGetUserCommand).rejects(cognitoError('UserNotFoundException', 'User does not exist.'));
    await expect(cognitoDirectory.userStatus(EMAIL)).resolves.toBeNull();
  });

  it('deletes a user with AdminDeleteUser', async () => {
    cognito.on(AdminDeleteUserCommand).resolves({});
    await expect(cognitoDirectory.deleteUser(EMAIL)).resolves.toBeUndefined();
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input).toEqual({
      UserPoolId: 'us-east-1_test',
      Username: EMAIL,
    });
  });
});

describe('setUserEnabled', () => {
  it("disables and enables with Cognito's admin calls", async () => {
    await expect(setUserEnabled(EMAIL, false)).resolves.toBe('done');
    await expect(setUserEnabled(EMAIL, true)).resolves.toBe('done');
    const input = { UserPoolId: 'us-east-1_test', Username: EMAIL };
    expect(cognito.commandCalls(AdminDisableUserCommand).map((call) => call.args[0].input)).toEqual([input]);
    expect(cognito.commandCalls(AdminEnableUserCommand).map((call) => call.args[0].input)).toEqual([input]);
  });

  it("answers 'not-found' when the pool has no user by that address", async () => {
    cognito.on(AdminDisableUserCommand).rejects(cognitoError('UserNotFoundException', 'User does not exist.'));
    await expect(setUserEnabled(EMAIL, false)).resolves.toBe('not-found');
  });
});
