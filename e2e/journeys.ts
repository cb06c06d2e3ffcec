import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createBase58check } from '@scure/base';
import { PACKAGE_NAMES } from '@goldbot/shared';
import { ADMIN_PASSWORD, VERIFICATION_SUBJECT, mailedCode, readStack } from './local-stack.js';

/**
 * The steps the browser journeys share: making a customer, signing in as a customer or as the
 * stack's admin, and the values a run must not reuse. Each spec describes only what it tests.
 */

/** The password of every customer the journeys make; it meets the password rules. */
export const CUSTOMER_PASSWORD = 'Trader123!';

/**
 * A username and e-mail no earlier run has used (accounts are unique), starting with `tag` so a
 * failing run's accounts say which test made them.
 */
export function uniqueAccount(tag: string) {
  const stamp = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return { username: `${tag}_${stamp}`, email: `${tag}-${stamp}@example.com` };
}

/**
 * A verified customer with no purchases, made through the API with the mailed code: the UI
 * registration has its own test, the other journeys only need an account.
 */
export async function verifiedCustomer(request: APIRequestContext, tag: string) {
  const account = uniqueAccount(tag);
  const registered = await request.post('/api/auth/Register', { data: { ...account, password: CUSTOMER_PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(201);
  const otp = await mailedCode(request, account.email, VERIFICATION_SUBJECT);
  const verified = await request.post('/api/auth/verifyOtp', { data: { email: account.email, otp } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** Signs a customer in through the API and returns the ID token, for calls made beside the UI. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password: CUSTOMER_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A package's catalog price, as the payment modal charges it. */
export async function catalogPrice(request: APIRequestContext, packageName: string): Promise<number> {
  const answer = await request.get('/api/packages');
  expect(answer.ok()).toBe(true);
  const { packages } = (await answer.json()) as { packages: Array<{ packageName: string; priceUsd: number }> };
  const entry = packages.find((candidate) => candidate.packageName === packageName);
  expect(entry, `the ${packageName} in the catalog`).toBeDefined();
  return entry?.priceUsd ?? Number.NaN;
}

/**
 * Fills and submits the sign-in form the page shows (/login and /admin-login share it), without
 * waiting for the outcome: tests of refused sign-ins check that themselves.
 */
export async function submitSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs a customer made by `verifiedCustomer` in at /login and waits for the dashboard. */
export async function signInAsCustomer(page: Page, email: string) {
  await page.goto('/login');
  await submitSignInForm(page, email, CUSTOMER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Signs the stack's admin in at /admin-login and waits for the back-office. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await submitSignInForm(page, readStack().admin.email, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
}

/** Waits for the SPA's call to `POST <path>` (the exact path) and returns its response. */
export const apiResponse = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === path,
  );

/** A TXID no earlier run has used (TXIDs are single-use): 64 hex characters, like a TRON transaction hash. */
export const uniqueTxid = () => randomBytes(32).toString('hex');

/** A TRON-shaped address (T and 33 base58 characters, 34 in all), new on every call. */
export function uniqueTronAddress(): string {
  // A real TRON address shape: Base58Check of 0x41 and 20 random bytes (the server verifies the checksum).
  return createBase58check(sha256).encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A purchase body as the payment window sends it: the customer's open order of the package names
 * it, and its exact amount (the price plus the order's cents) replaces an amount equal to the price.
 */
export async function withOrder<B extends { packageName: string; amount: number; referralCode?: string | null }>(
  request: APIRequestContext,
  token: string,
  body: B,
): Promise<B & { orderId: string }> {
  const opened = await request.post('/api/payment/order', {
    headers: bearer(token),
    data: { packageName: body.packageName, referralCode: body.referralCode ?? null },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { order } = (await opened.json()) as { order: { orderId: string; price: number; amount: number } };
  return { ...body, orderId: order.orderId, ...(body.amount === order.price ? { amount: order.amount } : {}) };
}

/**
 * `token`'s holder submits a USDT payment with a new TXID and the stack's admin approves it through the API.
 * The submit answers the subscription; the payment's id comes from the admin list, by TXID.
 */
export async function approvedPayment(
  request: APIRequestContext,
  token: string,
  order: { packageName: string; amount: number; referralCode?: string },
  adminToken: string,
) {
  const txid = uniqueTxid();
  const submitted = await request.post('/api/payment/submit-usdt-payment', {
    headers: bearer(token),
    data: { ...(await withOrder(request, token, order)), txid },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);

  const pending = await request.get('/api/payment/pending-usdt-payments', {
    headers: bearer(adminToken),
    params: { search: txid },
  });
  expect(pending.status(), await pending.text()).toBe(200);
  const { pendingPayments } = (await pending.json()) as {
    pendingPayments: Array<{ _id: string; transactionId: string }>;
  };
  const payment = pendingPayments.find((candidate) => candidate.transactionId === txid);
  expect(payment, `the pending payment with TXID ${txid}`).toBeDefined();

  const approved = await request.post(`/api/payment/approve-usdt-payment/${payment?._id ?? ''}`, {
    headers: bearer(adminToken),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { paymentId: payment?._id ?? '', txid };
}

/**
 * A fresh buyer submits the Basic package with `referralCode` (amount: the price less the
 * discount) and the stack's admin approves it through the API, which credits the referrer $2.
 */
export async function referredPurchase(
  request: APIRequestContext,
  referralCode: string,
  due: number,
  adminToken: string,
) {
  const buyer = await verifiedCustomer(request, 'friend');
  const token = await apiToken(request, buyer.email);
  await approvedPayment(request, token, { packageName: PACKAGE_NAMES.basic, amount: due, referralCode }, adminToken);
}
