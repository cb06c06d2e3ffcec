import { expect, test } from '@playwright/test';
import { signInAsAdmin, uniqueTronAddress } from './journeys.js';

/**
 * The commerce back-office in the browser (the admin's Wallets and Payments screens): the stack's
 * admin adds a USDT wallet and makes it the active one, which deactivates any other USDT wallet,
 * and the payments screen answers with its stat cards and tabs.
 */

test.describe('commerce back-office', () => {
  test('the admin adds a USDT wallet and activates it at /admin/wallets', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payment Wallets' }).click();
    await expect(page).toHaveURL(/\/admin\/wallets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Wallets' })).toBeVisible();
    // The list (or its empty text) is there before anything changes.
    await expect(
      page.getByRole('table', { name: 'Payment wallets' }).or(page.getByText('No wallets found.', { exact: false })),
    ).toBeVisible();

    const table = page.getByRole('table', { name: 'Payment wallets' });
    const activeUsdtRows = table
      .getByRole('row')
      .filter({ hasText: 'USDT' })
      .filter({ has: page.getByText('Active', { exact: true }) });
    // The USDT wallet customers are shown now, given back its place at the end (other journeys pay into it).
    const previous =
      (await activeUsdtRows.count()) > 0 ? await activeUsdtRows.first().locator('code').textContent() : null;

    const address = uniqueTronAddress();
    await page.getByRole('button', { name: 'Add Wallet' }).click();
    const form = page.getByRole('region', { name: 'Add Wallet' });
    await expect(form.getByText(/Only one wallet per currency can be active/)).toBeVisible();
    await form.getByLabel(/Wallet address/).fill(address);
    await form.getByLabel(/Network/).fill('TRC20');
    await form.getByLabel(/Currency/).selectOption('USDT');
    // Amplify's switch input is visually hidden: a person clicks the switch's label.
    await form.getByText('Active', { exact: true }).click();
    await expect(form.getByRole('switch', { name: 'Active' })).toBeChecked();

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/payment/wallet') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Add Wallet' }).click();
    expect((await saved).status()).toBe(201);
    await expect(page.getByText('Wallet added successfully')).toBeVisible();
    await expect(form).toBeHidden();

    const row = table.getByRole('row').filter({ hasText: address });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row).toContainText('USDT');
    await expect(row).toContainText('TRC20');
    // Only one USDT wallet is active: every other USDT row is inactive now.
    await expect(activeUsdtRows).toHaveCount(1);
    await expect(activeUsdtRows).toContainText(address);

    // Editing keeps the address locked.
    await row.getByRole('button', { name: `Edit wallet ${address}` }).click();
    const editForm = page.getByRole('region', { name: 'Edit Wallet' });
    await expect(editForm.getByLabel(/Wallet address/)).toHaveValue(address);
    await expect(editForm.getByLabel(/Wallet address/)).toHaveAttribute('readonly', '');
    await editForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(editForm).toBeHidden();

    if (previous) {
      // Activating the earlier wallet again deactivates the new one.
      await table.getByRole('button', { name: `Edit wallet ${previous}` }).click();
      const restore = page.getByRole('region', { name: 'Edit Wallet' });
      await restore.getByText('Active', { exact: true }).click();
      await expect(restore.getByRole('switch', { name: 'Active' })).toBeChecked();
      await restore.getByRole('button', { name: 'Update Wallet' }).click();
      await expect(page.getByText('Wallet updated successfully')).toBeVisible();
      await expect(activeUsdtRows).toHaveCount(1);
      await expect(activeUsdtRows).toContainText(previous);
      await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    }
  });

  test('the admin opens Package Management with its stat cards, tabs and search', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Package Management' })).toBeVisible();
    for (const label of ['Total', 'Pending', 'Completed']) {
      await expect(page.getByRole('listitem', { name: label })).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: /Pending USDT/ })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('table', { name: 'Pending USDT payments' }).or(page.getByText('No pending USDT payments')),
    ).toBeVisible();

    const searched = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/payment/pending-usdt-payments' && url.searchParams.get('search') === 'nobody-e2e';
    });
    await page.getByLabel('Search payments').fill('nobody-e2e');
    await searched;
    await expect(page.getByText('No pending USDT payments')).toBeVisible();

    await page.getByRole('tab', { name: 'All Payments' }).click();
    await expect(page.getByText('No payments found')).toBeVisible();
  });
});
