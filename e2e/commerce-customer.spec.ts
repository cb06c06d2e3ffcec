import { expect, test } from '@playwright/test';
import { PACKAGE_NAMES, PAYMENT, PAYMENT_MESSAGES } from '@goldbot/shared';
import { seriousViolations } from './axe-scan.js';
import {
  apiResponse,
  apiToken,
  catalogPrice,
  signInAsCustomer,
  uniqueTxid,
  verifiedCustomer,
  withOrder,
} from './journeys.js';

/**
 * The customer's commerce screens in the browser (the Dashboard and the USDT payment
 * modal): a fresh customer opens the Basic package's payment, sees the wallet address with its QR
 * code drawn in the page (never fetched from elsewhere), copies the address, submits a TXID, and
 * finds the pending purchase under Billing History.
 */

test.describe('customer commerce', () => {
  test('a fresh customer pays for the Basic package with USDT and sees it pending', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? 'http://localhost:5173').origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // Everything the page loads comes from its own origin: no QR image service, no fallback wallet.
    const foreignRequests: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) foreignRequests.push(sent.url());
    });

    const account = await verifiedCustomer(request, 'buyer');
    await signInAsCustomer(page, account.email);

    // A fresh customer: nothing active, Basic on sale (the local stack's default settings).
    const basic = page.getByRole('listitem', { name: 'Basic' });
    const buy = basic.getByRole('button', { name: 'Buy Now' });
    await expect(buy).toBeEnabled();
    await buy.click();

    const dialog = page.getByRole('dialog', { name: 'Pay with USDT' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(PACKAGE_NAMES.basic, { exact: true })).toBeVisible();
    const address = dialog.getByRole('textbox', { name: 'Wallet Address' });
    await expect(address).toBeVisible();
    await expect(address).toHaveAttribute('readonly', '');
    const walletAddress = await address.inputValue();
    expect(walletAddress.length).toBeGreaterThan(0);
    await expect(dialog.getByRole('note')).toContainText('Send only USDT on the');
    await expect(dialog.getByTestId('amount-due')).toHaveText(/^\d[\d,.]* USDT$/);
    // The order's exact amount, which the dashboard states again while the payment is pending.
    const due = Number((await dialog.getByTestId('amount-due').textContent())?.replace(/[^\d.]/g, ''));

    // The QR code is drawn in the page (an <svg> or a <canvas>), 150x150.
    const qr = dialog.getByRole('img', { name: `QR code of the wallet address ${walletAddress}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toMatch(/^(svg|canvas)$/);
    const box = await qr.boundingBox();
    expect(box?.width).toBeCloseTo(PAYMENT.qrSizePx, 0);
    expect(box?.height).toBeCloseTo(PAYMENT.qrSizePx, 0);

    // Copy: the address reaches the clipboard, the indicator shows, then resets after 2 s.
    await dialog.getByRole('button', { name: 'Copy wallet address' }).click();
    await expect(page.getByText('Wallet address copied to clipboard!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Wallet address copied' })).toHaveText(/Copied!/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(walletAddress);
    await expect(dialog.getByRole('button', { name: 'Copy wallet address' })).toHaveText('Copy', { timeout: 5000 });

    // The TXID: the submit waits for one, then the payment goes in.
    const submit = dialog.getByRole('button', { name: 'Submit Payment' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Transaction ID (TXID)').fill(uniqueTxid());
    const submitted = apiResponse(page, '/api/payment/submit-usdt-payment');
    await submit.click();
    expect((await submitted).status()).toBe(201);
    await expect(dialog.getByRole('button', { name: 'Payment Submitted ✓' })).toBeDisabled();
    await expect(dialog.getByLabel('Transaction ID (TXID)')).toBeDisabled();
    await expect(
      page.getByText('Payment submitted successfully! Your Basic Package will be activated within 2 hours.'),
    ).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Billing History: the pending purchase and its notice.
    await page.getByRole('tab', { name: 'Billing History' }).click();
    await expect(page).toHaveURL(/\?tab=billing$/);
    const current = page.getByRole('region', { name: 'Current Subscription' });
    await expect(current.getByText('Payment verification in progress. Activation within 2 hours.')).toBeVisible();
    await expect(current.getByText('Pending', { exact: true })).toBeVisible();
    await expect(current.getByRole('status')).toContainText(`Amount sent: ${due.toFixed(2)} USDT.`);
    const history = page.getByRole('region', { name: 'Purchase History' });
    await expect(history.getByText('1 purchase', { exact: true })).toBeVisible();
    await expect(history.getByRole('row').nth(1)).toContainText(PACKAGE_NAMES.basic);
    await expect(history.getByRole('row').nth(1)).toContainText('1 Month');
    await expect(history.getByRole('row').nth(1)).toContainText(`${due.toFixed(2)} USDT`);

    expect(foreignRequests).toEqual([]);
  });

  test("a TXID another customer submitted first is refused with the server's message", async ({ page, request }) => {
    const txid = uniqueTxid();
    // The first customer spends the TXID through the API.
    const first = await verifiedCustomer(request, 'buyer');
    const token = await apiToken(request, first.email);
    const amount = await catalogPrice(request, PACKAGE_NAMES.pro);
    const spent = await request.post('/api/payment/submit-usdt-payment', {
      headers: { Authorization: `Bearer ${token}` },
      data: await withOrder(request, token, { packageName: PACKAGE_NAMES.pro, txid, amount, referralCode: null }),
    });
    expect(spent.status(), await spent.text()).toBe(201);

    // A second customer tries the same TXID in the browser.
    const second = await verifiedCustomer(request, 'buyer');
    await signInAsCustomer(page, second.email);
    await page.getByRole('listitem', { name: 'Pro' }).getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay with USDT' });
    await dialog.getByLabel('Transaction ID (TXID)').fill(txid);
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    // In the toast, and under the field, where it stays after the toast is gone.
    // A claim holds nothing: the message says the chain still pays whoever really sent it.
    await expect(page.getByRole('alert').filter({ hasText: PAYMENT_MESSAGES.txidClaimedElsewhere })).toBeVisible();
    await expect(dialog.getByLabel('Transaction ID (TXID)')).toHaveAccessibleDescription(
      PAYMENT_MESSAGES.txidClaimedElsewhere,
    );
    await expect(dialog.getByRole('button', { name: 'Submit Payment' })).toBeEnabled();
  });

  test('the dashboard tabs and the payment modal pass an axe scan', async ({ page, request }) => {
    // Reduced motion: the particles stand still and nothing fades while axe looks.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const account = await verifiedCustomer(request, 'buyer');
    await signInAsCustomer(page, account.email);
    await expect(page.getByRole('listitem', { name: 'Basic' }).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);

    for (const name of ['Referral Program', 'Billing History']) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tabpanel', { name })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), name).toEqual([]);
    }

    await page.getByRole('tab', { name: 'Packages' }).click();
    await page.getByRole('listitem', { name: 'Pro' }).getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay with USDT' });
    await expect(dialog.getByRole('textbox', { name: 'Wallet Address' })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
