import { expect, test, type Page } from '@playwright/test';
import {
  CUSTOMER_PASSWORD,
  apiToken,
  signInAsCustomer,
  submitSignInForm,
  uniqueAccount,
  verifiedCustomer,
} from './journeys.js';
import { mailedCode, mailsTo } from './local-stack.js';

/**
 * The customer's Account tab (?tab=account): the username, the e-mail with the code mailed to the
 * new address (a wrong code, a resend, the right code), the password with the current one, and
 * 'Sign out of all devices'. Codes are read from the SES emulator's inbox.
 */

/** The code for a new address ("Confirm your new GoldBot email"), not the notice to the old one. */
const EMAIL_CHANGE_SUBJECT = /confirm/i;

async function openAccountTab(page: Page) {
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=account$/);
  return page.getByRole('tabpanel', { name: 'Account' });
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
}

test.describe('the Account tab', () => {
  test('a customer changes the username', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'renamer');
    await signInAsCustomer(page, account.email);
    const panel = await openAccountTab(page);
    const renamed = uniqueAccount('renamed').username;
    await panel.getByLabel('Username').fill(renamed);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(panel.getByText('Profile updated successfully')).toBeVisible();
    // The page reloads on the same tab with the new name.
    await expect(page).toHaveURL(/\/dashboard\?tab=account$/);
    await expect(page.getByRole('tabpanel', { name: 'Account' }).getByLabel('Username')).toHaveValue(renamed);
    await expect(page.getByRole('main').getByRole('complementary')).toContainText(renamed);
  });

  test('a customer changes the e-mail: a wrong code is refused, a resent code confirms it', async ({
    page,
    request,
  }) => {
    // The resend waits for the server's cool-down between two codes.
    test.setTimeout(120_000);
    const account = await verifiedCustomer(request, 'mover');
    const newEmail = uniqueAccount('moved').email;
    await signInAsCustomer(page, account.email);
    const panel = await openAccountTab(page);

    await panel.getByLabel('Email').fill(newEmail);
    await panel.getByLabel('Current password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(panel.getByRole('group', { name: 'Confirmation code' })).toBeVisible();
    await expect(panel).toContainText(`We sent a 4-digit code to ${newEmail}.`);

    const first = await mailedCode(request, newEmail, EMAIL_CHANGE_SUBJECT);
    const wrong = first === '0000' ? '1111' : '0000';
    await typeCode(page, wrong);
    await panel.getByRole('button', { name: 'Confirm email' }).click();
    await expect(panel.getByText('The code is incorrect. Please check the email and try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?tab=account$/);

    // Resend: the server keeps a cool-down between two codes (the button then counts it down); a
    // second code arrives once it has passed.
    const resend = panel.getByRole('button', { name: 'Resend code', exact: true });
    const codeMails = async () =>
      (await mailsTo(request, newEmail)).filter((mail) => EMAIL_CHANGE_SUBJECT.test(mail.subject ?? '')).length;
    await expect(async () => {
      await resend.click();
      await expect.poll(codeMails, { timeout: 3_000 }).toBe(2);
    }).toPass({ timeout: 60_000 });
    const second = await mailedCode(request, newEmail, EMAIL_CHANGE_SUBJECT, 1);
    await page.getByLabel('Digit 1 of 4').click();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace');
    await typeCode(page, second);
    await panel.getByRole('button', { name: 'Confirm email' }).click();

    // Every session ended with the change: sign in again, with the new address.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText('Please sign in again with your new email');
    await submitSignInForm(page, newEmail, CUSTOMER_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect((await openAccountTab(page)).getByLabel('Email')).toHaveValue(newEmail);
  });

  test('a customer changes the password with the current one', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'rekey');
    await signInAsCustomer(page, account.email);
    const panel = await openAccountTab(page);
    const fresh = 'Fresh456!';

    await panel.getByLabel('Current Password', { exact: true }).fill('Wrong456!');
    await panel.getByLabel('New Password', { exact: true }).fill(fresh);
    await panel.getByLabel('Confirm New Password', { exact: true }).fill(fresh);
    await panel.getByRole('button', { name: 'Update Password' }).click();
    await expect(panel.getByText('Current password is incorrect').first()).toBeVisible();

    await panel.getByLabel('Current Password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await panel.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      panel.getByText('Password updated successfully. Please login again with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await submitSignInForm(page, account.email, fresh);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a customer signs out of all devices: the other session ends too', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'everywhere');
    const otherDevice = await apiToken(request, account.email);
    await signInAsCustomer(page, account.email);
    const panel = await openAccountTab(page);
    await panel.getByRole('button', { name: 'Sign out of all devices' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText('You have been signed out of all devices.');
    const other = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${otherDevice}` } });
    expect(other.status()).toBe(401);
    // The dashboard asks to sign in again.
    await page.goto('/dashboard?tab=account');
    await expect(page).toHaveURL(/\/login/);
  });
});
