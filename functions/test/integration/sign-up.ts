import { randomUUID } from 'node:crypto';
import { api } from './http-client.js';
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
