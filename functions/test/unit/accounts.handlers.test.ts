import {
  BatchGetCommand,
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
import { AUTH, AUTH_MESSAGES, type RouteId } from '@goldbot/shared';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';
import { config } from '../../src/config.js';
import { CODE_MESSAGES, hashCode } from '../../src/domain/auth/one-time-codes.js';
import { handler as confirmEmailChange } from '../../src/handlers/auth-confirm-email-change.js';
import { handler as getUserData } from '../../src/handlers/auth-get-user-data.js';
import { handler as login } from '../../src/handlers/auth-login.js';
import { handler as logout } from '../../src/handlers/auth-logout.js';
import { handler as logoutAll } from '../../src/handlers/auth-logout-all.js';
import { handler as me } from '../../src/handlers/auth-me.js';
import { handler as refresh } from '../../src/handlers/auth-refresh.js';
import { handler as register } from '../../src/handlers/auth-register.js';
import { handler as requestReset } from '../../src/handlers/auth-request-password-reset.js';
import { handler as resendOtp } from '../../src/handlers/auth-resend-otp.js';
import { handler as updateUser } from '../../src/handlers/auth-update-user.js';
import { handler as verifyOtp } from '../../src/handlers/auth-verify-otp.js';
import { SESSION_MESSAGES } from '../../src/kit/session-guard.js';
import {
  CALLERS,
  givenProfiles,
  profileItemOf,
  httpEvent,
  invoke,
  forgetItems,
  givenItems,
  givenLoginFailures,
  putItems,
  storeCalls,
  storeTransactions,
  updateInputs,
  type Claims,
  type HttpHandler,
} from '../helpers/lambda.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import {
  cognitoError,
  idTokenFor,
  refreshCookie,
  TEST_CLIENT_SECRET,
  tokenHash,
  useCognitoFake,
} from '../helpers/cognito-fake.js';

/**
 * The auth handlers end to end in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/cognito-fake.ts, aws-outbox.ts): how Cognito's and
 * DynamoDB's answers become HTTP answers, and what reaches the table and the mail.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = useCognitoFake();
const outbox = useAwsOutbox();

const EMAIL = 'jane.doe@example.com';
const SUB = '3b9f7c2e-6d1a-4e8b-9c5f-2a7d1e0b4c63';
const REGISTER = { username: 'jane_doe', email: EMAIL, password: 'Str0ng!Pass' };
const USER_SUB = String(CALLERS.user.sub);
const GENERIC_LOGIN = { message: 'Invalid email or password', msg: 'Invalid email or password' };
const OTP_KEY = String(config.otpHashKey);
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const REFRESH_COOKIE = refreshCookie;
const CLEARED_COOKIE = 'goldbot_rt=; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=0';
const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, iat: 1767268500 }, 'c2lnbmF0dXJl');

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
  // A pending registration's marker expires with it; a verified address's does not.
  const pending = 'emailVerifiedAt' in overrides && overrides.emailVerifiedAt === undefined;
  givenItems(
    dynamo,
    {
      PK: `EMAIL#${EMAIL}`,
      SK: 'EMAIL',
      userId: SUB,
      ...(pending ? { expiresAt: Math.floor(Date.now() / 1000) + 86_400 } : {}),
    },
    { ...profileItem(overrides), PK: `USER#${SUB}`, SK: 'PROFILE' },
  );
};
const mailedText = () => String(outbox.mails.at(-1)?.text);
const profileOf = (claims: Claims) => {
  const item = profileItemOf(claims);
  return { ...item, PK: String(item.PK), SK: String(item.SK) };
};

beforeEach(() => {
  dynamo.reset();
  forgetItems(dynamo);
  cognito.reset();
  dynamo.on(GetCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({ Attributes: { failures: 1 } });
});
afterAll(() => {
  dynamo.restore();
});

describe('auth-register', () => {
  const post = (body: unknown) => invoke(register, httpEvent({ routeId: 'auth-register', body }));

  it('signs up in Cognito, writes the registration, stores only the keyed hash and mails the code', async () => {
    cognito.on('SignUp').resolves({ UserSub: SUB, UserConfirmed: false });
    const res = await post(REGISTER);
    expect(res.statusCode).toBe(201);
    expect(cognito.inputsOf('SignUp')[0]).toMatchObject({
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
      codeHash: hashCode(OTP_KEY, 'registration', EMAIL, code),
      wrongTries: 0,
    });
    expect(JSON.stringify(dynamo.calls().map((c) => c.args[0].input))).not.toContain(`"${code}"`);
  });

  it("mails the code with the admin's edit of its template, read when the mail goes out", async () => {
    cognito.on('SignUp').resolves({ UserSub: SUB, UserConfirmed: false });
    givenItems(dynamo, {
      PK: 'TEMPLATES',
      SK: 'TEMPLATE#otpVerification',
      subject: 'Your Gold Bot code',
      html: '<p>Code: {{code}}</p>',
      isDefault: false,
    });
    expect((await post(REGISTER)).statusCode).toBe(201);
    expect(outbox.mails.at(-1)?.subject).toBe('Your Gold Bot code');
    expect(mailedText()).toMatch(/^Code: \d{4}$/m);
    const templateRead = dynamo
      .commandCalls(GetCommand)
      .filter((c) => c.args[0].input.Key?.SK === 'TEMPLATE#otpVerification');
    expect(templateRead).toHaveLength(1);
  });

  it('maps UsernameExistsException to 409 with a clear message', async () => {
    cognito
      .on('SignUp')
      .rejects(cognitoError('UsernameExistsException', 'An account with the given email already exists.'));
    const res = await post(REGISTER);
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists. Please sign in instead.');
    // Only the e-mail's claim (with the request's counters) was written, and given back.
    expect(putItems(dynamo).filter((item) => item.SK === 'PROFILE')).toEqual([]);
    expect(outbox.mails).toHaveLength(0);
  });

  it("maps the pool's InvalidPasswordException to 400 on the password field", async () => {
    cognito.on('SignUp').rejects(cognitoError('InvalidPasswordException', 'Password does not conform to policy'));
    const res = await post(REGISTER);
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ password: 'This password is not accepted. Please choose a stronger password.' });
  });

  it('answers 409 for a taken username before calling Cognito', async () => {
    givenItems(dynamo, { PK: 'USERNAME#jane_doe', SK: 'USERNAME', userId: 'x' });
    const res = await post(REGISTER);
    expect([res.statusCode, res.body.message]).toEqual([409, 'This username is already taken.']);
    expect(cognito.calls).toHaveLength(0);
  });

  it('deletes the new Cognito user when the username was taken in the meantime (compensation)', async () => {
    cognito.on('SignUp').resolves({ UserSub: SUB });
    // The registration's transaction (the profile first) is cancelled by the username's marker.
    dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: { Put?: { Item?: { SK?: unknown } } }[] }) => {
      if (input.TransactItems[0]?.Put?.Item?.SK !== 'PROFILE') return {};
      throw cancelled('None', 'None', 'ConditionalCheckFailed', 'None');
    });
    const res = await post(REGISTER);
    expect([res.statusCode, res.body.message]).toEqual([409, 'This username is already taken.']);
    expect(cognito.inputsOf('SignUp')).toHaveLength(1);
    expect(cognito.operations()).toContain('AdminDeleteUser');
  });

  it('validates with the spec rules before touching AWS', async () => {
    const res = await post({ username: 'x'.repeat(51), email: 'nope', password: 'weak' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(['email', 'password', 'username']);
    // Only the per-client request counters ran.
    expect([...storeCalls(dynamo), ...cognito.calls, ...outbox.requests]).toHaveLength(0);
  });

  it('mails the code without the username, since the address is not proven yet', async () => {
    cognito.on('SignUp').resolves({ UserSub: SUB, UserConfirmed: false });
    expect((await post(REGISTER)).statusCode).toBe(201);
    expect(mailedText()).toMatch(/\b\d{4}\b/);
    expect(mailedText()).not.toContain('jane_doe');
  });
});

describe('auth-login', () => {
  const post = (body: unknown) => invoke(login, httpEvent({ routeId: 'auth-login', body }));

  it.each([
    [
      'NotAuthorizedException (wrong password)',
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    ],
    ['UserNotFoundException (unknown e-mail)', cognitoError('UserNotFoundException', 'User does not exist.')],
  ])('maps %s to the same generic 401 and counts the failure', async (_label, error) => {
    cognito.on('AdminInitiateAuth').rejects(error);
    const res = await post({ email: EMAIL, password: 'Wr0ng!Pass' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual(GENERIC_LOGIN);
    expect(res.cookies).toEqual([]);
    const reservation = updateInputs(dynamo).find((u) => (u.Key as { PK?: string }).PK === `LOGINFAIL#${EMAIL}`);
    expect(reservation).toMatchObject({
      Key: { PK: `LOGINFAIL#${EMAIL}`, SK: 'LOGINFAIL' },
      UpdateExpression: expect.stringContaining('SET failures = :next'),
      ConditionExpression: 'attribute_not_exists(failures)',
      ExpressionAttributeValues: expect.objectContaining({ ':next': 1, ':until': 0 }),
    });
  });

  it('answers a session in the body and the refresh token only as an HttpOnly cookie', async () => {
    knownEmail();
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'rt-login-1', ExpiresIn: 3600 },
    });
    const res = await post({ email: EMAIL, password: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ userId: SUB, email: EMAIL, token: ID_TOKEN, expiresIn: 3600 });
    expect(res.body).not.toHaveProperty('refreshToken');
    expect(res.rawBody).not.toContain('rt-login-1');
    // The cookie carries the Cognito username the refresh's SECRET_HASH needs (the sub in this pool).
    expect(res.cookies).toEqual([REFRESH_COOKIE(`${SUB}~rt-login-1`)]);
    expect(AUTH.refreshTokenDays * 24 * 3600).toBe(604800);
    // The session registry holds a hash of the token, never the token.
    const session = putItems(dynamo).find((item) => String(item.SK).startsWith('SESSION#'));
    expect(session).toMatchObject({ PK: `USER#${SUB}`, SK: `SESSION#${tokenHash(`${SUB}~rt-login-1`)}` });
    expect(JSON.stringify(dynamo.calls().map((c) => c.args[0].input))).not.toContain('rt-login-1');
  });

  it('answers 401 to a wrong password of an unverified account, checked against its pending hash', async () => {
    const { hashPassword } = await import('../../src/domain/auth/password-hash.js');
    knownEmail({ emailVerifiedAt: undefined, pendingPasswordHash: await hashPassword('Str0ng!Pass') });
    cognito.on('AdminInitiateAuth').rejects(cognitoError('UserNotConfirmedException', 'User is not confirmed.'));
    const res = await post({ email: EMAIL, password: 'Wr0ng!Pass' });
    expect([res.statusCode, res.body]).toEqual([401, GENERIC_LOGIN]);
    expect(outbox.requests).toHaveLength(0);
    const right = await post({ email: EMAIL, password: 'Str0ng!Pass' });
    expect(right.statusCode).toBe(403);
    expect(right.body).toMatchObject({ needsVerification: true });
  });

  it('answers 429 with Retry-After while the back-off runs, without asking Cognito', async () => {
    const blockedUntil = Math.floor(Date.now() / 1000) + 45;
    givenLoginFailures(dynamo, EMAIL, { failures: 5, blockedUntil });
    const res = await post({ email: EMAIL, password: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(44);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(45);
    expect(cognito.calls).toHaveLength(0);
  });

  it('answers 403 needsVerification to an unconfirmed account and mails a new code', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    cognito.on('AdminInitiateAuth').rejects(cognitoError('UserNotConfirmedException', 'User is not confirmed.'));
    const res = await post({ email: EMAIL, password: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({
      needsVerification: true,
      email: EMAIL,
      message: 'Please verify your email first. We have sent you a new code.',
    });
    expect(outbox.mails).toHaveLength(1);
  });
});

describe('auth-refresh', () => {
  const post = (options: { cookies?: string[]; body?: unknown } = {}) =>
    invoke(refresh, httpEvent({ routeId: 'auth-refresh', body: options.body ?? {}, cookies: options.cookies }));
  const knownSession = (token: string) =>
    dynamo
      .on(GetCommand, { Key: { PK: `USER#${SUB}`, SK: `SESSION#${tokenHash(token)}` } })
      .resolves({ Item: { entity: 'Session' } });

  it('reads the refresh token from the cookie and answers a new ID token', async () => {
    knownEmail();
    knownSession(`${SUB}~rt-cookie`);
    cognito.on('AdminInitiateAuth').resolves({ AuthenticationResult: { IdToken: ID_TOKEN, ExpiresIn: 3600 } });
    const res = await post({ cookies: ['theme=dark', `goldbot_rt=${SUB}~rt-cookie`] });
    expect([res.statusCode, res.body]).toEqual([200, { token: ID_TOKEN, expiresIn: 3600 }]);
    // Server-side, with the SECRET_HASH of the user's Cognito username from the cookie.
    expect(cognito.inputsOf('AdminInitiateAuth')[0]).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: 'rt-cookie', SECRET_HASH: secretHash(SUB, 'test-client', TEST_CLIENT_SECRET) },
    });
  });

  it('answers 401 without asking Cognito for a cookie that lacks its username (set before the client had a secret)', async () => {
    const res = await post({ cookies: ['goldbot_rt=rt-cookie'] });
    expect([res.statusCode, res.body.message]).toEqual([401, SESSION_ENDED]);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
    expect(cognito.inputsOf('AdminInitiateAuth')).toEqual([]);
  });

  it('prefers the cookie over a token in the body', async () => {
    knownEmail();
    knownSession(`${SUB}~rt-cookie`);
    cognito.on('AdminInitiateAuth').resolves({ AuthenticationResult: { IdToken: ID_TOKEN, ExpiresIn: 3600 } });
    await post({ cookies: [`goldbot_rt=${SUB}~rt-cookie`], body: { refreshToken: `${SUB}~rt-body` } });
    expect(cognito.inputsOf('AdminInitiateAuth')[0]?.AuthParameters).toMatchObject({
      REFRESH_TOKEN: 'rt-cookie',
    });
  });

  it('answers 401 without asking Cognito when there is no token, and clears the cookie', async () => {
    const res = await post();
    expect([res.statusCode, res.body.message]).toEqual([401, SESSION_ENDED]);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
    expect(cognito.calls).toHaveLength(0);
  });

  it('answers 401 and clears the cookie when Cognito refuses the refresh token', async () => {
    cognito.on('AdminInitiateAuth').rejects(cognitoError('NotAuthorizedException', 'Invalid Refresh Token'));
    const res = await post({ cookies: [`goldbot_rt=${SUB}~stale`] });
    expect([res.statusCode, res.body.message]).toEqual([401, SESSION_ENDED]);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
  });

  it('answers 401 for a token Cognito accepts but our registry forgot (signed out)', async () => {
    knownEmail();
    cognito.on('AdminInitiateAuth').resolves({ AuthenticationResult: { IdToken: ID_TOKEN, ExpiresIn: 3600 } });
    const res = await post({ cookies: [`goldbot_rt=${SUB}~rt-logged-out`] });
    expect([res.statusCode, res.body.message]).toEqual([401, SESSION_ENDED]);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
  });
});

describe('auth-logout', () => {
  it("forgets the caller's own session, revokes the token in Cognito and clears the cookie", async () => {
    givenProfiles(dynamo, CALLERS.user);
    const res = await invoke(
      logout,
      httpEvent({
        routeId: 'auth-logout',
        claims: CALLERS.user,
        body: {},
        cookies: [`goldbot_rt=${USER_SUB}~rt-to-end`],
      }),
    );
    expect([res.statusCode, res.body.message]).toEqual([200, 'You have been signed out.']);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
    expect(dynamo.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([
      { PK: `USER#${USER_SUB}`, SK: `SESSION#${tokenHash(`${USER_SUB}~rt-to-end`)}` },
    ]);
    // A confidential client revokes with its secret.
    expect(cognito.inputsOf('RevokeToken')[0]).toEqual({
      ClientId: config.userPoolClientId,
      ClientSecret: TEST_CLIENT_SECRET,
      Token: 'rt-to-end',
    });
  });

  it('still clears the cookie when there is no token to end', async () => {
    givenProfiles(dynamo, CALLERS.user);
    const res = await invoke(logout, httpEvent({ routeId: 'auth-logout', claims: CALLERS.user, body: {} }));
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
    expect(cognito.calls).toHaveLength(0);
  });

  it('treats a token Cognito no longer knows as already ended', async () => {
    givenProfiles(dynamo, CALLERS.user);
    cognito.on('RevokeToken').rejects(cognitoError('NotAuthorizedException', 'Invalid token'));
    const res = await invoke(
      logout,
      httpEvent({ routeId: 'auth-logout', claims: CALLERS.user, body: {}, cookies: [`goldbot_rt=${USER_SUB}~gone`] }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('auth-logout-all', () => {
  it('ends every session of the caller in one profile write, signs out in Cognito and clears the cookie', async () => {
    givenProfiles(dynamo, CALLERS.user);
    const res = await invoke(
      logoutAll,
      httpEvent({ routeId: 'auth-logout-all', claims: CALLERS.user, body: {}, cookies: ['goldbot_rt=rt-here'] }),
    );
    expect([res.statusCode, res.body.message]).toEqual([
      200,
      'You have been signed out of all devices. Please sign in again.',
    ]);
    expect(res.cookies).toEqual([CLEARED_COOKIE]);
    const revoked = dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(revoked).toEqual([
      expect.objectContaining({
        Key: { PK: `USER#${USER_SUB}`, SK: 'PROFILE' },
        UpdateExpression: 'SET tokensValidAfter = :t, sessionsValidAfterMs = :ms',
      }),
    ]);
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toEqual([
      { UserPoolId: config.userPoolId, Username: profileItemOf(CALLERS.user).email },
    ]);
  });

  it('refuses an anonymous caller', async () => {
    const res = await invoke(logoutAll, httpEvent({ routeId: 'auth-logout-all', body: {} }));
    expect(res.statusCode).toBe(401);
    expect(cognito.calls).toHaveLength(0);
  });
});

describe('auth-verify-otp', () => {
  const post = (body: unknown) => invoke(verifyOtp, httpEvent({ routeId: 'auth-verify-otp', body }));
  const storedCode = (code: string, wrongTries = 0) =>
    givenItems(dynamo, {
      PK: `OTP#${EMAIL}`,
      SK: 'PURPOSE#registration',
      codeHash: hashCode(OTP_KEY, 'registration', EMAIL, code),
      wrongTries,
      lastSentAt: Date.now(),
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });

  it('counts a wrong code against that exact code (conditional ADD) and answers 400', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    storedCode('4821', 1);
    const stored = hashCode(OTP_KEY, 'registration', EMAIL, '4821');
    const res = await post({ email: EMAIL, otp: '1234' });
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ otp: 'The code is incorrect. Please check the email and try again.' });
    const wrongTry = dynamo.commandCalls(UpdateCommand).find((c) => c.args[0].input.Key?.PK === `OTP#${EMAIL}`);
    expect(wrongTry?.args[0].input).toMatchObject({
      Key: { PK: `OTP#${EMAIL}`, SK: 'PURPOSE#registration' },
      UpdateExpression: 'ADD wrongTries :one',
      ConditionExpression: 'codeHash = :seen AND wrongTries < :max',
      ExpressionAttributeValues: { ':seen': stored, ':max': 5 },
    });
    expect(cognito.calls).toHaveLength(0);
  });

  it('locks the address with the tenth wrong code of the day', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    storedCode('4821');
    dynamo
      .on(UpdateCommand, { Key: { PK: `RATE#code-fail#${EMAIL}` } })
      .resolves({ Attributes: { count: AUTH.maxFailedCodesPerDay } });
    const res = await post({ email: EMAIL, otp: '1234' });
    expect([res.statusCode, res.body.message]).toEqual([429, CODE_MESSAGES.locked]);
    expect(res.headers['retry-after']).toBe(String(AUTH.codeLockHours * 3600));
    const lock = dynamo.commandCalls(PutCommand).find((c) => c.args[0].input.Item?.PK === `CODELOCK#${EMAIL}`);
    expect(lock?.args[0].input.Item).toMatchObject({ entity: 'CodeLock', lockedUntil: expect.any(Number) });
  });

  it('answers 429 for the right code of a locked address, without asking Cognito', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    storedCode('4821');
    const lockedUntil = Math.floor(Date.now() / 1000) + 3600;
    givenItems(dynamo, { PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK', lockedUntil });
    const res = await post({ email: EMAIL, otp: '4821' });
    expect([res.statusCode, res.body.message]).toEqual([429, CODE_MESSAGES.locked]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(3599);
    expect(cognito.calls).toHaveLength(0);
  });

  it('answers 409 for an already verified address and never confirms it in Cognito', async () => {
    knownEmail();
    const res = await post({ email: EMAIL, otp: '0000' });
    expect([res.statusCode, res.body.message]).toEqual([409, 'This email is already verified. Please sign in.']);
    expect(cognito.inputsOf('AdminConfirmSignUp')).toHaveLength(0);
    expect(cognito.calls).toHaveLength(0);
  });

  it('opens the session with the refresh token as a cookie when the password comes along', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    storedCode('4821');
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'rt-verify-1', ExpiresIn: 3600 },
    });
    const res = await post({ email: EMAIL, otp: '4821', password: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ userId: SUB, token: ID_TOKEN });
    expect(res.body).not.toHaveProperty('refreshToken');
    expect(res.cookies).toEqual([REFRESH_COOKIE(`${SUB}~rt-verify-1`)]);
    expect(cognito.inputsOf('AdminConfirmSignUp')).toHaveLength(1);
  });

  it('sets no cookie when it only verifies', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    storedCode('4821');
    const res = await post({ email: EMAIL, otp: '4821' });
    expect([res.statusCode, res.body]).toEqual([200, { verified: true, message: 'Account verified, please sign in.' }]);
    expect(res.cookies).toEqual([]);
  });
});

describe('auth-resend-otp: no telling which addresses exist', () => {
  const SAME_ANSWER = 'If this email is waiting for verification, we have sent a new code.';
  const post = () => invoke(resendOtp, httpEvent({ routeId: 'auth-resend-otp', body: { email: EMAIL } }));

  it('answers the same inside the 30 s cool-down, and sends nothing', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const res = await post();
    expect([res.statusCode, res.body.message]).toEqual([200, SAME_ANSWER]);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(outbox.requests).toHaveLength(0);
  });

  it('answers the same once 5 codes went out this hour', async () => {
    knownEmail({ emailVerifiedAt: undefined });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const res = await post();
    expect([res.statusCode, res.body.message]).toEqual([200, SAME_ANSWER]);
    expect(outbox.requests).toHaveLength(0);
  });

  it('answers 429 when the request limit is full, for any address: that refusal is not hidden like a cool-down', async () => {
    dynamo
      .on(UpdateCommand, { Key: { PK: `RATE#publicPostPerIp#198.51.100.7` } })
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    knownEmail({ emailVerifiedAt: undefined });
    const pending = await post();
    expect(pending.statusCode).toBe(429);
    expect(pending.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Counted before the use case: no code was read, written or mailed.
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(outbox.requests).toHaveLength(0);

    forgetItems(dynamo);
    dynamo.on(GetCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({ Responses: {} });
    const unknown = await post();
    expect(unknown.statusCode).toBe(429);
  });

  it('answers the same for an unknown and a verified address, mailing only a pending one', async () => {
    const unknown = await post();
    knownEmail();
    const verified = await post();
    expect([unknown.body.message, verified.body.message]).toEqual([SAME_ANSWER, SAME_ANSWER]);
    expect(outbox.requests).toHaveLength(0);
    knownEmail({ emailVerifiedAt: undefined });
    const pending = await post();
    expect([pending.statusCode, pending.body.message]).toEqual([200, SAME_ANSWER]);
    expect(outbox.mails).toHaveLength(1);
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
    expect(outbox.requests).toHaveLength(0);
    expect(storeTransactions(dynamo)).toHaveLength(0);
  });
});

describe('auth-request-password-reset of a locked address', () => {
  it('answers 429 for a known address whose codes are locked, and mails nothing', async () => {
    knownEmail();
    givenItems(dynamo, { PK: `CODELOCK#${EMAIL}`, SK: 'CODELOCK', lockedUntil: Math.floor(Date.now() / 1000) + 7200 });
    const res = await invoke(
      requestReset,
      httpEvent({ routeId: 'auth-request-password-reset', body: { email: EMAIL } }),
    );
    expect([res.statusCode, res.body.message]).toEqual([429, CODE_MESSAGES.locked]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(7000);
    expect(outbox.requests).toHaveLength(0);
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

  // The guard fails closed: a valid token whose profile does not exist (yet) is refused everywhere
  // but auth-me.
  const withoutProfile: [RouteId, HttpHandler, Record<string, unknown>][] = [
    ['auth-get-user-data', getUserData, { pathParameters: { userId: USER_SUB } }],
    [
      'auth-update-user',
      updateUser,
      { pathParameters: { id: USER_SUB }, body: { username: 'user', email: 'user@example.com' } },
    ],
    ['auth-logout', logout, { body: {}, cookies: ['goldbot_rt=rt-1'] }],
    ['auth-confirm-email-change', confirmEmailChange, { body: { email: 'new@example.com', otp: '1234' } }],
  ];
  it.each(withoutProfile)(
    'refuses a caller without a profile on %s (401), touching nothing',
    async (routeId, h, extra) => {
      const res = await invoke(h, httpEvent({ routeId, claims: CALLERS.user, ...extra }));
      expect([res.statusCode, res.body.message]).toEqual([401, SESSION_MESSAGES.noProfile]);
      expect(SESSION_MESSAGES.noProfile).toBe('Your account is not set up yet. Please sign in again.');
      expect(storeCalls(dynamo)).toHaveLength(0);
      expect([...cognito.calls, ...outbox.requests]).toHaveLength(0);
    },
  );

  it('lets auth-me create the missing profile (a first Google or bootstrap-admin sign-in)', async () => {
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims: CALLERS.user }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ userId: USER_SUB, email: 'user@example.com', isAdmin: false });
    const created = storeTransactions(dynamo)[0]?.args[0].input.TransactItems ?? [];
    expect(created[0]?.Put?.Item).toMatchObject({ PK: `USER#${USER_SUB}`, SK: 'PROFILE' });
    // Its verified address claims the e-mail marker.
    expect(created[1]?.Put?.Item).toMatchObject({ PK: 'EMAIL#user@example.com', userId: USER_SUB });
  });

  it('lets auth-me create a profile for an unverified address without claiming it', async () => {
    const claims: Claims = { ...CALLERS.user, email_verified: 'false' };
    const res = await invoke(me, httpEvent({ routeId: 'auth-me', claims }));
    expect(res.statusCode).toBe(200);
    const created = storeTransactions(dynamo)[0]?.args[0].input.TransactItems ?? [];
    expect(created[0]?.Put?.Item).toMatchObject({ PK: `USER#${USER_SUB}`, SK: 'PROFILE' });
    expect(created[0]?.Put?.Item).not.toHaveProperty('verifiedEmail');
    expect(created.some((item) => String(item.Put?.Item?.PK).startsWith('EMAIL#'))).toBe(false);
  });

  it('refuses an access token on every route, before reading anything', async () => {
    const access: Claims = { ...CALLERS.user, token_use: 'access' };
    for (const [routeId, h] of [
      ['auth-me', me],
      ['auth-logout', logout],
    ] as const) {
      const res = await invoke(h, httpEvent({ routeId, claims: access, body: {} }));
      expect([res.statusCode, res.body.message]).toEqual([401, 'Please sign in to continue.']);
    }
    expect(dynamo.calls().filter((c) => c.args[0].constructor.name === 'GetCommand')).toHaveLength(0);
  });
});

describe('auth-get-user-data and auth-update-user', () => {
  beforeEach(() => {
    givenProfiles(dynamo, CALLERS.user, CALLERS.otherUser);
    // auth-update-user reads the profile with the new address's items (one BatchGetItem).
    givenItems(dynamo, profileOf(CALLERS.user), profileOf(CALLERS.otherUser));
  });
  const put = (body: unknown, claims: Claims = CALLERS.user) =>
    invoke(updateUser, httpEvent({ routeId: 'auth-update-user', claims, pathParameters: { id: USER_SUB }, body }));

  it("refuse another user's account with 403", async () => {
    const read = await invoke(
      getUserData,
      httpEvent({
        routeId: 'auth-get-user-data',
        claims: CALLERS.otherUser,
        pathParameters: { userId: USER_SUB },
      }),
    );
    const write = await put({ username: 'taken_over', email: 'other@example.com' }, CALLERS.otherUser);
    expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
    expect(storeTransactions(dynamo)).toHaveLength(0);
  });

  it('answers 400 "Current password is incorrect" and changes nothing', async () => {
    cognito.on('AdminInitiateAuth').rejects(cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    const res = await put({ currentPassword: 'Wr0ng!Pass', password: 'N3w!Passw0rd' });
    expect([res.statusCode, res.body.message]).toEqual([400, 'Current password is incorrect']);
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toHaveLength(0);
    expect(cognito.operations()).not.toContain('AdminSetUserPassword');
  });

  it('counts a global sign-out that still fails after its retries as a metric', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'rt-check', ExpiresIn: 3600 },
    });
    cognito.on('AdminUserGlobalSignOut').rejects(cognitoError('TooManyRequestsException', 'Rate exceeded'));
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    let res;
    try {
      res = await put({ currentPassword: 'Str0ng!Pass', password: 'N3w!Passw0rd' });
    } finally {
      write.mockRestore();
    }
    // The password changed and our registry ended the sessions; Cognito's part is reported.
    expect(res.statusCode).toBe(200);
    // Three sign-outs (end-sessions); the client's own retries happen inside the mocked send.
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toHaveLength(3);
    const metrics = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => '_aws' in l);
    expect(metrics).toEqual([expect.objectContaining({ GlobalSignOutFailures: 1, service: 'auth' })]);
  });

  it('asks for the current password before a new e-mail', async () => {
    const res = await put({ username: 'user', email: 'new@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordForEmail });
    expect([...cognito.calls, ...outbox.requests]).toHaveLength(0);
  });

  it('answers 409 when the new e-mail belongs to another account', async () => {
    givenItems(dynamo, { PK: 'EMAIL#taken@example.com', SK: 'EMAIL', userId: 'x' });
    const res = await put({ username: 'user', email: 'taken@example.com', currentPassword: 'Str0ng!Pass' });
    expect([res.statusCode, res.body.message]).toEqual([409, 'An account with this email already exists.']);
  });

  it('mails a code to the new address, and neither Cognito nor the profile changes', async () => {
    cognito.on('AdminInitiateAuth').resolves({
      AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'rt-check', ExpiresIn: 3600 },
    });
    const res = await put({ username: 'user', email: 'new@example.com', currentPassword: 'Str0ng!Pass' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ pendingEmail: 'new@example.com', user: { email: 'user@example.com' } });
    expect(outbox.mails[0]?.to).toEqual(['new@example.com']);
    expect(cognito.inputsOf('AdminUpdateUserAttributes')).toHaveLength(0);
    expect(storeTransactions(dynamo).flatMap((c) => c.args[0].input.TransactItems ?? [])).toEqual([
      expect.objectContaining({
        Put: expect.objectContaining({ Item: expect.objectContaining({ SK: 'PURPOSE#email-change' }) }),
      }),
      expect.anything(), // the hourly send counter
      // The proven password's back-off, cleared with the code's write.
      { Delete: expect.objectContaining({ Key: { PK: 'LOGINFAIL#user@example.com', SK: 'LOGINFAIL' } }) },
    ]);
  });
});
