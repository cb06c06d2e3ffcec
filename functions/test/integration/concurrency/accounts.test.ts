import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { localCognitoClient } from '../../../../scripts/local/cognito-local.js';
import { CODE_MESSAGES } from '../../../src/domain/auth/one-time-codes.js';
import { api, stack } from '../http-client.js';
import { latestCode, mailsTo } from '../mailbox.js';
import { register, verifyOtp } from '../sign-up.js';
import { delta, getItem, userStats } from '../fixtures.js';
import { RACERS, expectOutcome, printFigures, race, record } from './race.js';

/**
 * Accounts under 50 parallel requests over real HTTP (docs/data-model.md, codes and registration):
 * one e-mail and one username registered 50 times at once leave one pending registration whose
 * Cognito user, profile and markers agree, and one code mail; one right code verified 50 times at
 * once is consumed once, verifies once and moves the user counters by exactly one.
 */
const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
const USERNAME_TAKEN = 'This username is already taken.';
const ALREADY_VERIFIED = 'This email is already verified. Please sign in.';

const verify = verifyOtp;

async function cognitoUser(email: string) {
  const info = stack();
  const user = await localCognitoClient(info.urls.cognito).send(
    new AdminGetUserCommand({ UserPoolId: info.pool.userPoolId, Username: email }),
  );
  return { status: user.UserStatus, sub: user.UserAttributes?.find((a) => a.Name === 'sub')?.Value };
}

afterAll(() => printFigures('accounts'));

describe('registration, 50 times at once with one e-mail and one username', () => {
  it('leaves one pending registration (Cognito user, profile and markers agree) and one code mail', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `race-reg-${tag}@example.com`;
    const username = `race_${tag}`;
    const statsBefore = await userStats();

    const { answers, tally } = await race(RACERS, () => register(email, username));
    record('register x50', tally);
    expectOutcome(answers, (a) => a.status === 201, [
      { status: 409, message: EMAIL_TAKEN },
      { status: 409, message: USERNAME_TAKEN },
    ]);

    // One Cognito user, and the markers and the profile are all keyed by its sub.
    const user = await cognitoUser(email);
    expect(user.status).toBe('UNCONFIRMED');
    const emailMarker = await getItem(`EMAIL#${email}`, 'EMAIL');
    const usernameMarker = await getItem(`USERNAME#${username}`, 'USERNAME');
    expect(emailMarker?.userId).toBe(user.sub);
    expect(usernameMarker?.userId).toBe(user.sub);
    expect(await getItem(`USER#${user.sub}`, 'PROFILE')).toMatchObject({ email, username });
    expect(await mailsTo(email)).toHaveLength(1);
    // Registering moves no user counter: an unverified sign-up is not a user yet.
    expect(await userStats()).toEqual(statsBefore);

    // The one registration works end to end: its code verifies and signs in.
    const otp = await latestCode(email, /verification/i);
    const verified = await verify(email, otp);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ userId: user.sub, email });
    expect(delta(await userStats(), statsBefore)).toEqual({ total: 1, active: 1, inactive: 0, newThisMonth: 1 });
  }, 60_000);
});

describe('one one-time code, verified 50 times at once', () => {
  it('one success: the code is consumed once and the user counters move by one', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `race-otp-${tag}@example.com`;
    expect((await register(email, `otp_${tag}`)).status).toBe(201);
    const otp = await latestCode(email, /verification/i);
    const statsBefore = await userStats();

    const { answers, tally } = await race(RACERS, () => verify(email, otp));
    record('verifyOtp x50', tally);
    const { winners } = expectOutcome(answers, (a) => a.status === 200, [
      { status: 400, message: CODE_MESSAGES.missing },
      { status: 409, message: ALREADY_VERIFIED },
    ]);
    const session = winners[0]?.body;
    expect(session).toMatchObject({ email, token: expect.any(String) });

    expect(await getItem(`OTP#${email}`, 'PURPOSE#registration')).toBeUndefined();
    const profile = await getItem(`USER#${session?.userId}`, 'PROFILE');
    expect(profile).toMatchObject({ emailVerifiedAt: expect.any(String), GSI1PK: 'USERS' });
    expect(profile).not.toHaveProperty('expiresAt');
    expect((await cognitoUser(email)).status).toBe('CONFIRMED');
    expect(delta(await userStats(), statsBefore)).toEqual({ total: 1, active: 1, inactive: 0, newThisMonth: 1 });
    expect((await api('/api/auth/me', { token: session?.token })).status).toBe(200);
  });
});
