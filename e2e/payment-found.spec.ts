import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-scan.js';
import { signInAsCustomer, verifiedCustomer } from './journeys.js';
import { readStack, runJobNow } from './local-stack.js';

/**
 * A payment found on the chain, in the browser: a fresh customer opens the Basic package's payment
 * window, which waits for the order's exact amount; the amount is "sent" to the wallet the window
 * shows through the local TRON double (`POST /__double/transfer`, a confirmed USDT transfer at the
 * current time), the wallet watcher runs, and the open window says "Payment found" with the amount,
 * without a transaction id ever being typed.
 */
test('the payment window goes from waiting to found without a TXID being typed', async ({ page, request }) => {
  const tron = readStack().urls.tron;
  test.skip(!tron, 'the running npm start predates the local TRON double: restart it');
  // The watcher runs once by hand; the window polls every 10 s.
  test.setTimeout(120_000);
  // Reduced motion: the particles stand still and nothing spins while axe looks.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const submissions: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/payment/submit-usdt-payment') submissions.push(sent.url());
  });

  const account = await verifiedCustomer(request, 'found');
  await signInAsCustomer(page, account.email);
  await page.getByRole('listitem', { name: 'Basic' }).getByRole('button', { name: 'Buy Now' }).click();

  const dialog = page.getByRole('dialog', { name: 'Pay with USDT' });
  const status = dialog.getByRole('status', { name: 'Payment status' });
  // The window first checks Basic is on sale, reads the wallet and opens the order.
  await expect(status).toContainText('Waiting for your transfer', { timeout: 30_000 });
  const due = (await dialog.getByTestId('amount-due').textContent())?.replace(/ USDT$/, '') ?? '';
  expect(due).toMatch(/^\d+\.\d{2}$/);
  await expect(status).toContainText(`Send exactly ${due} USDT in one transfer. It is found automatically`);
  await expect(dialog.getByRole('group', { name: 'Already sent? Paste the transaction ID' })).toBeVisible();
  const wallet = await dialog.getByRole('textbox', { name: 'Wallet Address' }).inputValue();
  expect(await seriousViolations(page, '[role="dialog"]'), 'the waiting window').toEqual([]);

  // The customer's wallet app sends exactly the amount; TRON confirms it.
  const sent = await request.post(`${tron}/__double/transfer`, { data: { to: wallet, amount: due } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { txid } = (await sent.json()) as { txid: string };
  expect(txid).toMatch(/^[0-9a-f]{64}$/);

  // The watcher's minute comes: run it now rather than wait for the local scheduler.
  await runJobNow('job-watch-wallets');

  await expect(status).toContainText('Payment found', { timeout: 30_000 });
  await expect(status).toContainText(`We received your ${due} USDT. It is being verified`);
  // Nothing is left to send or paste, and nothing was submitted.
  await expect(dialog.getByRole('textbox', { name: 'Wallet Address' })).toBeHidden();
  await expect(dialog.getByLabel('Transaction ID (TXID)')).toBeHidden();
  expect(submissions).toEqual([]);
  expect(await seriousViolations(page, '[role="dialog"]'), 'the window once found').toEqual([]);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // The dashboard shows the package waiting for the admin's approval.
  await expect(page.getByRole('listitem', { name: 'Basic' })).toContainText('Pending verification');
  await expect(page.getByRole('listitem', { name: 'Basic' })).toContainText(`${due} USDT`);
});
