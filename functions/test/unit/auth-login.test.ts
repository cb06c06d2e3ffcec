import { describe, expect, it } from 'vitest';
import { AUTH } from '@goldbot/shared';
import { handler as login } from '../../src/handlers/auth-login.js';
import { httpEvent, invoke, givenLoginFailures, putItems, updateInputs } from '../helpers/lambda.js';
import { cognitoError, tokenHash } from '../helpers/cognito-fake.js';
import {
  dynamo,
  cognito,
  outbox,
  EMAIL,
  SUB,
  GENERIC_LOGIN,
  REFRESH_COOKIE,
  ID_TOKEN,
  knownEmail,
} from '../helpers/auth-routes.js';

/**
 * auth-login in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
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
