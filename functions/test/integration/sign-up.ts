import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { db, table } from './fixtures.js';
import { api, refreshCookieOf } from './http-client.js';
import { latestCode } from './mailbox.js';

/** The password of the accounts these tests make through the sign-up form. */
export const SIGN_UP_PASSWORD = 'Gold$trade1';

/** A fresh address starting with `tag`, so accounts of one run are told apart. */
export const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
export const newUsername = (tag: string) => `${tag}_${randomUUID().slice(0, 6)}`;

/** What a successful verifyOtp answers with (and the session body, where a test reads more of it). */
export interface VerifiedAccount {
  userId: string;
  token: string;
  email: string;
}

/** The sign-up form as the site posts it. */
export const register = (email: string, username: string) =>
  api('/api/auth/Register', { method: 'POST', body: { username, email, password: SIGN_UP_PASSWORD } });

/** Proves `email` with `otp` (the form sends the password again). */
export const verifyOtp = <T = VerifiedAccount>(email: string, otp: string) =>
  api<T>('/api/auth/verifyOtp', { method: 'POST', body: { email, otp, password: SIGN_UP_PASSWORD } });

/** Proves `email` with the registration code the stack mailed to it: the verifyOtp answer. */
export async function verifyMailedCode<T = VerifiedAccount>(email: string) {
  return verifyOtp<T>(email, await latestCode(email, /verification/i));
}

/** A signed-in account made through the sign-up form: verifyOtp's session and the refresh cookie. */
export interface SignedUpSession {
  userId: string;
  username: string;
  email: string;
  isAdmin: boolean;
  referralCode: string;
  referralCount: number;
  referralEarnings: number;
  token: string;
  /** From the HttpOnly cookie, as the browser keeps it (never in the body). */
  refreshToken: string;
  expiresIn: number;
}

/**
 * Registers a fresh address starting with `tag` through the form (201), proves it with the mailed
 * code (200) and answers the session, whose body never carries the refresh token.
 */
export async function signUpAndVerify(tag: string, username = newUsername('user')): Promise<SignedUpSession> {
  const email = newEmail(tag);
  expect((await register(email, username)).status).toBe(201);
  const verified = await verifyMailedCode<Omit<SignedUpSession, 'refreshToken'>>(email);
  expect(verified.status).toBe(200);
  expect(verified.body).not.toHaveProperty('refreshToken');
  return { ...verified.body, email, username, refreshToken: refreshCookieOf(verified) };
}

/**
 * Moves a code's last send into the past, so the next one is not inside the 30 s cool-down and
 * the suite does not wait it out.
 */
export async function skipCooldown(email: string, purpose: 'registration' | 'reset' | 'email-change') {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `OTP#${email.toLowerCase()}`, SK: `PURPOSE#${purpose}` },
      UpdateExpression: 'SET lastSentAt = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 60_000 },
    }),
  );
}
