import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT, decodeJwt, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP, type Wallet } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../../../scripts/local/cognito-local.js';
import { FRESH_TOTP_MESSAGE } from '../../src/domain/auth/admin-mfa.js';
import { profileKey } from '../../src/data/user-profile-entity.js';
import { api, idTokenFor, useOwnGateway, stack } from './http-client.js';
import { db } from './fixtures.js';
import { mailsTo } from './mailbox.js';

/**
 * Activating a different wallet over real HTTP against the local stack: every administrator the
 * Cognito admin group lists (cognito-local's ListUsersInGroup) gets one notice in the SES
 * emulator. Then, on a gateway of its own with ADMIN_MFA_REQUIRED=true as in AWS, activating needs
 * a sign-in (TOTP, in AWS) from the last five minutes. BTC wallets only: the other wallet tests
 * rely on the USDT and ETH ones.
 */
const SUBJECT = 'GoldBot admin: a new BTC wallet now receives payments';

async function adminEmails(): Promise<string[]> {
  const group = await localCognitoClient(stack().urls.cognito).send(
    new ListUsersInGroupCommand({ UserPoolId: stack().pool.userPoolId, GroupName: ADMIN_GROUP }),
  );
  return (group.Users ?? []).flatMap((user) => {
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
    return email && user.Enabled !== false ? [email] : [];
  });
}

const activateBtc = (baseUrl: string, token: string, address: string) =>
  fetch(`${baseUrl}/api/payment/wallet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ address, network: 'Bitcoin', currency: 'BTC', isActive: true }),
  });

/** The notices about `address` in an administrator's inbox (mail goes out before the answer). */
const noticesAbout = async (admin: string, address: string) =>
  (await mailsTo(admin)).filter((mail) => mail.subject === SUBJECT && (mail.body.html ?? '').includes(address));

describe('activating a different wallet mails every administrator', () => {
  it('puts one notice per administrator in the inbox, naming the new and the previous address', async () => {
    const token = await idTokenFor('admin');
    const tag = randomUUID().slice(0, 8);
    const first = `bc1-first-${tag}`;
    const second = `bc1-second-${tag}`;
    expect(
      (
        await api('/api/payment/wallet', {
          method: 'POST',
          token,
          body: { address: first, network: 'Bitcoin', currency: 'BTC', isActive: true },
        })
      ).status,
    ).toBe(201);
    const admins = await adminEmails();
    expect(admins).toContain(stack().admin.email);

    const saved = await api<{ wallet: Wallet }>('/api/payment/wallet', {
      method: 'POST',
      token,
      body: { address: second, network: 'Bitcoin', currency: 'BTC', isActive: true },
    });
    expect(saved.status).toBe(201);
    for (const admin of admins) {
      const notices = await noticesAbout(admin, second);
      expect(notices, admin).toHaveLength(1);
      expect(notices[0]?.body.html, admin).toContain(first);
      expect(notices[0]?.body.html, admin).toContain(stack().admin.email);
    }

    // Saving the active wallet again changes nothing customers see: no second notice.
    const again = await api('/api/payment/wallet', {
      method: 'POST',
      token,
      body: { _id: saved.body.wallet._id, address: second, network: 'BTC', currency: 'BTC', isActive: true },
    });
    expect(again.status).toBe(200);
    expect(await noticesAbout(stack().admin.email, second)).toHaveLength(1);
  });
});

describe('with ADMIN_MFA_REQUIRED=true: a wallet activation needs a TOTP sign-in from the last 5 minutes', () => {
  const PASSWORD = 'Admin$wallet12';
  const gateway = useOwnGateway({ ADMIN_MFA_REQUIRED: 'true' });

  /** An administrator with TOTP recorded an hour ago (cognito-local has none), signed in now. */
  async function enrolledAdmin(): Promise<string> {
    const email = `wallet-admin-${randomUUID().slice(0, 8)}@example.com`;
    await ensureUser(localCognitoClient(stack().urls.cognito), stack().pool, {
      email,
      password: PASSWORD,
      groups: [ADMIN_GROUP],
    });
    const token = await localIdToken(stack().urls.cognito, stack().pool, { email, password: PASSWORD });
    expect(
      (await fetch(`${gateway.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    await db().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: profileKey(String(decodeJwt(token).sub)),
        UpdateExpression: 'SET mfaEnabledAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - 3_600_000).toISOString() },
      }),
    );
    return token;
  }

  /**
   * The same token as Cognito would issue it after a refresh of a sign-in six minutes ago: `auth_time`
   * stays that sign-in's. Signed with cognito-local's own key, so the gateway verifies it as it does
   * every token.
   */
  async function signedInSixMinutesAgo(token: string): Promise<string> {
    const require = createRequire(import.meta.url);
    const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK & { kid: string } };
    const claims = decodeJwt(token);
    return new SignJWT({ ...claims, auth_time: Math.floor(Date.now() / 1000) - 6 * 60 })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
      .sign(await importJWK(jwk, 'RS256'));
  }

  it('refuses a sign-in older than 5 minutes with 403 and the message, and activates with a fresh one', async () => {
    const token = await enrolledAdmin();
    const address = `bc1-mfa-${randomUUID().slice(0, 8)}`;
    const stale = await activateBtc(gateway.baseUrl, await signedInSixMinutesAgo(token), address);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ message: FRESH_TOTP_MESSAGE, totpRequired: true });
    const wallets = await api<{ wallets: Wallet[] }>('/api/payment/wallets', { token: await idTokenFor('admin') });
    expect(wallets.body.wallets.some((w) => w.address === address)).toBe(false);

    const fresh = await activateBtc(gateway.baseUrl, token, address);
    expect(fresh.status).toBe(201);
  });
});
