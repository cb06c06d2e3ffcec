import { AdminConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROUND_TRIP_BUDGET } from '../../../scripts/bench/round-trips-section.js';
import { localCognitoClient } from '../../../scripts/local/cognito-local.js';
import { db, table } from './fixtures.js';
import { api, newCustomer, stack, type ApiResponse } from './http-client.js';
import { latestCode, mailsTo } from './mailbox.js';
import { SIGN_UP_PASSWORD, newEmail, newUsername, register, skipCooldown, verifyMailedCode } from './sign-up.js';

/**
 * The account paths the customer journey (round-trips.test.ts) does not take, each within the
 * account routes' budget of DynamoDB requests: the gateway tells how many a handler made
 * (`x-local-dynamodb-requests`). These are the paths that once went past 5: a sign-in of an
 * address still to be proven, a new username and address in one save, a wrong code (also the one
 * that locks the address), and a sign-in with failures on record.
 */
const requests = (response: ApiResponse<unknown>) => Number(response.headers.get('x-local-dynamodb-requests'));

function expectWithinBudget(response: ApiResponse<unknown>, status: number) {
  expect(response.status).toBe(status);
  expect(requests(response)).toBeLessThanOrEqual(ACCOUNT_ROUND_TRIP_BUDGET);
}

const post = (path: string, body: unknown, token?: string) =>
  api(path, { method: 'POST', body, ...(token ? { token } : {}) });

/** The address's wrong codes of today one short of the lock, so the next wrong code sets it. */
async function oneWrongCodeFromLock(email: string) {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        PK: `RATE#code-fail#${email.toLowerCase()}`,
        SK: `WINDOW#${new Date().toISOString().slice(0, 10)}`,
        count: AUTH.maxFailedCodesPerDay - 1,
        expiresAt: Math.floor(Date.now() / 1000) + 48 * 3600,
      },
    }),
  );
}

const wrongFor = (code: string) => (code === '9999' ? '0000' : '9999');

describe('account paths off the journey stay within the round-trip budget', () => {
  it('a sign-in of an address still to be proven, with failures on record: 403 and a new code', async () => {
    const email = newEmail('rt-unproven');
    expect((await register(email, newUsername('rt'))).status).toBe(201);
    expectWithinBudget(await post('/api/auth/login', { email, password: 'Wrong$pass1' }), 401);
    // Inside the cool-down: the code already mailed is still valid, nothing new is sent.
    const inCooldown = await post('/api/auth/login', { email, password: SIGN_UP_PASSWORD });
    expectWithinBudget(inCooldown, 403);
    expect(await mailsTo(email)).toHaveLength(1);
    await skipCooldown(email, 'registration');
    const mailed = await post('/api/auth/login', { email, password: SIGN_UP_PASSWORD });
    expectWithinBudget(mailed, 403);
    expect(mailed.body).toMatchObject({ msg: 'Please verify your email first. We have sent you a new code.' });
    expect(await mailsTo(email)).toHaveLength(2);
    // The new code proves the address.
    expect((await verifyMailedCode(email)).status).toBe(200);
  });

  it('a sign-in that Cognito lets through while the registration still waits for its code', async () => {
    const email = newEmail('rt-half');
    expect((await register(email, newUsername('rt'))).status).toBe(201);
    // Cognito confirmed, the profile not: a verification that stopped half-way.
    const { urls, pool } = stack();
    await localCognitoClient(urls.cognito).send(
      new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
    expectWithinBudget(await post('/api/auth/login', { email, password: 'Wrong$pass1' }), 401);
    expectWithinBudget(await post('/api/auth/login', { email, password: SIGN_UP_PASSWORD }), 403);
    await skipCooldown(email, 'registration');
    const mailed = await post('/api/auth/login', { email, password: SIGN_UP_PASSWORD });
    expectWithinBudget(mailed, 403);
    expect(mailed.body).toMatchObject({ msg: 'Please verify your email first. We have sent you a new code.' });
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('a sign-in with failures on record', async () => {
    const email = newEmail('rt-failures');
    expect((await register(email, newUsername('rt'))).status).toBe(201);
    expect((await verifyMailedCode(email)).status).toBe(200);
    expectWithinBudget(await post('/api/auth/login', { email, password: 'Wrong$pass1' }), 401);
    expectWithinBudget(await post('/api/auth/login', { email, password: SIGN_UP_PASSWORD }), 200);
  });

  it('a new username and a new address in one save, with failures on record, then a wrong code', async () => {
    const customer = await newCustomer('rt-both');
    const newAddress = newEmail('rt-both-new');
    // A wrong current password first: the back-off has a failure on record.
    const wrongPassword = await api(`/api/auth/updateUser/${customer.userId}`, {
      method: 'PUT',
      token: customer.token,
      body: { username: customer.username, email: newAddress, currentPassword: 'Wrong$pass1' },
    });
    expectWithinBudget(wrongPassword, 400);
    const username = newUsername('rtboth');
    const saved = await api(`/api/auth/updateUser/${customer.userId}`, {
      method: 'PUT',
      token: customer.token,
      body: { username, email: newAddress, currentPassword: 'Buyer1234!' },
    });
    expectWithinBudget(saved, 200);
    expect(saved.body).toMatchObject({ user: { username }, pendingEmail: newAddress });
    const code = await latestCode(newAddress, /.*/);
    const wrong = await post(
      '/api/auth/confirm-email-change',
      { email: newAddress, otp: wrongFor(code) },
      customer.token,
    );
    expectWithinBudget(wrong, 400);
    await oneWrongCodeFromLock(newAddress);
    const locking = await post(
      '/api/auth/confirm-email-change',
      { email: newAddress, otp: wrongFor(code) },
      customer.token,
    );
    expectWithinBudget(locking, 429);
  });

  it('a wrong registration code, and the one that locks the address', async () => {
    const email = newEmail('rt-wrong');
    expect((await register(email, newUsername('rt'))).status).toBe(201);
    const code = await latestCode(email, /verification/i);
    expectWithinBudget(await post('/api/auth/verifyOtp', { email, otp: wrongFor(code) }), 400);
    await oneWrongCodeFromLock(email);
    expectWithinBudget(await post('/api/auth/verifyOtp', { email, otp: wrongFor(code) }), 429);
    // Locked: the right code is refused too.
    expectWithinBudget(await post('/api/auth/verifyOtp', { email, otp: code }), 429);
  });

  it('wrong reset codes, and the ones that lock the address', async () => {
    const customer = await newCustomer('rt-reset');
    const { email } = customer;
    expectWithinBudget(await post('/api/auth/request-password-reset', { email }), 200);
    const code = await latestCode(email, /.*/);
    expectWithinBudget(await post('/api/auth/verify-reset-otp', { email, otp: wrongFor(code) }), 400);
    const newPassword = 'N3w$ecret!';
    expectWithinBudget(await post('/api/auth/reset-password', { email, otp: wrongFor(code), newPassword }), 400);
    await oneWrongCodeFromLock(email);
    expectWithinBudget(await post('/api/auth/verify-reset-otp', { email, otp: wrongFor(code) }), 429);

    const other = await newCustomer('rt-reset-lock');
    expectWithinBudget(await post('/api/auth/request-password-reset', { email: other.email }), 200);
    const otherCode = await latestCode(other.email, /.*/);
    await oneWrongCodeFromLock(other.email);
    const locking = await post('/api/auth/reset-password', {
      email: other.email,
      otp: wrongFor(otherCode),
      newPassword,
    });
    expectWithinBudget(locking, 429);
  });

  it('a new registration code on request, and a second registration of a pending address', async () => {
    const email = newEmail('rt-resend');
    const username = newUsername('rt');
    expect((await register(email, username)).status).toBe(201);
    await skipCooldown(email, 'registration');
    expectWithinBudget(await post('/api/auth/resendOtp', { email }), 200);
    expect(await mailsTo(email)).toHaveLength(2);
    expectWithinBudget(await register(email, newUsername('rt')), 409);
  });
});
