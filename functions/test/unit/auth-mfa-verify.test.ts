import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@goldbot/shared';
import { handler as mfaVerify } from '../../src/handlers/auth-mfa-verify.js';
import { httpEvent, invoke, givenLoginFailures, storeCalls, updateInputs } from '../helpers/lambda.js';
import { cognitoError, tokenHash } from '../helpers/cognito-fake.js';
import {
  dynamo,
  cognito,
  EMAIL,
  SUB,
  SESSION,
  WRONG_CODE,
  REFRESH_COOKIE,
  ID_TOKEN,
  PROFILE_KEY,
  profileItem,
  sessionPuts,
} from '../helpers/admin-mfa-routes.js';

/**
 * auth-mfa-verify, the session after a TOTP code, in process, with the DynamoDB client mocked,
 * Cognito faked (helpers/cognito-fake.ts) and the unit-test configuration (ADMIN_MFA_REQUIRED
 * unset, so false; the required case is admin-mfa.required.test.ts); shared setup in
 * helpers/admin-mfa-routes.ts.
 */
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
