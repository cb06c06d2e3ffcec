import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  SignUpCommand,
  UserNotConfirmedException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
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
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../src/config.js';
import { hashCode } from '../../src/domain/auth/one-time-codes.js';
import { handler as getUserData } from '../../src/handlers/auth-get-user-data.js';
import { handler as login } from '../../src/handlers/auth-login.js';
import { handler as me } from '../../src/handlers/auth-me.js';
import { handler as refresh } from '../../src/handlers/auth-refresh.js';
import { handler as register } from '../../src/handlers/auth-register.js';
import { handler as requestReset } from '../../src/handlers/auth-request-password-reset.js';
import { handler as resendOtp } from '../../src/handlers/auth-resend-otp.js';
import { handler as updateUser } from '../../src/handlers/auth-update-user.js';
import { handler as verifyOtp } from '../../src/handlers/auth-verify-otp.js';
import { CALLERS, httpEvent, invoke } from '../helpers/lambda.js';

/**
 * The auth handlers end to end in process, with the AWS SDK clients mocked: how Cognito's and
 * DynamoDB's answers become HTTP answers, and what reaches the table and the mail.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESClient);

const EMAIL = 'jane.doe@example.com';
const SUB = '3b9f7c2e-6d1a-4e8b-9c5f-2a7d1e0b4c63';
const REGISTER = { username: 'jane_doe', email: EMAIL, password: 'Str0ng!Pass' };
const USER_SUB = String(CALLERS.user.sub);
const GENERIC_LOGIN = { message: 'Invalid email or password', msg: 'Invalid email or password' };

const cognitoError = <E>(Type: new (o: { message: string; $metadata: object }) => E, message: string) =>
  new Type({ message, $metadata: {} });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const profileItem = (overrides: Record<string, unknown> = {}) => ({
  PK: `USER#${SUB}`,
  SK: 'PROFILE',
  _id: SUB,
  username: 'jane_doe',
  email: EMAIL,
  isActive: true,
  referralCode: 'K7M2QX9P',
  referralCount: 0,
  referralEarnings: 0,
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const knownEmail = (overrides: Record<string, unknown> = {}) => {
  dynamo.on(GetCommand, { Key: { PK: `EMAIL#${EMAIL}`, SK: 'EMAIL' } }).resolves({ Item: { userId: SUB } });
  dynamo.on(GetCommand, { Key: { PK: `USER#${SUB}`, SK: 'PROFILE' } }).resolves({ Item: profileItem(overrides) });
};
const mailedText = () => String(ses.commandCalls(SendEmailCommand).at(-1)?.args[0].input.Message?.Body?.Text?.Data);

beforeEach(() => {
  dynamo.reset();
  cognito.reset();
  ses.reset();
  dynamo.on(GetCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({ Attributes: { failures: 1 } });
  cognito.onAnyCommand().resolves({});
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
});
afterAll(() => {
  dynamo.restore();
  cognito.restore();
  ses.restore();
});

describe('auth-register', () => {
  const post = (body: unknown) => invoke(register, httpEvent({ routeId: 'auth-register', body }));

  it('signs up in Cognito, writes the registration, stores only the keyed hash and mails the code', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: SUB, UserConfirmed: false });
    const res = await post(REGISTER);
    expect(res.statusCode).toBe(201);
    expect(cognito.commandCalls(SignUpCommand)[0]?.args[0].input).toMatchObject({
      ClientId: config.userPoolClientId,
      Username: EMAIL,
      UserAttributes: [{ Name: 'email', Value: EMAIL }],
    });
    const code = mailedText().match(/\b(\d{4})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);
    const otpPut = dynamo
      .commandCalls(TransactWriteCommand)
      .flatMap((c) => c.args[0].input.TransactItems ?? [])
      .find((i) => String(i.Put?.Item?.PK).startsWith('OTP#'))?.Put?.Item;
    expect(otpPut).toMatchObject({
      PK: `OTP#${EMAIL}`,
      SK: 'PURPOSE#registration',
      codeHash: hashCode(config.otpHashKey, 'registration', EMAIL, code),
      wrongTries: 0,
    });
    expect(JSON.stringify(dynamo.calls().map((c) => c.args[0].input))).not.toContain(`"${code}"`);
  });

  it('maps UsernameExistsException to 409 with a clear message', async () => {
    cognito
      .on(SignUpCommand)
      .rejects(cognitoError(UsernameExistsException, 'An account with the given email already exists.'));
    const res = await post(REGISTER);
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists. Please sign in instead.');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it("maps the pool's InvalidPasswordException to 400 on the password field", async () => {
    cognito.on(SignUpCommand).rejects(cognitoError(InvalidPasswordException, 'Password does not conform to policy'));
    const res = await post(REGISTER);
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ password: 'This password is not accepted. Please choose a stronger password.' });
  });

  it('answers 409 for a taken username before calling Cognito', async () => {
    dynamo.on(GetCommand, { Key: { PK: 'USERNAME#jane_doe', SK: 'USERNAME' } }).resolves({ Item: { userId: 'x' } });
    const res = await post(REGISTER);
    expect([res.statusCode, res.body.message]).toEqual([409, 'This username is already taken.']);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('deletes the new Cognito user when the username was taken in the meantime (compensation)', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: SUB });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    const res = await post(REGISTER);
    expect([res.statusCode, res.body.message]).toEqual([409, 'This username is already taken.']);
    expect(cognito.commandCalls(SignUpCommand)).toHaveLength(1);
    expect(cognito.calls().map((c) => c.args[0].constructor.name)).toContain('AdminDeleteUserCommand');
  });

  it('validates with the spec rules before touching AWS', async () => {
    const res = await post({ username: 'x', email: 'nope', password: 'weak' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(['email', 'password', 'username']);
    expect([...dynamo.calls(), ...cognito.calls(), ...ses.calls()]).toHaveLength(0);
  });
});

describe('auth-login', () => {
  const post = (body: unknown) => invoke(login, httpEvent({ routeId: 'auth-login', body }));

  it.each([
    [
      'NotAuthorizedException (wrong password)',
      cognitoError(NotAuthorizedException, 'Incorrect username or password.'),
    ],
    ['UserNotFoundException (unknown e-mail)', cognitoError(UserNotFoundException, 'User does not exist.')],
  ])('maps %s to the same generic 401 and counts the failure', async (_label, error) => {
    cognito.on(InitiateAuthCommand).rejects(error);
    const res = await post({ email: EMAIL, password: 'Wr0ng!Pass' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual(GENERIC_LOGIN);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: `LOGINFAIL#${EMAIL}`, SK: 'LOGINFAIL' },
      UpdateExpression: expect.stringContaining('ADD failures :one'),
    });
  });

  it('answers 429 with Retry-After while the back-off runs, without asking Cognito', async () => {
    const blockedUntil = Math.floor(Date.now() / 1000) + 45;
    dynamo.on(GetCommand, { Key: { PK: `LOGINFAIL#${EMAIL}` } }).resolves({ Item: { failures: 5, blockedUntil } });
    const res = await post({ email: EMAIL, password: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(44);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(45);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('answers 403 needsVerification to an unconfirmed account and mails a new code', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    cognito.on(InitiateAuthCommand).rejects(cognitoError(UserNotConfirmedException, 'User is not confirmed.'));
    const res = await post({ email: EMAIL, password: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({
      needsVerification: true,
      email: EMAIL,
      message: 'Please verify your email first. We have sent you a new code.',
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });
});

describe('auth-refresh', () => {
  it('answers 401 when Cognito refuses the refresh token', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError(NotAuthorizedException, 'Invalid Refresh Token'));
    const res = await invoke(refresh, httpEvent({ routeId: 'auth-refresh', body: { refreshToken: 'stale' } }));
    expect([res.statusCode, res.body.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
  });
});

describe('auth-verify-otp', () => {
  it('counts a wrong code against that exact code (conditional ADD) and answers 400', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    const stored = hashCode(config.otpHashKey, 'registration', EMAIL, '4821');
    dynamo.on(GetCommand, { Key: { PK: `OTP#${EMAIL}` } }).resolves({
      Item: { codeHash: stored, wrongTries: 1, lastSentAt: Date.now(), expiresAt: Math.floor(Date.now() / 1000) + 600 },
    });
    const res = await invoke(verifyOtp, httpEvent({ routeId: 'auth-verify-otp', body: { email: EMAIL, otp: '1234' } }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ otp: 'The code is incorrect. Please check the email and try again.' });
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: `OTP#${EMAIL}`, SK: 'PURPOSE#registration' },
      UpdateExpression: 'ADD wrongTries :one',
      ConditionExpression: 'codeHash = :seen AND wrongTries < :max',
      ExpressionAttributeValues: { ':seen': stored, ':max': 5 },
    });
    expect(cognito.calls()).toHaveLength(0);
  });
});

describe('auth-resend-otp', () => {
  const post = () => invoke(resendOtp, httpEvent({ routeId: 'auth-resend-otp', body: { email: EMAIL } }));

  it('answers 429 with Retry-After inside the 30 s cool-down', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    dynamo.on(GetCommand, { Key: { PK: `OTP#${EMAIL}` } }).resolves({
      Item: { codeHash: 'x', wrongTries: 0, lastSentAt: Date.now() - 12_000, expiresAt: 0 },
    });
    const res = await post();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(17);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(18);
    expect(ses.calls()).toHaveLength(0);
  });

  it('answers 429 once 5 codes went out this hour', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const res = await post();
    expect([res.statusCode, res.body.message]).toEqual([
      429,
      'Too many codes requested for this email. Please try again later.',
    ]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('auth-request-password-reset', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await invoke(
      requestReset,
      httpEvent({ routeId: 'auth-request-password-reset', body: { email: 'nobody@example.com' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(
      'If an account exists for this email, we have sent a reset code. Check your email for OTP.',
    );
    expect(ses.calls()).toHaveLength(0);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('per-request session guard', () => {
  it('refuses a deactivated account on every authenticated route with 403', async () => {
    dynamo.on(GetCommand, { Key: { PK: `USER#${CALLERS.user.sub}`, SK: 'PROFILE' } }).resolves({
      Item: profileItem({ _id: CALLERS.user.sub, isActive: false }),
    });
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims: CALLERS.user }));
    expect([res.statusCode, res.body.message]).toEqual([403, 'Account is deactivated']);
  });

  it('refuses tokens issued before the sessions were revoked with 401', async () => {
    dynamo.on(GetCommand, { Key: { PK: `USER#${CALLERS.user.sub}`, SK: 'PROFILE' } }).resolves({
      Item: profileItem({ _id: CALLERS.user.sub, tokensValidAfter: Number(CALLERS.user.iat) + 1 }),
    });
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims: CALLERS.user }));
    expect([res.statusCode, res.body.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
  });
});

describe('auth-get-user-data and auth-update-user', () => {
  it("refuse another user's account with 403", async () => {
    const read = await invoke(
      getUserData,
      httpEvent({
        routeId: 'auth-get-user-data',
        claims: CALLERS.otherUser,
        pathParameters: { userId: USER_SUB },
      }),
    );
    const write = await invoke(
      updateUser,
      httpEvent({
        routeId: 'auth-update-user',
        claims: CALLERS.otherUser,
        pathParameters: { id: USER_SUB },
        body: { username: 'taken_over', email: 'other@example.com' },
      }),
    );
    expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 400 "Current password is incorrect" and changes nothing', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError(NotAuthorizedException, 'Incorrect username or password.'));
    const res = await invoke(
      updateUser,
      httpEvent({
        routeId: 'auth-update-user',
        claims: CALLERS.user,
        pathParameters: { id: USER_SUB },
        body: { currentPassword: 'Wr0ng!Pass', password: 'N3w!Passw0rd' },
      }),
    );
    expect([res.statusCode, res.body.message]).toEqual([400, 'Current password is incorrect']);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
    expect(cognito.calls().map((c) => c.args[0].constructor.name)).not.toContain('AdminSetUserPasswordCommand');
  });

  it('answers 409 when the new e-mail belongs to another account', async () => {
    dynamo.on(GetCommand, { Key: { PK: 'EMAIL#taken@example.com', SK: 'EMAIL' } }).resolves({ Item: { userId: 'x' } });
    const res = await invoke(
      updateUser,
      httpEvent({
        routeId: 'auth-update-user',
        claims: CALLERS.user,
        pathParameters: { id: USER_SUB },
        body: { username: 'user', email: 'taken@example.com' },
      }),
    );
    expect([res.statusCode, res.body.message]).toEqual([409, 'An account with this email already exists.']);
  });
});
