import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@goldbot/shared';
import { config } from '../../src/config.js';
import { handler as login } from '../../src/handlers/auth-login.js';
import { handler as mfaSetup } from '../../src/handlers/auth-mfa-setup.js';
import { handler as mfaVerify } from '../../src/handlers/auth-mfa-verify.js';
import { awsChecks } from '../../src/wiring/aws-checks.js';
import { defineHandler } from '../../src/kit/define-handler.js';
import { ok } from '../../src/kit/http-response.js';
import {
  CALLERS,
  givenProfiles,
  httpEvent,
  invoke,
  givenLoginFailures,
  putItems,
  storeCalls,
  storeTransactions,
  updateInputs,
} from '../helpers/lambda.js';
import { cognitoError, idTokenFor, refreshCookie, tokenHash, useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * The admin two-factor sign-in (docs/security.md, "Administrators sign in with TOTP") through its handlers, in process, with the
 * DynamoDB client mocked, Cognito faked (helpers/cognito-fake.ts) and the unit-test configuration (ADMIN_MFA_REQUIRED unset, so false): the
 * challenge answer of auth-login, the session of auth-mfa-verify, the set-up of auth-mfa-setup.
 * The required case (admin routes, the set-up answer of auth-login) is admin-mfa.required.test.ts.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = useCognitoFake();

const EMAIL = 'admin@example.com';
const SUB = '9d2c4f6e-1b3a-4c5d-8e7f-0a1b2c3d4e5f';
const SESSION = 'AYABeCognitoChallengeSession';
const SETUP_ID = 'a6c1f0d2-3b4e-4f5a-8b9c-0d1e2f3a4b5c';
const WRONG_CODE = 'The code is incorrect. Please try again.';
const REFRESH_COOKIE = refreshCookie;
const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 });
const PROFILE_KEY = { PK: `USER#${SUB}`, SK: 'PROFILE' };
const SETUP_KEY = { PK: `MFASETUP#${SETUP_ID}`, SK: 'MFASETUP' };

const profileItem = (overrides: Record<string, unknown> = {}) => ({
  ...PROFILE_KEY,
  _id: SUB,
  username: 'admin',
  email: EMAIL,
  isActive: true,
  isAdmin: true,
  referralCode: 'ADM1N2QX',
  referralCount: 0,
  referralEarnings: 0,
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
/** Sessions registered, alone or with the back-off's clearing (one transaction). */
const sessionPuts = () => putItems(dynamo).filter((item) => String(item.SK).startsWith('SESSION#'));

beforeEach(() => {
  dynamo.reset();
  cognito.reset();
  dynamo.on(GetCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
});
afterAll(() => {
  dynamo.restore();
});

describe('auth-login: the TOTP challenge', () => {
  const post = (body: unknown) => invoke(login, httpEvent({ routeId: 'auth-login', body }));

  it('answers the challenge in the body with no cookie and no session, and clears the failed sign-ins', async () => {
    expect(config.adminMfaRequired).toBe(false);
    cognito.on('AdminInitiateAuth').resolves({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: SESSION,
      ChallengeParameters: { USER_ID_FOR_SRP: SUB },
    });

    const res = await post({ email: EMAIL, password: 'Adm1n!Pass' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      mfaRequired: true,
      email: EMAIL,
      // Cognito's session with the username its answer must name (adapters/cognito-directory.ts).
      session: `${SUB}~${SESSION}`,
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(res.cookies).toEqual([]);
    expect(res.headers).not.toHaveProperty('set-cookie');
    expect(sessionPuts()).toHaveLength(0);
    expect(dynamo.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: `LOGINFAIL#${EMAIL}`,
      SK: 'LOGINFAIL',
    });
  });
});

describe('auth-mfa-verify', () => {
  const post = (body: unknown) => invoke(mfaVerify, httpEvent({ routeId: 'auth-mfa-verify', body }));

  it('answers the code in the Cognito session and opens the session with the refresh cookie', async () => {
    dynamo.on(GetCommand, { Key: PROFILE_KEY }).resolves({ Item: profileItem() });
    cognito.on('AdminRespondToAuthChallenge').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, AccessToken: 'access-1', RefreshToken: 'rt-mfa-1', ExpiresIn: 3600 },
    });

    const res = await post({ email: EMAIL, session: `${SUB}~${SESSION}`, code: ' 123456 ' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ userId: SUB, email: EMAIL, isAdmin: true, token: ID_TOKEN, expiresIn: 3600 });
    expect(res.cookies).toEqual([REFRESH_COOKIE(`${SUB}~rt-mfa-1`)]);
    expect(res.rawBody).not.toContain('rt-mfa-1');
    expect(res.rawBody).not.toContain('access-1');
    expect(cognito.inputsOf('AdminRespondToAuthChallenge')[0]).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: SESSION,
      ChallengeResponses: { USERNAME: SUB, SOFTWARE_TOKEN_MFA_CODE: '123456', SECRET_HASH: expect.any(String) },
    });
    expect(sessionPuts()[0]).toMatchObject({
      ...PROFILE_KEY,
      SK: `SESSION#${tokenHash(`${SUB}~rt-mfa-1`)}`,
    });
    // The profile lacked mfaEnabledAt (TOTP turned on outside the set-up): recorded now, in the
    // session's transaction.
    const sessionWrite = dynamo.commandCalls(TransactWriteCommand).at(-1)?.args[0].input.TransactItems ?? [];
    expect(sessionWrite.map((item) => item.Update).filter((u) => u?.Key?.SK === 'PROFILE')).toEqual([
      expect.objectContaining({ Key: PROFILE_KEY, UpdateExpression: 'SET mfaEnabledAt = :at' }),
    ]);
    // Four DynamoDB requests: the limits, the back-off's reservation, one profile read (for the
    // session and the TOTP record alike), the session with the back-off cleared and the TOTP
    // record. With failures on record the reservation's compare-and-set takes a second try: 5.
    expect(dynamo.calls().map((c) => c.args[0].constructor.name)).toEqual([
      'TransactWriteCommand',
      'UpdateCommand',
      'GetCommand',
      'TransactWriteCommand',
    ]);
  });

  it('answers a wrong code with 400 on the code field, no cookie and no session', async () => {
    cognito
      .on('AdminRespondToAuthChallenge')
      .rejects(cognitoError('CodeMismatchException', 'Invalid code received for user'));
    const res = await post({ email: EMAIL, session: `${SUB}~${SESSION}`, code: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ message: WRONG_CODE, msg: WRONG_CODE, errors: { code: WRONG_CODE } });
    expect(res.cookies).toEqual([]);
    expect(sessionPuts()).toHaveLength(0);
    // The attempt was reserved as a failed sign-in of the session's account (its Cognito username,
    // never the e-mail the client sends), and not cleared.
    const keys = updateInputs(dynamo).map((u) => (u.Key as { PK?: string }).PK);
    expect(keys).toContain(`LOGINFAIL#${SUB}`);
    expect(keys).not.toContain(`LOGINFAIL#${EMAIL}`);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it("counts the step's request limit by the session's username too, whatever e-mail comes with it", async () => {
    cognito
      .on('AdminRespondToAuthChallenge')
      .rejects(cognitoError('CodeMismatchException', 'Invalid code received for user'));
    await post({ email: 'decoy@example.com', session: `${SUB}~${SESSION}`, code: '000000' });
    const counters = dynamo
      .commandCalls(TransactWriteCommand)
      .flatMap((call) => call.args[0].input.TransactItems ?? [])
      .map((item) => String(item.Update?.Key?.PK))
      .filter((pk) => pk.startsWith('RATE#'));
    expect(counters).toContain(`RATE#loginPerAccount#${SUB}`);
    expect(counters.some((pk) => pk.includes('decoy@example.com'))).toBe(false);
  });

  it('answers 429 while the back-off runs, without asking Cognito', async () => {
    const blockedUntil = Math.floor(Date.now() / 1000) + 45;
    givenLoginFailures(dynamo, SUB, { failures: 5, blockedUntil });
    const res = await post({ email: EMAIL, session: `${SUB}~${SESSION}`, code: '123456' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(44);
    expect(cognito.calls).toHaveLength(0);
  });

  it('answers a session without its username 401 "sign in again", without asking Cognito', async () => {
    const res = await post({ email: EMAIL, session: SESSION, code: '123456' });
    expect([res.statusCode, res.body.message]).toEqual([401, 'Your sign-in has expired. Please sign in again.']);
    expect(cognito.calls).toHaveLength(0);
  });

  it.each([
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['letters', 'abcdef'],
    ['a blank', ''],
    ['a number', 123456],
    ['nothing', undefined],
  ])('refuses a code of %s with 400 before touching AWS', async (_label, code) => {
    const res = await post({ email: EMAIL, session: SESSION, code });
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ code: 'Please enter the 6-digit code from your authenticator app.' });
    expect(AUTH_MESSAGES.totpInvalid).toBe('Please enter the 6-digit code from your authenticator app.');
    expect(cognito.calls).toHaveLength(0);
    expect(storeCalls(dynamo)).toHaveLength(0);
  });

  it('refuses a missing session and a malformed e-mail with 400 before touching AWS', async () => {
    const noSession = await post({ email: EMAIL, code: '123456' });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.body.errors).toEqual({ session: 'Please sign in again.' });
    const badEmail = await post({ email: 'not-an-email', session: SESSION, code: '123456' });
    expect(badEmail.statusCode).toBe(400);
    expect(Object.keys(badEmail.body.errors as object)).toEqual(['email']);
    expect(cognito.calls).toHaveLength(0);
    expect(storeCalls(dynamo)).toHaveLength(0);
  });
});

describe('auth-mfa-setup', () => {
  const post = (body: unknown) => invoke(mfaSetup, httpEvent({ routeId: 'auth-mfa-setup', body }));
  const givenSetup = (wrongTries = 0) =>
    dynamo.on(GetCommand, { Key: SETUP_KEY }).resolves({
      Item: {
        ...SETUP_KEY,
        userId: SUB,
        email: EMAIL,
        accessToken: 'access-setup',
        wrongTries,
        expiresAt: Math.floor(Date.now() / 1000) + 300,
      },
    });

  it('turns TOTP on with the right code, records it on the profile and hands out no session', async () => {
    givenSetup();
    cognito.on('VerifySoftwareToken').resolves({ Status: 'SUCCESS' });
    const res = await post({ setupId: SETUP_ID, code: '123456' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      message: 'Two-factor authentication is on. Please sign in again with a code from your authenticator app.',
    });
    expect(res.cookies).toEqual([]);
    expect(cognito.inputsOf('VerifySoftwareToken')[0]).toEqual({
      AccessToken: 'access-setup',
      UserCode: '123456',
    });
    expect(cognito.inputsOf('SetUserMFAPreference')).toHaveLength(1);
    const items = storeTransactions(dynamo)[0]?.args[0].input.TransactItems;
    expect(items?.[0]).toEqual({ Delete: { TableName: 'test-table', Key: SETUP_KEY } });
    expect(items?.[1]?.Update).toMatchObject({ Key: PROFILE_KEY, ConditionExpression: 'attribute_exists(PK)' });
    expect(res.rawBody).not.toContain('access-setup');
  });

  it('answers a wrong code with 400 and counts it on the set-up', async () => {
    givenSetup(1);
    cognito.on('VerifySoftwareToken').resolves({ Status: 'ERROR' });
    const res = await post({ setupId: SETUP_ID, code: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ message: WRONG_CODE, msg: WRONG_CODE, errors: { code: WRONG_CODE } });
    expect(
      dynamo
        .commandCalls(UpdateCommand)
        .map((c) => c.args[0].input)
        .filter((i) => i.Key?.PK === SETUP_KEY.PK),
    ).toEqual([expect.objectContaining({ Key: SETUP_KEY, UpdateExpression: 'ADD wrongTries :one' })]);
    expect(storeTransactions(dynamo)).toHaveLength(0);
    expect(cognito.inputsOf('SetUserMFAPreference')).toHaveLength(0);
  });

  it('answers 401 for an unknown or used-up set-up, without asking Cognito', async () => {
    const unknown = await post({ setupId: SETUP_ID, code: '123456' });
    expect([unknown.statusCode, unknown.body.message]).toEqual([
      401,
      'Your sign-in has expired. Please sign in again.',
    ]);
    givenSetup(5);
    const usedUp = await post({ setupId: SETUP_ID, code: '123456' });
    expect([usedUp.statusCode, usedUp.body.message]).toEqual([401, 'Your sign-in has expired. Please sign in again.']);
    expect(cognito.calls).toHaveLength(0);
  });

  it('validates the set-up id and the code before touching AWS', async () => {
    const blankId = await post({ setupId: '  ', code: '123456' });
    expect([blankId.statusCode, blankId.body.errors]).toEqual([400, { setupId: 'Please sign in again.' }]);
    const badCode = await post({ setupId: SETUP_ID, code: '12 345' });
    expect([badCode.statusCode, badCode.body.errors]).toEqual([
      400,
      { code: 'Please enter the 6-digit code from your authenticator app.' },
    ]);
    expect(cognito.calls).toHaveLength(0);
    expect(storeCalls(dynamo)).toHaveLength(0);
  });
});

describe('admin routes where admin MFA is not required (the default)', () => {
  it('let an administrator without TOTP through', async () => {
    givenProfiles(dynamo, CALLERS.admin);
    const run = vi.fn(async () => ok({}));
    const h = defineHandler({ route: 'contact-list', checks: awsChecks }, run);
    const res = await invoke(h, httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }));
    expect(res.statusCode).toBe(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
