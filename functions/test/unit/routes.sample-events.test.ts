import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authSessionResponseSchema, implementedRoutes, type RouteId } from '@goldbot/shared';
import { config } from '../../src/config.js';
import { hashCode, type CodePurpose } from '../../src/domain/auth/one-time-codes.js';
import { callerFromEvent } from '../../src/kit/identity.js';
import {
  forgetItems,
  givenItems,
  invoke,
  loadSampleEvent,
  storeTransactions,
  routeHandler,
} from '../helpers/lambda.js';
import { customerCommerceSampleWorld } from '../helpers/customer-commerce-samples.js';
import { paymentReviewSampleWorld } from '../helpers/payment-samples.js';
import { settingsSampleWorld } from '../helpers/settings-samples.js';
import { SAMPLE_PAYOUT_TXID, SAMPLE_TRC20_ADDRESS, withdrawalSampleWorld } from '../helpers/withdrawal-samples.js';
import { tronFetch, usdtPayoutReceipt } from '../helpers/tron-fetch.js';
import { adminInsightSampleWorld } from '../helpers/admin-insight-samples.js';
import { adminUserSampleWorld } from '../helpers/admin-user-samples.js';
import { tradingSampleWorld } from '../helpers/trading-samples.js';
import { refundSampleWorld } from '../helpers/refund-samples.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { useCognitoFake } from '../helpers/cognito-fake.js';
import { useMockedDynamo, givenEmptyTable } from '../helpers/dynamo-outcomes.js';
import { SAMPLE_ADMIN_ID as ADMIN_SUB } from '../helpers/sample-admin.js';
import { SAMPLE_JANE } from '../helpers/sample-customers.js';

/**
 * The sample events are what `npm run invoke -- <id>` and `sam local invoke` send: each must run
 * its real handler to a success answer, with the table, Cognito and SES mocked as the world the
 * sample describes (Jane Doe, jane.doe@example.com, with the codes the samples carry).
 */
// The samples' tokens name the example app client as their audience (`aud`); here it is the
// API's own client, as a deployment's client id is in a real event. Set before config is read.
vi.hoisted(() => {
  process.env.USER_POOL_CLIENT_ID = '1example23456789clientid';
});
const dynamo = useMockedDynamo();
const cognito = useCognitoFake();
const outbox = useAwsOutbox();

// The withdrawal samples' payout is checked on TRON: a TRON API (TRON_TEST_URL) that knows Jane's payout.
vi.hoisted(() => {
  process.env.TRON_API_URL = 'https://tron.test';
});
vi.stubGlobal(
  'fetch',
  tronFetch(new Map([[SAMPLE_PAYOUT_TXID, usdtPayoutReceipt(SAMPLE_PAYOUT_TXID, SAMPLE_TRC20_ADDRESS, '20')]])),
);

const { _id: SUB, email: EMAIL } = SAMPLE_JANE;
/** The administrator of the admin samples signs in with this address. */
const ADMIN_EMAIL = 'admin@example.com';
const OTP_KEY = String(config.otpHashKey);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ID_TOKEN = `${b64({ alg: 'RS256' })}.${b64({ sub: SUB, email: EMAIL, iat: 1767268500 })}.c2lnbmF0dXJl`;
const ADMIN_ID_TOKEN = `${b64({ alg: 'RS256' })}.${b64({
  sub: ADMIN_SUB,
  email: ADMIN_EMAIL,
  'cognito:groups': ['admin'],
  iat: 1767268500,
})}.c2lnbmF0dXJl`;
const sampleBody = <T>(id: RouteId) => JSON.parse(loadSampleEvent(id).body ?? '{}') as T;

const profile = (verified: boolean) => ({
  PK: `USER#${SUB}`,
  SK: 'PROFILE',
  _id: SUB,
  username: 'jane_doe',
  email: EMAIL,
  phone: null,
  isActive: true,
  referralCode: 'K7M2QX9P',
  referralCount: 0,
  referralEarnings: 0,
  ...(verified ? { emailVerifiedAt: '2026-01-01T11:00:00.000Z' } : {}),
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});

/** The live code of a sample: only its keyed hash is stored, as in the real table. */
function storedCode(purpose: CodePurpose, code: string, email = EMAIL, owner?: string) {
  givenItems(dynamo, {
    PK: `OTP#${email}`,
    SK: `PURPOSE#${purpose}`,
    codeHash: hashCode(OTP_KEY, purpose, email, code),
    wrongTries: 0,
    lastSentAt: Date.now() - 60_000,
    expiresAt: Math.floor(Date.now() / 1000) + 540,
    ...(owner ? { userId: owner } : {}),
  });
}

function existingUser(verified: boolean) {
  givenItems(
    dynamo,
    // A pending registration's marker expires with it; a verified address's does not.
    {
      PK: `EMAIL#${EMAIL}`,
      SK: 'EMAIL',
      userId: SUB,
      ...(verified ? {} : { expiresAt: Math.floor(Date.now() / 1000) + 86_400 }),
    },
    { ...profile(verified), PK: `USER#${SUB}`, SK: 'PROFILE' },
  );
}

const tradingWorld = tradingSampleWorld(dynamo);

/** What each auth sample needs beyond an empty table. */
const WORLD: Partial<Record<RouteId, () => void>> = {
  ...paymentReviewSampleWorld(dynamo),
  ...customerCommerceSampleWorld(dynamo),
  ...withdrawalSampleWorld(dynamo),
  ...settingsSampleWorld(dynamo),
  ...adminInsightSampleWorld(dynamo),
  ...adminUserSampleWorld(dynamo),
  ...tradingSampleWorld(dynamo),
  ...refundSampleWorld(dynamo),
  // The sample message exists: the delete reads its time to take it off its half-hour counter.
  'contact-delete': () => {
    const key = { PK: 'CONTACT#01KDX3N8W6Q5ZJ4R2T7B9C0E1F', SK: 'CONTACT#01KDX3N8W6Q5ZJ4R2T7B9C0E1F' };
    dynamo.on(GetCommand, { Key: key }).resolves({
      Item: { ...key, _id: '01KDX3N8W6Q5ZJ4R2T7B9C0E1F', createdAt: '2026-03-01T10:40:00.000Z', counted: true },
    });
  },
  // The sample failed mail is listed (its retries failed): the resend sends it and it leaves the list.
  'admin-failed-mail-resend': () => {
    const id = String(loadSampleEvent('admin-failed-mail-resend').pathParameters?.id);
    givenItems(dynamo, {
      PK: `MAILOUT#${id}`,
      SK: 'MAILOUT',
      _id: id,
      to: EMAIL,
      type: 'withdrawalApproved',
      values: {
        username: 'jane_doe',
        amount: '25',
        trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        network: 'TRC20',
        requestDate: 'Mar 9, 2026',
        processingHours: '24-48',
        adminNote: '',
        dashboardLink: 'https://www.example.com/dashboard',
        // The approval's payout proof, as withdrawalMailValues adds it.
        payoutTxid: '4f6c1f2a9b3d5e7081a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708',
        payoutLink:
          'https://tronscan.org/#/transaction/4f6c1f2a9b3d5e7081a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708',
      },
      entityId: '01KDX6R4F2N8W3T7Q5M9P1Z0RA',
      status: 'failed',
      attempts: 8,
      createdAt: '2026-03-10T06:00:00.000Z',
      failedAt: '2026-03-10T08:07:00.000Z',
      lastError: 'ThrottlingException: Maximum sending rate exceeded.',
    });
  },
  // The unread index holds the sample message: Mark All Read marks it.
  'contact-mark-all-read': () => {
    dynamo.on(QueryCommand, { IndexName: 'GSI2' }).resolves({ Items: [{ _id: '01KDX3N8W6Q5ZJ4R2T7B9C0E1F' }] });
  },
  'auth-verify-otp': () => {
    existingUser(false);
    storedCode('registration', '4821');
  },
  'auth-resend-otp': () => existingUser(false),
  'auth-login': () => existingUser(true),
  'auth-refresh': () => {
    existingUser(true);
    const body = JSON.parse(loadSampleEvent('auth-refresh').body ?? '{}') as { refreshToken: string };
    const tokenHash = createHash('sha256').update(body.refreshToken).digest('hex');
    dynamo.on(GetCommand, { Key: { PK: `USER#${SUB}`, SK: `SESSION#${tokenHash}` } }).resolves({ Item: {} });
  },
  'auth-request-password-reset': () => existingUser(true),
  'auth-verify-reset-otp': () => {
    existingUser(true);
    storedCode('reset', '7390');
  },
  'auth-reset-password': () => {
    existingUser(true);
    storedCode('reset', '7390');
  },
  'auth-me': () => existingUser(true),
  'account-mt5-get': () => existingUser(true),
  'auth-get-user-data': () => existingUser(true),
  'auth-update-user': () => existingUser(true),
  'auth-logout': () => existingUser(true),
  'account-mt5-put': () => {
    existingUser(true);
    tradingWorld['account-mt5-put']?.();
  },
  'auth-logout-all': () => existingUser(true),
  'auth-confirm-email-change': () => {
    existingUser(true);
    const { email, otp } = sampleBody<{ email: string; otp: string }>('auth-confirm-email-change');
    storedCode('email-change', otp, email, SUB);
  },
  'auth-mfa-verify': () => {
    cognito.on('AdminRespondToAuthChallenge').resolves({
      AuthenticationResult: { IdToken: ADMIN_ID_TOKEN, RefreshToken: 'sample-admin-refresh-token', ExpiresIn: 3600 },
    });
  },
  'auth-mfa-setup': () => {
    const { setupId } = sampleBody<{ setupId: string }>('auth-mfa-setup');
    dynamo.on(GetCommand, { Key: { PK: `MFASETUP#${setupId}`, SK: 'MFASETUP' } }).resolves({
      Item: {
        userId: ADMIN_SUB,
        email: ADMIN_EMAIL,
        accessToken: 'sample-access-token',
        wrongTries: 0,
        expiresAt: Math.floor(Date.now() / 1000) + 300,
      },
    });
    cognito.on('VerifySoftwareToken').resolves({ Status: 'SUCCESS' });
  },
};

beforeEach(() => {
  forgetItems(dynamo);
  cognito.reset();
  givenEmptyTable(dynamo);
  // The administrator of the admin samples has a profile, with TOTP on.
  dynamo.on(GetCommand, { Key: { PK: `USER#${ADMIN_SUB}`, SK: 'PROFILE' } }).resolves({
    Item: {
      ...profile(true),
      PK: `USER#${ADMIN_SUB}`,
      _id: ADMIN_SUB,
      username: 'admin',
      email: ADMIN_EMAIL,
      isAdmin: true,
      referralCode: 'ADM1N2QX',
      mfaEnabledAt: '2026-01-01T11:00:00.000Z',
    },
  });
  cognito.on('SignUp').resolves({ UserSub: SUB, UserConfirmed: false });
  cognito.on('AdminInitiateAuth').resolves({
    AuthenticationResult: { IdToken: ID_TOKEN, RefreshToken: 'sample-refresh-token', ExpiresIn: 3600 },
  });
});

const run = async (id: RouteId) => {
  WORLD[id]?.();
  return invoke(await routeHandler(id), loadSampleEvent(id));
};

describe('events/<id>.json', () => {
  it.each(implementedRoutes().map((r) => [r.id as RouteId, r] as const))(
    '%s runs its handler successfully',
    async (id, route) => {
      const res = await run(id);
      expect(res.statusCode, res.rawBody).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.rawBody).toBeLessThan(300);
      const caller = callerFromEvent(loadSampleEvent(id), config.userPoolClientId);
      if (route.auth === 'public') expect(caller).toBeNull();
      if (route.auth === 'admin') expect(caller?.isAdmin).toBe(true);
      // Their tokens are the API's own client's: an administrator's acts as one.
      if (route.auth !== 'public') expect(caller?.apiSignIn).toBe(true);
      if (route.auth !== 'public') expect(caller?.issuedAt, 'user samples carry iat').toBeGreaterThan(0);
    },
  );

  it('payment-send-basic-notifications mails the subscriber whose Basic month starts today', async () => {
    const res = await run('payment-send-basic-notifications');
    expect(res.body).toEqual({ message: 'Activation emails sent to 1 subscriber', sent: 1 });
    expect(outbox.mails[0]?.to).toEqual([EMAIL]);
  });

  it('admin-export downloads the sample filter as CSV', async () => {
    const res = await run('admin-export');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawBody).toContain('jane_doe');
  });

  it('contact-add stores the sample message', async () => {
    const res = await run('contact-add');
    expect(res.statusCode).toBe(201);
    expect(storeTransactions(dynamo)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item).toMatchObject({
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
    });
  });

  it('contact-list passes the sample limit to the query', async () => {
    await run('contact-list');
    const list = dynamo.commandCalls(QueryCommand).find((call) => call.args[0].input.Select !== 'COUNT');
    expect(list?.args[0].input.Limit).toBe(20);
  });

  it.each([
    ['contact-delete', 'deletes', 'Delete'],
    ['contact-mark-read', 'marks read', 'Update'],
  ] as const)('%s %s the sample id', async (routeId, _does, write) => {
    const event = loadSampleEvent(routeId);
    await run(routeId);
    expect(storeTransactions(dynamo)[0]?.args[0].input.TransactItems?.[0]?.[write]?.Key).toEqual({
      PK: `CONTACT#${event.pathParameters?.id}`,
      SK: `CONTACT#${event.pathParameters?.id}`,
    });
  });

  it('contact-mark-all-read marks the unread sample message', async () => {
    const res = await run('contact-mark-all-read');
    expect(res.body).toEqual({ message: '1 message marked as read', marked: 1, complete: true });
  });

  it('auth-register signs the lower-cased sample e-mail up and mails a code', async () => {
    const res = await run('auth-register');
    expect(res.statusCode).toBe(201);
    expect(cognito.inputsOf('SignUp')[0]).toMatchObject({ Username: EMAIL });
    expect(outbox.mails[0]?.to).toEqual([EMAIL]);
  });

  it.each(['auth-verify-otp', 'auth-login'] as const)(
    '%s answers a complete session, with the refresh token only as a cookie',
    async (id) => {
      const res = await run(id);
      expect(authSessionResponseSchema.parse(res.body)).toMatchObject({
        userId: SUB,
        email: EMAIL,
        username: 'jane_doe',
        isAdmin: false,
        token: ID_TOKEN,
        expiresIn: 3600,
      });
      expect(res.body).not.toHaveProperty('refreshToken');
      expect(res.cookies).toEqual([
        // The Cognito username (the sub) travels with the token for the refresh's SECRET_HASH.
        expect.stringMatching(new RegExp(`^goldbot_rt=${SUB}~sample-refresh-token; Path=/api/auth; HttpOnly;`)),
      ]);
    },
  );

  it('auth-logout ends the sample session and clears its cookie', async () => {
    const res = await run('auth-logout');
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([expect.stringMatching(/^goldbot_rt=; .*Max-Age=0$/)]);
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      PK: `USER#${SUB}`,
      SK: `SESSION#${createHash('sha256').update(`${SUB}~example-refresh-token`).digest('hex')}`,
    });
  });

  it('auth-confirm-email-change moves the sample account to the proven address', async () => {
    const res = await run('auth-confirm-email-change');
    expect(res.statusCode).toBe(200);
    const { email } = sampleBody<{ email: string }>('auth-confirm-email-change');
    const items = storeTransactions(dynamo).flatMap((c) => c.args[0].input.TransactItems ?? []);
    expect(items[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':e': email });
    expect(outbox.mails[0]?.to).toEqual([EMAIL]);
  });
});
