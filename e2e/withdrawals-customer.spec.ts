import { expect, test, type APIRequestContext } from '@playwright/test';
import { PACKAGE_NAMES, REFERRAL, WITHDRAWAL, WITHDRAWAL_MESSAGES } from '@goldbot/shared';
import { seriousViolations } from './axe-scan.js';
import {
  apiResponse,
  apiToken,
  bearer,
  catalogPrice,
  referredPurchase,
  signInAsCustomer,
  uniqueTronAddress,
  verifiedCustomer,
} from './journeys.js';
import { adminIdToken } from './local-stack.js';

/**
 * The customer's side of a withdrawal in the browser: a customer who
 * really earned $20 (ten friends bought the Basic package with their code, and the admin approved
 * each purchase) opens Referral Program, requests $20 from the withdrawal modal, and sees the
 * success toast, the balance drop to $0 with $20 held, and the request pending in the Withdrawal
 * Center. The earning is made through the API: the purchase screens have tests of their own.
 */

/** 'Mar 1, 2026': how the Withdrawal Center writes a request's day (UTC). */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

interface Balances {
  withdrawals: Array<{ amount: number; status: string; trc20Address: string }>;
  referralEarnings: number;
  referralHeld: number;
}

async function balances(request: APIRequestContext, token: string): Promise<Balances> {
  const answer = await request.get('/api/withdrawal/user', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as Balances;
}

test.describe('withdrawals, customer side', () => {
  test('a customer with $20 of referral earnings requests a withdrawal from the modal', async ({ page, request }) => {
    test.setTimeout(240_000);
    const amount = WITHDRAWAL.minimumUsd;
    const purchases = Math.ceil(amount / REFERRAL.rewardUsd);

    // The customer earns $2 for each of ten friends' approved Basic purchases made with their code.
    const customer = await verifiedCustomer(request, 'wdcust');
    const customerToken = await apiToken(request, customer.email);
    const me = await request.get('/api/auth/me', { headers: bearer(customerToken) });
    expect(me.status(), await me.text()).toBe(200);
    const { referralCode } = (await me.json()) as { referralCode: string };
    expect(referralCode).toBeTruthy();

    const due = (await catalogPrice(request, PACKAGE_NAMES.basic)) - REFERRAL.discountUsd;
    const adminToken = await adminIdToken();
    for (let index = 0; index < purchases; index += 1) {
      await referredPurchase(request, referralCode, due, adminToken);
    }
    expect(await balances(request, customerToken)).toMatchObject({
      withdrawals: [],
      referralEarnings: amount,
      referralHeld: 0,
    });

    // Referral Program: the code, ten referrals, $20 and nothing withdrawn yet.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsCustomer(page, customer.email);
    await page.getByRole('tab', { name: 'Referral Program' }).click();
    await expect(page).toHaveURL(/\?tab=referral$/);
    await expect(page.getByTestId('referral-code')).toHaveText(referralCode);
    await expect(page.getByTestId('referral-count')).toHaveText(String(purchases));
    await expect(page.getByTestId('referral-earnings')).toHaveText(`$${amount}`);
    await expect(page.getByTestId('referral-held')).toBeHidden();
    const center = page.getByRole('region', { name: 'Withdrawal Center' });
    await expect(center.getByText('No withdrawals yet. Your requests will appear here.')).toBeVisible();

    // The modal: the available earnings, the amount's bounds, the notes; it passes an axe scan.
    await center.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Earnings' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('withdrawal-available')).toHaveText(`$${amount}`);
    const amountField = dialog.getByLabel('Amount (USD)');
    await expect(amountField).toHaveAttribute('min', String(WITHDRAWAL.minimumUsd));
    await expect(amountField).toHaveAttribute('max', String(amount));
    await expect(amountField).toHaveAttribute('step', '1');
    await expect(dialog.getByRole('region', { name: 'Please note' }).getByRole('listitem')).toHaveCount(5);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // A malformed address is refused in the browser, without a request.
    const addressField = dialog.getByLabel('TRC20 Wallet Address');
    await amountField.fill(String(amount));
    await addressField.fill('T12345');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText(WITHDRAWAL_MESSAGES.addressInvalid)).toBeVisible();
    await expect(addressField).toBeFocused();

    // $20 to a well-formed address.
    const address = uniqueTronAddress();
    await addressField.fill(address);
    const answered = apiResponse(page, '/api/withdrawal/request');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ trc20Address: address, amount });
    const requestedOn = SHORT_DATE.format(new Date());

    await expect(page.getByText(WITHDRAWAL_MESSAGES.requested)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('referral-earnings')).toHaveText('$0');
    await expect(page.getByTestId('referral-held')).toHaveText(`$${amount} held for your pending withdrawal`);
    const rows = center.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([`$${amount}`, requestedOn, 'Pending', '-']);

    // One pending request at a time: the button says so instead of opening the modal.
    await center.getByRole('button', { name: 'Withdraw' }).click();
    await expect(center.getByRole('alert')).toHaveText(WITHDRAWAL_MESSAGES.pendingExists);
    await expect(dialog).toBeHidden();

    // The server agrees, and a reload shows the same.
    expect(await balances(request, customerToken)).toMatchObject({
      withdrawals: [{ amount, status: 'pending', trc20Address: address }],
      referralEarnings: 0,
      referralHeld: amount,
    });
    await page.reload();
    await expect(page.getByTestId('referral-earnings')).toHaveText('$0');
    await expect(page.getByTestId('referral-held')).toHaveText(`$${amount} held for your pending withdrawal`);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([`$${amount}`, requestedOn, 'Pending', '-']);
  });
});
