import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/config.js';
import { hashCode } from '../../src/domain/auth/one-time-codes.js';
import { handler as register } from '../../src/handlers/auth-register.js';
import { httpEvent, invoke, givenItems, putItems, storeCalls } from '../helpers/lambda.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { cognitoError } from '../helpers/cognito-fake.js';
import { dynamo, cognito, outbox, EMAIL, SUB, REGISTER, OTP_KEY, mailedText } from '../helpers/auth-routes.js';

/**
 * auth-register in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
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
