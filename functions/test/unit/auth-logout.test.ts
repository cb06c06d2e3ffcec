import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/config.js';
import { handler as logout } from '../../src/handlers/auth-logout.js';
import { CALLERS, givenProfiles, httpEvent, invoke } from '../helpers/lambda.js';
import { cognitoError, TEST_CLIENT_SECRET, tokenHash } from '../helpers/cognito-fake.js';
import { dynamo, cognito, USER_SUB, CLEARED_COOKIE } from '../helpers/auth-routes.js';

/**
 * auth-logout in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
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
