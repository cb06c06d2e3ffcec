import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/config.js';
import { handler as logoutAll } from '../../src/handlers/auth-logout-all.js';
import { CALLERS, givenProfiles, profileItemOf, httpEvent, invoke } from '../helpers/lambda.js';
import { dynamo, cognito, USER_SUB, CLEARED_COOKIE } from '../helpers/auth-routes.js';

/**
 * auth-logout-all in process, with the DynamoDB, Cognito and SES clients mocked
 * (helpers/auth-routes.ts): how Cognito's and DynamoDB's answers become HTTP answers, and what
 * reaches the table and the mail.
 */
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
