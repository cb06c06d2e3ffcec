import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type RouteId } from '@goldbot/shared';
import { handler as confirmEmailChange } from '../../src/handlers/auth-confirm-email-change.js';
import { handler as getUserData } from '../../src/handlers/auth-get-user-data.js';
import { handler as logout } from '../../src/handlers/auth-logout.js';
import { handler as me } from '../../src/handlers/auth-me.js';
import { handler as updateUser } from '../../src/handlers/auth-update-user.js';
import { SESSION_MESSAGES } from '../../src/kit/session-guard.js';
import {
  CALLERS,
  httpEvent,
  invoke,
  storeCalls,
  storeTransactions,
  type Claims,
  type HttpHandler,
} from '../helpers/lambda.js';
import { dynamo, cognito, outbox, USER_SUB, profileItem } from '../helpers/auth-routes.js';

/**
 * The per-request session guard (functions/src/kit/session-guard.ts) on the auth routes, mostly
 * auth-me, in process, with the DynamoDB, Cognito and SES clients mocked (helpers/auth-routes.ts):
 * how Cognito's and DynamoDB's answers become HTTP answers, and what reaches the table and the
 * mail.
 */
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
