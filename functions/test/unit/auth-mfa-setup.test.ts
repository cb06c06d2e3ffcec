import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as mfaSetup } from '../../src/handlers/auth-mfa-setup.js';
import { httpEvent, invoke, storeCalls, storeTransactions } from '../helpers/lambda.js';
import {
  dynamo,
  cognito,
  EMAIL,
  SUB,
  SETUP_ID,
  WRONG_CODE,
  PROFILE_KEY,
  SETUP_KEY,
} from '../helpers/admin-mfa-routes.js';

/**
 * auth-mfa-setup, the TOTP set-up of an administrator, in process, with the DynamoDB client
 * mocked, Cognito faked (helpers/cognito-fake.ts) and the unit-test configuration
 * (ADMIN_MFA_REQUIRED unset, so false; the required case is admin-mfa.required.test.ts); shared
 * setup in helpers/admin-mfa-routes.ts.
 */
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
