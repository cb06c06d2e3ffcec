import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';
import { config } from '../../src/config.js';
import { handler as refresh } from '../../src/handlers/auth-refresh.js';
import { httpEvent, invoke } from '../helpers/lambda.js';
import { cognitoError, TEST_CLIENT_SECRET, tokenHash } from '../helpers/cognito-fake.js';
import { dynamo, cognito, SUB, SESSION_ENDED, CLEARED_COOKIE, ID_TOKEN, knownEmail } from '../helpers/auth-routes.js';

/**
 * auth-refresh in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
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
