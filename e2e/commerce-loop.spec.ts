import { expect, test, type APIRequestContext } from '@playwright/test';
import { PACKAGE_NAMES, REFERRAL } from '@goldbot/shared';
import {
  apiResponse,
  apiToken,
  catalogPrice,
  signInAsAdmin,
  signInAsCustomer,
  uniqueTxid,
  verifiedCustomer,
} from './journeys.js';

/**
 * The money loop in the browser: a customer buys the Basic package with a
 * referrer's code, the admin approves the payment in /admin/payments, and the customer's Billing
 * History shows it active from the 1st to the last day of next month; the referrer is credited.
 */

/** The fields of `GET /api/auth/me` (and of the login answer) this journey reads. */
interface SessionUser {
  username: string;
  referralCode: string;
  referralCount: number;
  referralEarnings: number;
}

async function me(request: APIRequestContext, token: string): Promise<SessionUser> {
  const answer = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as SessionUser;
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** 'Dec 1, 2026': how the dashboard writes a subscription's calendar day. */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The first and last day of the UTC month after `now`, as the dashboard shows them (docs/decisions.md, "Data: one table"). */
function nextMonth(now: Date): { start: string; end: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    start: SHORT_DATE.format(Date.UTC(year, month + 1, 1)),
    end: SHORT_DATE.format(Date.UTC(year, month + 2, 0)),
  };
}

test.describe('commerce loop', () => {
  test('a customer buys Basic with a referral code, the admin approves it, and the subscription and the credit follow', async ({
    page,
    browser,
    request,
  }) => {
    // Two people's sessions, a purchase, an approval and both dashboards: about 50 s on a quiet runner.
    test.setTimeout(120_000);
    // The referrer: an account whose code the customer was given.
    const referrer = await verifiedCustomer(request, 'referrer');
    const referrerToken = await apiToken(request, referrer.email);
    const referrerBefore = await me(request, referrerToken);
    expect(referrerBefore).toMatchObject({ username: referrer.username, referralCount: 0, referralEarnings: 0 });
    const { referralCode } = referrerBefore;
    expect(referralCode).toBeTruthy();

    // The Basic package's catalog price (seeded $60).
    const price = await catalogPrice(request, PACKAGE_NAMES.basic);
    const due = Math.max(0, price - REFERRAL.discountUsd);
    const txid = uniqueTxid();

    // The customer buys Basic in the dashboard, with the referrer's code.
    const customer = await verifiedCustomer(request, 'loop');
    await signInAsCustomer(page, customer.email);
    await page.getByRole('tab', { name: 'Packages' }).click();
    const basic = page.getByRole('listitem', { name: 'Basic' });
    const buy = basic.getByRole('button', { name: 'Buy Now' });
    await expect(buy).toBeEnabled();
    await buy.click();

    const dialog = page.getByRole('dialog', { name: 'Pay with USDT' });
    await expect(dialog.getByRole('textbox', { name: 'Wallet Address' })).toBeVisible();
    await expect(dialog.getByTestId('payment-price')).toHaveText(dollars(price));
    // The order's exact amount: the price plus a few cents that name this buyer.
    await expect(dialog.getByTestId('amount-due')).toHaveText(new RegExp(`^${price}\\.\\d{1,2} USDT$`));

    // The code is verified once typing pauses; the discount shows at once.
    await dialog.getByLabel('Referral Code (optional)').fill(referralCode.toLowerCase());
    await expect(dialog.getByLabel('Referral Code (optional)')).toHaveValue(referralCode.toUpperCase());
    await expect(dialog.getByRole('status').filter({ hasText: 'Valid referral code' })).toHaveText(
      `Valid referral code from ${referrer.username}, saves ${dollars(REFERRAL.discountUsd)}`,
    );
    const priceLine = dialog.getByTestId('payment-price');
    await expect(priceLine).toContainText(`(${dollars(REFERRAL.discountUsd)} discount applied!)`);
    await expect(priceLine.locator('s')).toHaveText(dollars(price));
    await expect(priceLine.locator('strong')).toHaveText(dollars(due));
    await expect(dialog.getByTestId('amount-due')).toHaveText(new RegExp(`^${due}\\.\\d{1,2} USDT$`));
    const exact = Number((await dialog.getByTestId('amount-due').textContent())?.replace(/[^\d.]/g, ''));
    expect(exact).toBeGreaterThan(due);
    expect(exact).toBeLessThan(due + 1);

    await dialog.getByLabel('Transaction ID (TXID)').fill(txid);
    const submitted = apiResponse(page, '/api/payment/submit-usdt-payment');
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    const submission = await submitted;
    expect(submission.status(), await submission.text()).toBe(201);
    expect(submission.request().postDataJSON()).toMatchObject({
      packageName: PACKAGE_NAMES.basic,
      txid,
      amount: exact,
      referralCode: referralCode.toUpperCase(),
    });
    await expect(dialog.getByRole('button', { name: 'Payment Submitted ✓' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Billing History' }).click();
    const current = page.getByRole('region', { name: 'Current Subscription' });
    await expect(current.getByText('Payment verification in progress. Activation within 2 hours.')).toBeVisible();
    await expect(current.getByText('Pending', { exact: true })).toBeVisible();

    // The admin, in a browser context of its own, finds the payment by its TXID and approves it.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Package Management' }).click();
    await expect(admin).toHaveURL(/\/admin\/payments$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Package Management' })).toBeVisible();
    await admin.getByLabel('Search payments').fill(txid);
    const pendingTable = admin.getByRole('table', { name: 'Pending USDT payments' });
    const row = pendingTable.getByRole('row').filter({ hasText: customer.username });
    await expect(row).toHaveCount(1);
    await expect(pendingTable.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText(PACKAGE_NAMES.basic);
    await expect(row).toContainText(`${dollars(REFERRAL.discountUsd)} off`);
    // The Status column (the fourth); the Chain column next to it may say Pending too.
    await expect(row.getByRole('cell').nth(3).getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'View Details' }).click();

    const details = admin.getByRole('dialog', { name: 'Payment Details' });
    await expect(details.getByText(txid, { exact: true })).toBeVisible();
    const referral = details.getByRole('region', { name: 'Referral' });
    await expect(referral).toContainText(referralCode.toUpperCase());
    await expect(referral).toContainText(referrer.username);
    await expect(referral).toContainText('Pending Payment Approval');

    await details.getByRole('button', { name: 'Approve', exact: true }).click();
    const approved = admin.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname.includes('/approve-usdt-payment'),
    );
    await details.getByRole('button', { name: 'Yes, approve' }).click();
    const approval = await approved;
    expect(approval.status(), await approval.text()).toBe(200);
    // Basic runs through the month after the approval (UTC).
    const expected = nextMonth(new Date());
    await expect(details).toBeHidden();
    await expect(admin.getByText(`Payment for ${customer.username} has been successfully approved!`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The customer sees the package active, from the 1st to the last day of next month.
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Billing History' }).click();
    await expect(page).toHaveURL(/\?tab=billing$/);
    const currentAfter = page.getByRole('region', { name: 'Current Subscription' });
    await expect(currentAfter.getByText('Active', { exact: true })).toBeVisible();
    // Each detail is a <dt> and its <dd>: the value that follows the term.
    const detail = (term: string) =>
      currentAfter.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(detail('Package')).toHaveText(PACKAGE_NAMES.basic);
    await expect(detail('Start Date')).toHaveText(expected.start);
    await expect(detail('End Date')).toHaveText(expected.end);
    await expect(currentAfter.getByText('Payment verification in progress', { exact: false })).toBeHidden();

    const history = page.getByRole('region', { name: 'Purchase History' });
    await expect(history.getByText('1 purchase', { exact: true })).toBeVisible();
    const purchase = history.getByRole('row').nth(1);
    await expect(purchase.getByRole('cell')).toHaveText([
      PACKAGE_NAMES.basic,
      '1 Month',
      expected.start,
      expected.end,
      // The amount sent: the order's exact amount.
      `${exact.toFixed(2)} USDT`,
      'Active',
      'Receipt',
      // Within the money-back guarantee's 7 days of its approval.
      'Request refund',
    ]);

    // The Basic card says so too, and offers the extension.
    await page.getByRole('tab', { name: 'Packages' }).click();
    const basicCard = page.getByRole('listitem', { name: 'Basic' });
    await expect(basicCard.getByText(`Start: ${expected.start}`)).toBeVisible();
    await expect(basicCard.getByText(`End: ${expected.end}`)).toBeVisible();
    await expect(basicCard.getByRole('button', { name: 'Upgrade Basic Package' })).toBeEnabled();

    // The referrer is credited once: one referral, $2.
    const referrerAfter = await me(request, referrerToken);
    expect(referrerAfter).toMatchObject({ referralCount: 1, referralEarnings: REFERRAL.rewardUsd });

    await adminContext.close();
  });
});
