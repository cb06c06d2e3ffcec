import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../../../scripts/local/cognito-local.js';
import { ADMIN_MFA_MESSAGES } from '../../src/domain/auth/admin-mfa.js';
import { profileKey } from '../../src/data/user-profile-entity.js';
import { buy, db, decidePayment } from './fixtures.js';
import { newCustomer, useOwnGateway, stack } from './http-client.js';

/**
 * Admin MFA as in AWS (ADMIN_MFA_REQUIRED=true) over real HTTP. cognito-local has no TOTP, so the
 * shared stack keeps the switch off; this gateway runs the same handlers against the same services
 * with it on, and an enrolment is recorded the way the set-up records it: the profile's
 * `mfaEnabledAt`, written directly.
 */
const PASSWORD = 'Admin$mfa12';
const gateway = useOwnGateway({ ADMIN_MFA_REQUIRED: 'true' });

async function get(path: string, token: string) {
  const response = await fetch(`${gateway.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** A new administrator straight from Cognito (password only, as an admin-flow sign-in straight against Cognito gives). */
async function newAdmin() {
  const email = `mfa-admin-${randomUUID().slice(0, 8)}@example.com`;
  await ensureUser(localCognitoClient(stack().urls.cognito), stack().pool, {
    email,
    password: PASSWORD,
    groups: [ADMIN_GROUP],
  });
  const signIn = () => localIdToken(stack().urls.cognito, stack().pool, { email, password: PASSWORD });
  const token = await signIn();
  // The first call of a token without a profile (a console-made admin): /me creates it.
  expect((await get('/api/auth/me', token)).status).toBe(200);
  return { userId: String(decodeJwt(token).sub), token, signIn };
}

const markMfaEnabled = (userId: string, at: Date) =>
  db().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: profileKey(userId),
      UpdateExpression: 'SET mfaEnabledAt = :at',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );

describe('admin MFA on every admin action (ADMIN_MFA_REQUIRED=true)', () => {
  it("refuses an administrator without TOTP on admin routes and on another user's getuserdata, with a clear message", async () => {
    const admin = await newAdmin();
    const customer = await newCustomer('mfa-target');
    for (const path of ['/api/admin/users', '/api/payment/wallets', `/api/auth/getuserdata/${customer.userId}`]) {
      const refused = await get(path, admin.token);
      expect(refused.status, path).toBe(403);
      expect(refused.body.message, path).toBe(ADMIN_MFA_MESSAGES.required);
    }
    // The admin's own account is not an admin action.
    expect((await get(`/api/auth/getuserdata/${admin.userId}`, admin.token)).status).toBe(200);
  });

  it("checks an administrator's view of another customer's receipt like an admin route", async () => {
    const customer = await newCustomer('mfa-receipt');
    const { payment } = await buy(customer, 'pro');
    expect((await decidePayment('approve', payment._id)).status).toBe(200);
    const path = `/api/payment/receipt/${payment._id}`;
    // The owner needs no TOTP for their own receipt.
    expect((await get(path, customer.token)).status).toBe(200);

    const admin = await newAdmin();
    const refused = await get(path, admin.token);
    expect([refused.status, refused.body.message]).toEqual([403, ADMIN_MFA_MESSAGES.required]);
    // TOTP on, then a sign-in after it: served.
    await markMfaEnabled(admin.userId, new Date(Date.now() - 60_000));
    expect((await get(path, await admin.signIn())).status).toBe(200);
  });

  it('refuses a token signed in before enrolment, and serves a sign-in after it', async () => {
    const admin = await newAdmin();
    const authTime = Number(decodeJwt(admin.token).auth_time ?? decodeJwt(admin.token).iat);
    // TOTP turned on a second after this token's sign-in.
    await markMfaEnabled(admin.userId, new Date((authTime + 1) * 1000));
    const before = await get('/api/admin/users', admin.token);
    expect(before.status).toBe(403);
    expect(before.body.message).toBe(ADMIN_MFA_MESSAGES.signInBeforeMfa);

    await new Promise((done) => setTimeout(done, 1_100));
    const after = await admin.signIn();
    expect((await get('/api/admin/users', after)).status).toBe(200);
  });
});
