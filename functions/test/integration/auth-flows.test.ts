import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { secretHash } from '../../src/adapters/cognito-secret-hash.js';
import { localClientSecret, localCognitoClient } from '../../../scripts/local/cognito-local.js';
import { api, idTokenFor, refreshCookieOf, stack } from './http-client.js';
import { db } from './fixtures.js';
import { latestCode, mailsTo } from './mailbox.js';
import {
  SIGN_UP_PASSWORD,
  newEmail,
  newUsername,
  register as registerForm,
  signUpAndVerify,
  skipCooldown,
  type SignedUpSession,
  verifyMailedCode,
} from './sign-up.js';
import { sleep } from '../../src/lib/retry.js';

/** Accounts end to end over real HTTP: real Cognito (local), real DynamoDB Local, mails from the SES emulator. */

const PASSWORD = SIGN_UP_PASSWORD;

async function register(email: string, username = newUsername('user')) {
  const response = await registerForm(email, username);
  expect(response.status).toBe(201);
  return username;
}

describe('registration with a mailed code', () => {
  it('register → wrong code → right code → signed in, and the token works on /me', async () => {
    const email = newEmail('reg');
    const username = await register(email);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const otp = await latestCode(email, /verification/i);
    expect(otp).toMatch(/^\d{4}$/);

    const beforeVerify = await api('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
    expect(beforeVerify.status).toBe(403);
    expect(beforeVerify.body).toMatchObject({ needsVerification: true });

    const wrong = await api('/api/auth/verifyOtp', {
      method: 'POST',
      body: { email, otp: otp === '0000' ? '1111' : '0000', password: PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ msg: expect.stringMatching(/incorrect/i) });

    const verified = await api<SignedUpSession>('/api/auth/verifyOtp', {
      method: 'POST',
      body: { email, otp, password: PASSWORD },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ username, email, isAdmin: false, referralCount: 0, referralEarnings: 0 });
    expect(verified.body.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(verified.body.token.split('.')).toHaveLength(3);
    expect(verified.body.expiresIn).toBeGreaterThan(0);

    const me = await api<SignedUpSession>('/api/auth/me', { token: verified.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: verified.body.userId, username, email });

    const reused = await api('/api/auth/verifyOtp', { method: 'POST', body: { email, otp, password: PASSWORD } });
    expect(reused.status).toBe(409);
  });

  it('refuses duplicates with 409 (invalid fields: form validation, below)', async () => {
    const email = newEmail('dup');
    const username = await register(email);
    const sameEmail = await api('/api/auth/Register', {
      method: 'POST',
      body: { username: newUsername('other'), email, password: PASSWORD },
    });
    expect(sameEmail.status).toBe(409);
    const sameName = await api('/api/auth/Register', {
      method: 'POST',
      body: { username: username.toUpperCase(), email: newEmail('dup2'), password: PASSWORD },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ message: 'This username is already taken.' });
  });

  it('starts over when Cognito still holds an abandoned, expired sign-up for the address', async () => {
    const email = newEmail('abandoned');
    // An UNCONFIRMED Cognito user with no live profile or markers of ours (they expired after 24 h).
    await localCognitoClient(stack().urls.cognito).send(
      new SignUpCommand({
        ClientId: stack().pool.clientId,
        SecretHash: secretHash(
          email,
          stack().pool.clientId,
          await localClientSecret(stack().urls.cognito, stack().pool),
        ),
        Username: email,
        Password: 'Old$pass123',
      }),
    );
    await register(email);
    const verified = await verifyMailedCode<SignedUpSession>(email);
    expect(verified.status).toBe(200);
  });

  it('kills a code after five wrong tries', async () => {
    const email = newEmail('tries');
    await register(email);
    const otp = await latestCode(email, /verification/i);
    const wrong = otp === '9999' ? '0000' : '9999';
    for (let i = 0; i < 5; i += 1) {
      expect((await api('/api/auth/verifyOtp', { method: 'POST', body: { email, otp: wrong } })).status).toBe(400);
    }
    const right = await api('/api/auth/verifyOtp', { method: 'POST', body: { email, otp, password: PASSWORD } });
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ msg: expect.stringMatching(/too many wrong attempts/i) });
  });

  it('enforces the resend cool-down and the hourly cap silently, with one answer for every address', async () => {
    const email = newEmail('resend');
    await register(email);
    const tooSoon = await api('/api/auth/resendOtp', { method: 'POST', body: { email } });
    expect(tooSoon.status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);

    for (let sent = 1; sent < 5; sent += 1) {
      await skipCooldown(email, 'registration');
      const again = await api('/api/auth/resendOtp', { method: 'POST', body: { email } });
      expect(again.status).toBe(200);
    }
    expect(await mailsTo(email)).toHaveLength(5);
    await skipCooldown(email, 'registration');
    const capped = await api('/api/auth/resendOtp', { method: 'POST', body: { email } });
    expect(capped.status).toBe(200);
    expect(capped.body).toEqual(tooSoon.body);
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('a registration code is never accepted as a reset code', async () => {
    const email = newEmail('purpose');
    await register(email);
    const otp = await latestCode(email, /verification/i);
    const asReset = await api('/api/auth/verify-reset-otp', { method: 'POST', body: { email, otp } });
    expect(asReset.status).toBe(400);
  });
});

describe('sign-in, refresh and back-off', () => {
  it('uses one generic message for unknown e-mail and wrong password, then backs off after 5 failures', async () => {
    const session = await signUpAndVerify('backoff');
    const unknown = await api('/api/auth/login', {
      method: 'POST',
      body: { email: newEmail('nobody'), password: PASSWORD },
    });
    const wrong = await api('/api/auth/login', {
      method: 'POST',
      body: { email: session.email, password: 'Wrong$pass1' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);

    for (let i = 0; i < 4; i += 1) {
      expect(
        (await api('/api/auth/login', { method: 'POST', body: { email: session.email, password: 'Wrong$pass1' } }))
          .status,
      ).toBe(401);
    }
    const blocked = await api('/api/auth/login', {
      method: 'POST',
      body: { email: session.email, password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refreshes a session, and a revoked session cannot refresh', async () => {
    const session = await signUpAndVerify('refresh');
    const refreshed = await api<{ token: string; expiresIn: number }>('/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect((await api('/api/auth/me', { token: refreshed.body.token })).status).toBe(200);

    const changed = await api(`/api/auth/updateUser/${session.userId}`, {
      method: 'PUT',
      token: session.token,
      body: { currentPassword: PASSWORD, password: 'N3w$ecret!' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: 'Password updated successfully. Please login again with your new password.',
    });
    const afterRevoke = await api('/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: session.refreshToken },
    });
    expect(afterRevoke.status).toBe(401);
    expect((await api('/api/auth/refresh', { method: 'POST', body: { refreshToken: 'garbage' } })).status).toBe(401);
    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: session.email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: session.email, password: 'N3w$ecret!' } })).status,
    ).toBe(200);
  });

  it('signs out of all devices: every token and refresh session of the account ends, a new sign-in works', async () => {
    const first = await signUpAndVerify('everywhere');
    const second = await api<SignedUpSession>('/api/auth/login', {
      method: 'POST',
      body: { email: first.email, password: PASSWORD },
    });
    expect(second.status).toBe(200);
    const secondRefresh = refreshCookieOf(second);
    const ended = await api('/api/auth/logout-all', { method: 'POST', token: second.body.token, body: {} });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ message: 'You have been signed out of all devices. Please sign in again.' });
    expect(ended.headers.getSetCookie().some((c) => /Max-Age=0/.test(c))).toBe(true);
    for (const refreshToken of [first.refreshToken, secondRefresh]) {
      expect((await api('/api/auth/refresh', { method: 'POST', body: { refreshToken } })).status).toBe(401);
    }
    for (const token of [first.token, second.body.token]) {
      expect((await api('/api/auth/me', { token })).status).toBe(401);
    }
    // Tokens are refused up to the second of the sign-out: a new sign-in a second later works.
    await sleep(1100);
    const again = await api<SignedUpSession>('/api/auth/login', {
      method: 'POST',
      body: { email: first.email, password: PASSWORD },
    });
    expect(again.status).toBe(200);
    expect((await api('/api/auth/me', { token: again.body.token })).status).toBe(200);
  });

  it('refuses a deactivated account everywhere', async () => {
    const session = await signUpAndVerify('deactivated');
    await db().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `USER#${session.userId}`, SK: 'PROFILE' },
        UpdateExpression: 'SET isActive = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    const me = await api('/api/auth/me', { token: session.token });
    expect(me.status).toBe(403);
    expect(me.body).toMatchObject({ message: 'Account is deactivated' });
    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: session.email, password: PASSWORD } })).status,
    ).toBe(403);
    expect(
      (await api('/api/auth/refresh', { method: 'POST', body: { refreshToken: session.refreshToken } })).status,
    ).toBe(403);
  });
});

describe('password reset', () => {
  it('request → code → verify → reset; the old password stops working', async () => {
    const session = await signUpAndVerify('reset');
    const requested = await api<{ message: string }>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: session.email },
    });
    expect(requested.status).toBe(200);
    const unknown = await api<{ message: string }>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: newEmail('ghost') },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(requested.body.message);

    const otp = await latestCode(session.email, /reset/i);
    expect(
      (await api('/api/auth/verify-reset-otp', { method: 'POST', body: { email: session.email, otp } })).status,
    ).toBe(200);
    // Checking does not consume: the reset itself still accepts the same code.
    const reset = await api('/api/auth/reset-password', {
      method: 'POST',
      body: { email: session.email, otp, newPassword: 'Fresh#Pass9' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ message: 'Password reset successful!' });
    const again = await api('/api/auth/reset-password', {
      method: 'POST',
      body: { email: session.email, otp, newPassword: 'Other#Pass9' },
    });
    expect(again.status).toBe(400);

    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: session.email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: session.email, password: 'Fresh#Pass9' } }))
        .status,
    ).toBe(200);
    expect((await api('/api/auth/me', { token: session.token })).status).toBe(401);
  });
});

describe('account data and profile', () => {
  it('getuserdata: self and admin yes, another user 403', async () => {
    const alice = await signUpAndVerify('alice');
    const bob = await signUpAndVerify('bob');
    const own = await api<{ _id: string; username: string }>(`/api/auth/getuserdata/${alice.userId}`, {
      token: alice.token,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ _id: alice.userId, username: alice.username, referralCode: alice.referralCode });
    expect((await api(`/api/auth/getuserdata/${alice.userId}`, { token: bob.token })).status).toBe(403);
    expect((await api(`/api/auth/getuserdata/${alice.userId}`, { token: await idTokenFor('admin') })).status).toBe(200);
    expect(
      (
        await api(`/api/auth/updateUser/${alice.userId}`, {
          method: 'PUT',
          token: bob.token,
          body: { username: 'x_y_z', email: bob.email },
        })
      ).status,
    ).toBe(403);
  });

  it('takes any name as a username, at registration and on the profile, unique whatever its case', async () => {
    // A space, at registration.
    const email = newEmail('names');
    await register(email, 'John Smith');
    const john = await verifyMailedCode<SignedUpSession>(email);
    expect(john.status).toBe(200);
    expect(john.body).toMatchObject({ username: 'John Smith' });
    const update = (username: string, account: Pick<SignedUpSession, 'userId' | 'token' | 'email'> = john.body) =>
      api<{ user: SignedUpSession }>(`/api/auth/updateUser/${account.userId}`, {
        method: 'PUT',
        token: account.token,
        body: { username, email: account.email },
      });

    // Two letters, other scripts, an accent typed decomposed (stored composed), on the profile.
    for (const [typed, stored] of [
      ['Jo', 'Jo'],
      ['Анна Ковальова', 'Анна Ковальова'],
      ['李小龍', '李小龍'],
      ['  Zoe\u0308 Ångström ', 'Zo\u00eb Ångström'],
    ]) {
      const renamed = await update(typed ?? '');
      expect(renamed.status, typed).toBe(200);
      expect(renamed.body.user.username).toBe(stored);
      const me = await api<{ username: string }>(`/api/auth/getuserdata/${john.body.userId}`, {
        token: john.body.token,
      });
      expect(me.body.username).toBe(stored);
    }

    // Unique whatever the case: another account can have neither 'ZOË ÅNGSTRÖM' nor the name
    // John gave up; the released 'John Smith' is free again.
    const other = await signUpAndVerify('names-other');
    const taken = await update('ZOË ÅNGSTRÖM', other);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'This username is already taken.' });
    const sameAtRegistration = await registerForm(newEmail('names-dup'), 'zoë ångström');
    expect(sameAtRegistration.status).toBe(409);
    expect((await update('john smith', other)).status).toBe(200);

    // Still refused: angle brackets, control characters, more than 50 characters.
    for (const [username, message] of [
      ['Jo <b>', 'Username cannot contain line breaks, control characters or angle brackets (< >)'],
      ['John\nSmith', 'Username cannot contain line breaks, control characters or angle brackets (< >)'],
      ['a'.repeat(51), 'Username must be at most 50 characters'],
    ]) {
      const refused = await update(username ?? '');
      expect(refused.status, username).toBe(400);
      expect(refused.body).toMatchObject({ errors: { username: message } });
      const atRegistration = await registerForm(newEmail('names-bad'), username ?? '');
      expect(atRegistration.status, username).toBe(400);
      expect(atRegistration.body).toMatchObject({ errors: { username: message } });
    }
  });

  it('updates username and e-mail, keeping e-mails unique and Cognito in step', async () => {
    const carol = await signUpAndVerify('carol');
    const dave = await signUpAndVerify('dave');
    const taken = await api(`/api/auth/updateUser/${carol.userId}`, {
      method: 'PUT',
      token: carol.token,
      body: { username: carol.username, email: dave.email, currentPassword: PASSWORD },
    });
    expect(taken.status).toBe(409);
    const missing = await api(`/api/auth/updateUser/${carol.userId}`, {
      method: 'PUT',
      token: carol.token,
      body: { username: '', email: '' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      errors: { username: 'All fields are required', email: 'All fields are required' },
    });

    const renamed = await api<{ user: SignedUpSession }>(`/api/auth/updateUser/${carol.userId}`, {
      method: 'PUT',
      token: carol.token,
      body: { username: `${carol.username}x`, email: carol.email },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: 'Profile updated successfully',
      user: { username: `${carol.username}x`, email: carol.email },
    });

    const newAddress = newEmail('carol-new');
    const noPassword = await api(`/api/auth/updateUser/${carol.userId}`, {
      method: 'PUT',
      token: carol.token,
      body: { username: `${carol.username}x`, email: newAddress },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({
      errors: { currentPassword: 'Please enter your current password to change your email.' },
    });
    const pending = await api<{ user: SignedUpSession; pendingEmail: string }>(`/api/auth/updateUser/${carol.userId}`, {
      method: 'PUT',
      token: carol.token,
      body: { username: `${carol.username}x`, email: newAddress, currentPassword: PASSWORD },
    });
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      message: `We sent a 4-digit code to ${newAddress}. Enter it to confirm your new email.`,
      pendingEmail: newAddress,
      user: { email: carol.email },
    });
    // Nothing changes until the code comes back: the old address still signs in.
    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: newAddress, password: PASSWORD } })).status,
    ).toBe(401);
    const code = await latestCode(newAddress, /confirm your new/i);
    const confirmed = await api('/api/auth/confirm-email-change', {
      method: 'POST',
      token: carol.token,
      body: { email: newAddress, otp: code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: 'Your email has been changed. Please sign in again with your new email.',
    });
    expect(confirmed.headers.getSetCookie().join(';')).toMatch(/goldbot_rt=;.*Max-Age=0/);

    const marker = await db().send(
      new GetCommand({ TableName: stack().tableName, Key: { PK: `EMAIL#${carol.email}`, SK: 'EMAIL' } }),
    );
    expect(marker.Item).toBeUndefined();
    const notice = (await mailsTo(carol.email)).at(-1);
    expect(notice?.subject).toBe('Your GoldBot email was changed');
    expect(notice?.body.text).not.toContain(newAddress);
    // Every session ended: the old token and the old refresh token are refused.
    expect((await api('/api/auth/me', { token: carol.token })).status).toBe(401);
    expect(
      (await api('/api/auth/refresh', { method: 'POST', body: { refreshToken: carol.refreshToken } })).status,
    ).toBe(401);
    expect(
      (await api('/api/auth/login', { method: 'POST', body: { email: newAddress, password: PASSWORD } })).status,
    ).toBe(200);
  });
});

describe('form validation', () => {
  // Each form states every rule its fields break, in its own words.
  it.each([
    [
      '/api/auth/Register',
      { username: 'abc', email: 'x', password: 'weak' },
      {
        email: 'Email is invalid',
        password:
          'Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character',
      },
    ],
    [
      '/api/auth/reset-password',
      { email: 'a@b.co', otp: '1234', newPassword: 'short' },
      {
        newPassword:
          'Password must be at least 8 characters, Password must contain at least 1 number, Password must contain at least 1 uppercase letter, Password must contain at least 1 special character',
      },
    ],
  ])('%s states every unmet rule with 400', async (path, body, errors) => {
    const response = await api(path, { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors });
  });
});
