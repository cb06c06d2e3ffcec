import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUTH } from '@goldbot/shared';
import { CODE_MESSAGES, hashCode } from '../../src/domain/auth/one-time-codes.js';
import { handler as verifyOtp } from '../../src/handlers/auth-verify-otp.js';
import { httpEvent, invoke, givenItems } from '../helpers/lambda.js';
import { dynamo, cognito, EMAIL, SUB, OTP_KEY, REFRESH_COOKIE, ID_TOKEN, knownEmail } from '../helpers/auth-routes.js';

/**
 * auth-verify-otp in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
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
