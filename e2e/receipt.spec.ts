import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PACKAGE_NAMES } from '@goldbot/shared';
import { apiToken, approvedPayment, bearer, catalogPrice, signInAsCustomer, verifiedCustomer } from './journeys.js';
import { adminIdToken } from './local-stack.js';

/**
 * A receipt: a customer's approved payment shows 'Receipt' in Billing History, which opens
 * /dashboard/receipts/<paymentId>; printed with Chromium it is one A4 page carrying the receipt's
 * facts and none of the site's chrome (read back with poppler-utils' pdftotext and pdfinfo).
 */
test.describe('receipts', () => {
  test('a customer opens the receipt of a completed payment and prints it to one clean A4 page', async ({
    page,
    request,
  }) => {
    const account = await verifiedCustomer(request, 'receipt');
    const token = await apiToken(request, account.email);
    const price = await catalogPrice(request, PACKAGE_NAMES.pro);
    const { paymentId, txid } = await approvedPayment(
      request,
      token,
      { packageName: PACKAGE_NAMES.pro, amount: price },
      await adminIdToken(),
    );

    await signInAsCustomer(page, account.email);
    await page.getByRole('tab', { name: 'Billing History' }).click();
    await page.getByRole('link', { name: /^Receipt for Pro Package/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/receipts/${paymentId}$`));

    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt).toContainText(`R-${paymentId}`);
    await expect(receipt).toContainText('GoldBot');
    await expect(receipt).toContainText(account.username);
    await expect(receipt).toContainText(account.email);
    await expect(receipt).toContainText('Pro Package');
    await expect(receipt.getByRole('link', { name: txid })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${txid}`,
    );

    // Print: what Chromium prints with the print stylesheet, as a PDF.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    const file = join(mkdtempSync(join(tmpdir(), 'receipt-')), 'receipt.pdf');
    writeFileSync(file, pdf);
    const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
    expect(pages).toBe('1');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Receipt',
      `R-${paymentId}`,
      'GoldBot',
      account.username,
      account.email,
      'Pro Package',
      'Amount paid',
      'USDT',
      'Approved',
      'Subscription start',
    ]) {
      expect(text, `the printed receipt says ${expected}`).toContain(expected);
    }
    // The TXID is printed whole (it may wrap at the page's edge).
    expect(text.replace(/\s+/g, '')).toContain(txid);
    // No site chrome on paper.
    for (const chrome of ['Skip to content', 'Use a referral code', 'Privacy Policy', 'Billing History', 'Print']) {
      expect(text, `the printed receipt leaves out "${chrome}"`).not.toContain(chrome);
    }
  });

  test('nobody else can open it: 404', async ({ request }) => {
    const owner = await verifiedCustomer(request, 'owner');
    const ownerToken = await apiToken(request, owner.email);
    const price = await catalogPrice(request, PACKAGE_NAMES.pro);
    const { paymentId } = await approvedPayment(
      request,
      ownerToken,
      { packageName: PACKAGE_NAMES.pro, amount: price },
      await adminIdToken(),
    );
    const stranger = await verifiedCustomer(request, 'stranger');
    const answer = await request.get(`/api/payment/receipt/${paymentId}`, {
      headers: bearer(await apiToken(request, stranger.email)),
    });
    expect(answer.status()).toBe(404);
    const admin = await request.get(`/api/payment/receipt/${paymentId}`, { headers: bearer(await adminIdToken()) });
    expect(admin.status()).toBe(200);
  });
});
