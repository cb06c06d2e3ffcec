import { expect, test } from '@playwright/test';
import { MT5_MESSAGES } from '@goldbot/shared';
import { apiToken, bearer, signInAsAdmin, signInAsCustomer, verifiedCustomer } from './journeys.js';
import { adminIdToken, mailsTo, type StoredEmail } from './local-stack.js';

/**
 * The customer's MetaTrader 5 account in the browser: nothing is asked before a paid package; once
 * one is active the dashboard asks for broker, server and account number (never a password, the
 * team's read-only connection said on the form), each field's problem is said at the field, the
 * saved account shows what is still missing; the admin finds it on the Activations screen and marks
 * it connected; the customer then sees 'Bot connected on <date>' and has the mail. The package is
 * given through support's control (the rows an approved purchase makes; purchases have tests of
 * their own).
 */

const ACCOUNT = { broker: 'IC Markets', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' };
const mailText = (mail: StoredEmail) => [mail.subject, mail.body?.text ?? mail.text].join(' ');

test('a paying customer gives the MetaTrader 5 account, the admin connects the bot, the customer sees it', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers and a dozen API calls: a journey, given the time the other journeys get.
  test.setTimeout(300_000);
  const account = await verifiedCustomer(request, 'mt5');
  await signInAsCustomer(page, account.email);
  const card = page.getByRole('region', { name: 'MetaTrader 5 account' });
  // Nothing is asked without a paid package (the card waits for its answer, then stays away).
  await expect(page.getByRole('listitem', { name: 'Free Copy Trading' })).toBeVisible();
  await expect(card).toHaveCount(0);

  // Support gives the Pro Package for 30 days.
  const customerToken = await apiToken(request, account.email);
  const me = (await (await request.get('/api/auth/me', { headers: bearer(customerToken) })).json()) as {
    userId: string;
  };
  const granted = await request.post(`/api/admin/user/${me.userId}/subscription`, {
    headers: bearer(await adminIdToken()),
    data: { action: 'grant', packageName: 'Pro Package', days: 30, reason: 'Browser test of the MT5 form' },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  await page.reload();
  // After a reload the dashboard and its lazily loaded card arrive anew.
  await expect(
    card.getByText('Your Pro Package is active. Tell us which MetaTrader 5 account the bot should trade on.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Still missing')).toBeVisible();
  await expect(card.getByText(MT5_MESSAGES.readOnlyNote)).toBeVisible();
  const form = card.getByRole('form', { name: 'MetaTrader 5 account' });
  await expect(form.locator('input[type="password"]')).toHaveCount(0);
  await expect(form.getByLabel(/password/i)).toHaveCount(0);

  // Each field says what is wrong with it.
  await form.getByLabel('Broker').fill('X');
  await form.getByLabel('Account number').fill('12ab');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByText(MT5_MESSAGES.brokerInvalid)).toBeVisible();
  await expect(form.getByText(MT5_MESSAGES.serverRequired)).toBeVisible();
  await expect(form.getByText(MT5_MESSAGES.accountInvalid)).toBeVisible();
  await expect(form.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Broker').fill(ACCOUNT.broker);
  await form.getByLabel('Server').fill(ACCOUNT.server);
  await form.getByLabel('Account number').fill(ACCOUNT.accountNumber);
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/account/mt5',
  );
  await form.getByRole('button', { name: 'Save account' }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual(ACCOUNT);
  await expect(card.getByText(MT5_MESSAGES.saved)).toBeVisible();
  await expect(
    card.getByText(/The connection of the bot to your account, which our team arranges \(read-only\)/),
  ).toBeVisible();
  await expect(card.getByText(ACCOUNT.accountNumber)).toBeVisible();

  // The admin finds it on the Activations screen and marks it connected.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/activations');
  const connections = admin.getByRole('region', { name: 'Bot Connections' });
  const row = connections.getByRole('row').filter({ hasText: account.username });
  // The back-office (Amplify UI) loads lazily on the first admin page.
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await expect(row.getByRole('cell')).toContainText([
    account.username,
    'Pro Package',
    ACCOUNT.broker,
    ACCOUNT.server,
    ACCOUNT.accountNumber,
  ]);
  await row.getByRole('button', { name: /Mark connected/ }).click();
  await expect(connections.getByText(`Marked as connected. ${account.username} has been e-mailed.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminContext.close();

  // The customer sees the day the bot was connected, and has the mail.
  await page.reload();
  const today = new Date().toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(card.getByText(`Bot connected on ${today}`)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Still missing')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Change account' })).toBeVisible();
  await expect
    .poll(async () =>
      (await mailsTo(request, account.email)).some((mail) => /bot is connected/i.test(mail.subject ?? '')),
    )
    .toBe(true);
  const mail = (await mailsTo(request, account.email)).find((m) => /bot is connected/i.test(m.subject ?? ''));
  expect(mailText(mail ?? {})).toContain(ACCOUNT.accountNumber);
});
