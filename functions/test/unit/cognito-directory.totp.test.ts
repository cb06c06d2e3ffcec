import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH } from '@goldbot/shared';
import { cognitoDirectory } from '../../src/adapters/cognito-directory.js';
import { config } from '../../src/config.js';
import { accountIdentityStore } from '../../src/data/account-identity-store.js';
import { mfaSetupStore } from '../../src/data/mfa-setup-store.js';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';
import { cognitoError, idTokenFor, TEST_CLIENT_SECRET, useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * The two adapters of the admin two-factor sign-in (docs/security.md, "Administrators sign in with TOTP") against the DynamoDB
 * client mocked and the Cognito fake (helpers/cognito-fake.ts): how Cognito's TOTP challenge and set-up calls become directory answers, and what the
 * set-up item and the profile's mfaEnabledAt look like in the table.
 */
const cognito = useCognitoFake();
const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  cognito.reset();
  dynamo.reset();
});
afterAll(() => {
  dynamo.restore();
});

const EMAIL = 'admin@example.com';
const SUB = '9d2c4f6e-1b3a-4c5d-8e7f-0a1b2c3d4e5f';
const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 });
/** What Cognito checks on every call of the confidential web client (helpers/cognito-fake.ts's secret). */
const hashOf = (username: string) => secretHash(username, config.userPoolClientId, TEST_CLIENT_SECRET);

describe('cognitoDirectory: the TOTP challenge (AWS only: cognito-local never challenges)', () => {
  it('signs in server-side and answers the session of a SOFTWARE_TOKEN_MFA challenge, with its username', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'cognito-session-1',
      ChallengeParameters: { USER_ID_FOR_SRP: SUB },
    });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({
      kind: 'mfa',
      session: `${SUB}~cognito-session-1`,
    });
    expect(cognito.inputsOf('AdminInitiateAuth')[0]).toEqual({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: EMAIL, PASSWORD: 'Adm1n!Pass', SECRET_HASH: hashOf(EMAIL) },
    });
  });

  it('still answers tokens, including the access token, when there is no challenge', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, AccessToken: 'access-1', RefreshToken: 'refresh-1', ExpiresIn: 3600 },
    });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({
      kind: 'ok',
      tokens: {
        idToken: ID_TOKEN,
        accessToken: 'access-1',
        // The refresh needs the user's Cognito username for its SECRET_HASH: it travels with the token.
        refreshToken: `${SUB}~refresh-1`,
        expiresIn: 3600,
        claims: { sub: SUB, email: EMAIL, groups: ['admin'], iat: 1767268500 },
      },
    });
  });

  it('answers a challenge without a session, or another challenge, as invalid, never as tokens', async () => {
    cognito.on('AdminInitiateAuth').resolves({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({ kind: 'invalid' });
    cognito.on('AdminInitiateAuth').resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
    await expect(cognitoDirectory.signIn(EMAIL, 'Adm1n!Pass')).resolves.toEqual({ kind: 'invalid' });
  });

  it('answers the code with AdminRespondToAuthChallenge under the challenge username and hands back the tokens', async () => {
    cognito.on('AdminRespondToAuthChallenge').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, AccessToken: 'access-2', RefreshToken: 'refresh-2', ExpiresIn: 1800 },
    });
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~cognito-session-1`, '123456')).resolves.toEqual({
      kind: 'ok',
      tokens: {
        idToken: ID_TOKEN,
        accessToken: 'access-2',
        refreshToken: `${SUB}~refresh-2`,
        expiresIn: 1800,
        claims: { sub: SUB, email: EMAIL, groups: ['admin'], iat: 1767268500 },
      },
    });
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')[0]).toEqual({
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'cognito-session-1',
      ChallengeResponses: { USERNAME: SUB, SOFTWARE_TOKEN_MFA_CODE: '123456', SECRET_HASH: hashOf(SUB) },
    });
  });

  it('answers a session without its username as invalid without asking Cognito', async () => {
    await expect(cognitoDirectory.respondToMfa(EMAIL, 'cognito-session-1', '123456')).resolves.toEqual({
      kind: 'invalid',
    });
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')).toEqual([]);
  });

  it.each([
    ['CodeMismatchException (wrong code)', cognitoError('CodeMismatchException', 'Invalid code received for user')],
    ['NotAuthorizedException (used session)', cognitoError('NotAuthorizedException', 'Invalid session for the user.')],
    ['ExpiredCodeException (expired session)', cognitoError('ExpiredCodeException', 'Your software token has expired')],
  ])('answers %s as invalid', async (_label, error) => {
    cognito.on('AdminRespondToAuthChallenge').rejects(error);
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~cognito-session-1`, '000000')).resolves.toEqual({
      kind: 'invalid',
    });
  });

  it('answers a result without an ID token as invalid, and lets other errors through', async () => {
    cognito.on('AdminRespondToAuthChallenge').resolves({});
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~s`, '123456')).resolves.toEqual({ kind: 'invalid' });
    cognito.on('AdminRespondToAuthChallenge').rejects(cognitoError('InvalidParameterException', 'bad request'));
    await expect(cognitoDirectory.respondToMfa(EMAIL, `${SUB}~s`, '123456')).rejects.toThrow('bad request');
  });
});

describe('cognitoDirectory: setting up TOTP', () => {
  it("starts with the access token and answers Cognito's shared secret", async () => {
    cognito.on('AssociateSoftwareToken').resolves({ SecretCode: 'JBSWY3DPEHPK3PXP' });
    await expect(cognitoDirectory.startTotpSetup('access-1')).resolves.toBe('JBSWY3DPEHPK3PXP');
    expect(cognito.inputsOf('AssociateSoftwareToken')[0]).toEqual({ AccessToken: 'access-1' });
  });

  it('fails when Cognito hands out no secret', async () => {
    cognito.on('AssociateSoftwareToken').resolves({});
    await expect(cognitoDirectory.startTotpSetup('access-1')).rejects.toThrow('Cognito returned no TOTP secret');
  });

  it('makes TOTP the preferred second factor once the first code is right', async () => {
    cognito.on('VerifySoftwareToken').resolves({ Status: 'SUCCESS' });
    cognito.on('SetUserMFAPreference').resolves({});
    await expect(cognitoDirectory.finishTotpSetup('access-1', '123456')).resolves.toBe(true);
    expect(cognito.inputsOf('VerifySoftwareToken')[0]).toEqual({
      AccessToken: 'access-1',
      UserCode: '123456',
    });
    expect(cognito.inputsOf('SetUserMFAPreference')).toEqual([
      { AccessToken: 'access-1', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
    ]);
  });

  it.each([
    ['Status ERROR', () => cognito.on('VerifySoftwareToken').resolves({ Status: 'ERROR' })],
    ['no Status', () => cognito.on('VerifySoftwareToken').resolves({})],
    [
      'CodeMismatchException',
      () => cognito.on('VerifySoftwareToken').rejects(cognitoError('CodeMismatchException', 'Code mismatch')),
    ],
    [
      'EnableSoftwareTokenMFAException',
      () =>
        cognito
          .on('VerifySoftwareToken')
          .rejects(cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA')),
    ],
  ])('answers false for %s and turns nothing on', async (_label, given) => {
    given();
    cognito.on('SetUserMFAPreference').resolves({});
    await expect(cognitoDirectory.finishTotpSetup('access-1', '000000')).resolves.toBe(false);
    expect(cognito.inputsOf('SetUserMFAPreference')).toHaveLength(0);
  });

  it('lets other errors through, turning nothing on', async () => {
    cognito.on('VerifySoftwareToken').rejects(cognitoError('NotAuthorizedException', 'Access Token has expired'));
    await expect(cognitoDirectory.finishTotpSetup('access-1', '123456')).rejects.toThrow('Access Token has expired');
    expect(cognito.inputsOf('SetUserMFAPreference')).toHaveLength(0);
  });
});

describe('mfaSetupStore: the TOTP set-up item and mfaEnabledAt', () => {
  const NOW_MS = Date.parse('2026-11-23T12:00:00.000Z');
  const NOW = NOW_MS / 1000;
  const KEY = { PK: 'MFASETUP#setup-1', SK: 'MFASETUP' };
  const SETUP = { userId: SUB, email: EMAIL, accessToken: 'access-1' };

  it('writes a new set-up for 10 minutes, never over an existing one', async () => {
    dynamo.on(PutCommand).resolves({});
    await mfaSetupStore.putMfaSetup('setup-1', SETUP, NOW_MS);
    expect(dynamo.commandCalls(PutCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: 'test-table',
        Item: { ...KEY, entity: 'MfaSetup', ...SETUP, wrongTries: 0, expiresAt: NOW + 10 * 60 },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    ]);
    expect(AUTH.mfaSetupMinutes).toBe(10);
  });

  it('reads a set-up consistently while it lasts, and ignores an expired item TTL has not removed yet', async () => {
    const item = { ...KEY, entity: 'MfaSetup', ...SETUP, wrongTries: 2, expiresAt: NOW + 60 };
    dynamo.on(GetCommand).resolves({ Item: item });
    await expect(mfaSetupStore.getMfaSetup('setup-1', NOW_MS)).resolves.toEqual({ ...SETUP, wrongTries: 2 });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: KEY,
      ConsistentRead: true,
    });
    await expect(mfaSetupStore.getMfaSetup('setup-1', NOW_MS + 60_000)).resolves.toBeUndefined();
    await expect(mfaSetupStore.getMfaSetup('setup-1', NOW_MS + 61_000)).resolves.toBeUndefined();
    dynamo.on(GetCommand).resolves({});
    await expect(mfaSetupStore.getMfaSetup('setup-1', NOW_MS)).resolves.toBeUndefined();
  });

  it('counts a wrong code on the set-up only while it exists', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await mfaSetupStore.recordMfaSetupWrongTry('setup-1');
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: KEY,
      UpdateExpression: 'ADD wrongTries :one',
      // A set-up finished or removed meanwhile is not brought back as an item without expiry.
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    });
    dynamo
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    await expect(mfaSetupStore.recordMfaSetupWrongTry('setup-1')).resolves.toBeUndefined();
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(mfaSetupStore.recordMfaSetupWrongTry('setup-1')).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
  });

  it('completes a set-up in one transaction: the set-up goes, the existing profile gets mfaEnabledAt', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await mfaSetupStore.completeMfaSetup('setup-1', SUB, NOW_MS);
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    expect(dynamo.calls()).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      TransactItems: [
        { Delete: { TableName: 'test-table', Key: KEY } },
        {
          Update: {
            TableName: 'test-table',
            Key: { PK: `USER#${SUB}`, SK: 'PROFILE' },
            UpdateExpression: 'SET mfaEnabledAt = :at, updatedAt = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': '2026-11-23T12:00:00.000Z' },
          },
        },
      ],
    });
    // Without a profile nothing is applied: the transaction fails as a whole.
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expect(mfaSetupStore.completeMfaSetup('setup-1', SUB, NOW_MS)).rejects.toThrow('Transaction cancelled');
  });

  it('records TOTP turned on elsewhere on an existing profile only', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await mfaSetupStore.markMfaEnabled(SUB, NOW_MS);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: `USER#${SUB}`, SK: 'PROFILE' },
      UpdateExpression: 'SET mfaEnabledAt = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': '2026-11-23T12:00:00.000Z' },
    });
  });

  it('reads mfaEnabledAt back from the profile', async () => {
    dynamo.on(GetCommand).resolves({
      Item: {
        PK: `USER#${SUB}`,
        SK: 'PROFILE',
        _id: SUB,
        username: 'admin',
        email: EMAIL,
        isActive: true,
        isAdmin: true,
        referralCode: 'K7M2QX9P',
        mfaEnabledAt: '2026-11-23T12:00:00.000Z',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-11-23T12:00:00.000Z',
      },
    });
    expect((await accountIdentityStore.getProfile(SUB))?.mfaEnabledAt).toBe('2026-11-23T12:00:00.000Z');
  });
});
