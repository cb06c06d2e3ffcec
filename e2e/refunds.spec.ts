import { expect, test } from '@playwright/test';
import { PACKAGE_NAMES, REFUND_MESSAGES } from '@goldbot/shared';
import {
  apiToken,
  approvedPayment,
  catalogPrice,
  signInAsAdmin,
  signInAsCustomer,
  uniqueTronAddress,
  uniqueTxid,
  verifiedCustomer,
} from './journeys.js';
import { adminIdToken, mailsTo } from './local-stack.js';

/**
 * The refund journey in the browser: a customer whose Pro payment was approved asks for a refund
 * from Billing History (the 7-day money-back guarantee); the admin finds the request in
 * /admin/refunds and approves it with the payout's transaction id; the customer's Billing History
 * shows the purchase refunded, with the payout TXID linked to the block explorer, and the mail
 * carries it. The purchase is made through the API: its screens have tests of their own.
 */
test.describe('refunds', () => {
  test('the customer asks, the admin approves with the payout TXID, the customer sees it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const customer = await verifiedCustomer(request, 'refund');
    const token = await apiToken(request, customer.email);
    const price = await catalogPrice(request, PACKAGE_NAMES.pro);
    await approvedPayment(request, token, { packageName: PACKAGE_NAMES.pro, amount: price }, await adminIdToken());

    // The customer asks from Billing History.
    await signInAsCustomer(page, customer.email);
    await page.getByRole('tab', { name: 'Billing History' }).click();
    await page.getByRole('button', { name: /^Request refund for Pro Package/ }).click();
    const form = page.getByRole('dialog', { name: 'Request a Refund' });
    // A mistyped address is caught by its checksum, with the spec's sentence.
    const address = uniqueTronAddress();
    const mistyped = `${address.slice(0, -1)}${address.endsWith('1') ? '2' : '1'}`;
    await form.getByLabel('TRC20 Wallet Address').fill(mistyped);
    await form.getByLabel('Why are you asking for a refund?').fill('The bot does not suit my broker account.');
    await form.getByRole('button', { name: 'Request refund' }).click();
    await expect(form.getByText(REFUND_MESSAGES.addressInvalid)).toBeVisible();
    await form.getByLabel('TRC20 Wallet Address').fill(address);
    await form.getByRole('button', { name: 'Request refund' }).click();
    await expect(page.getByText(REFUND_MESSAGES.requested)).toBeVisible();
    await expect(form).toBeHidden();
    const history = page.getByRole('region', { name: 'Purchase History' });
    await expect(history.getByText('Refund requested')).toBeVisible();
    await expect(history.getByRole('button', { name: /^Request refund/ })).toHaveCount(0);

    // The admin approves it with the payout's transaction id.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Refunds' }).click();
    await expect(admin).toHaveURL(/\/admin\/refunds$/);
    // The dev server compiles the screen's chunk on its first visit: allow for a loaded machine.
    await expect(admin.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible({ timeout: 60_000 });
    const row = admin
      .getByRole('table', { name: 'Pending refund requests' })
      .getByRole('row')
      .filter({ hasText: customer.username });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'View Details' }).click();
    const details = admin.getByRole('dialog', { name: 'Refund Details' });
    await expect(details.getByText(address, { exact: true })).toBeVisible();
    const payout = uniqueTxid();
    await details.getByLabel(/Payout TXID/).fill(payout);
    await details.getByLabel('Note to the customer (optional)').fill('Sent from our main wallet.');
    await details.getByRole('button', { name: 'Approve refund' }).click();
    await details.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(admin.getByText(REFUND_MESSAGES.approved)).toBeVisible();
    await expect(details).toBeHidden();
    await adminContext.close();

    // The customer sees the purchase refunded, with the payout TXID on the block explorer.
    await page.goto('/dashboard?tab=billing');
    await expect(page.getByRole('tab', { name: 'Billing History' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    const refunded = page.getByRole('region', { name: 'Purchase History' });
    await expect(refunded.getByText('Refunded').first()).toBeVisible();
    const link = refunded.getByRole('link', { name: `Payout transaction ${payout} on the block explorer` });
    await expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${payout}`);

    // And the mail carries it.
    await expect
      .poll(async () => (await mailsTo(request, customer.email)).some((mail) => mail.subject?.includes('refund of')))
      .toBe(true);
    const mail = (await mailsTo(request, customer.email)).find((m) => m.subject?.includes('refund of'));
    expect(mail?.body?.text ?? mail?.text ?? '').toContain(payout);
  });
});
