import { expect, test, type Page } from '@playwright/test';
import { AUTH } from '@goldbot/shared';
import { CUSTOMER_PASSWORD, apiResponse, submitSignInForm, uniqueAccount, verifiedCustomer } from './journeys.js';
import { ADMIN_PASSWORD, VERIFICATION_SUBJECT, createLocalAdmin, mailedCode, readStack } from './local-stack.js';

/**
 * Accounts in the browser: registration with the mailed code, password reset, the
 * admin sign-in and the guard's round trip. Codes are read from the SES emulator's inbox, as a
 * person would read their mail.
 */

const NEW_PASSWORD = 'Changed456!';

const RESET_SUBJECT = /reset/i;
/** The code for a new address ("Confirm your new GoldBot email"), not the notice to the old one. */
const EMAIL_CHANGE_SUBJECT = /confirm/i;

/** The page origin's localStorage and sessionStorage, as plain objects. */
async function browserStorage(page: Page) {
  const { origins } = await page.context().storageState();
  const origin = new URL(page.url()).origin;
  const local = Object.fromEntries(
    (origins.find((entry) => entry.origin === origin)?.localStorage ?? []).map(({ name, value }) => [name, value]),
  ) as Record<string, string | undefined>;
  const perTab = JSON.parse(String(await page.evaluate('JSON.stringify(sessionStorage)'))) as Record<string, string>;
  return { local, perTab };
}

/** The refresh cookie as the browser holds it (HttpOnly: the page itself cannot read it). */
async function refreshCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === AUTH.refreshCookie);
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
}

test.describe('accounts', () => {
  test('a visitor registers, verifies the mailed code and lands on the dashboard', async ({ page, request }) => {
    const account = uniqueAccount('e2e');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/register-otp$/);
    await expect(page.getByText(account.email)).toBeVisible();
    // The resend button shows its cool-down.
    await expect(page.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();

    // A wrong code first: the boxes clear and the first one has the focus again.
    const code = await mailedCode(request, account.email, VERIFICATION_SUBJECT);
    const wrong = code === '0000' ? '1111' : '0000';
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('Digit 1 of 4')).toHaveValue('');
    await expect(page.getByLabel('Digit 1 of 4')).toBeFocused();

    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Registration successful! Redirecting to dashboard...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const stored = await browserStorage(page);
    expect(stored.local.token).toBeTruthy();
    expect(JSON.parse(stored.local.user ?? '{}')).toMatchObject({ email: account.email, username: account.username });
    expect(stored.local.pendingRegistration).toBeUndefined();
    // The password travelled in memory only (docs/decisions.md, "Identity and sessions").
    expect(JSON.stringify(stored)).not.toContain(CUSTOMER_PASSWORD);
    // The refresh token is an HttpOnly cookie for the auth routes, nowhere in storage.
    const cookie = await refreshCookie(page);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    expect(stored.local.refreshToken).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(cookie?.value ?? '<no cookie>');
  });

  test('a customer resets a forgotten password with the mailed code and signs in with the new one', async ({
    page,
    request,
  }) => {
    const account = await verifiedCustomer(request, 'reset');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Check email for OTP')).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-otp$/);

    await typeCode(page, await mailedCode(request, account.email, RESET_SUBJECT));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('OTP verified successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/reset$/);

    await page.getByLabel('New Password', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Password requirements' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await submitSignInForm(page, account.email, CUSTOMER_PASSWORD);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the admin signs in at /admin-login and lands in the back-office', async ({ page }) => {
    const { admin } = readStack();
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeVisible();
    await submitSignInForm(page, admin.email, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(sidebar).toContainText(admin.email);

    const logout = apiResponse(page, '/api/auth/logout');
    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    expect((await logout).status()).toBe(200);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a customer is refused at /admin-login and stays signed out', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'notadmin');
    await page.goto('/admin-login');
    await submitSignInForm(page, account.email, CUSTOMER_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('does not have administrator access');
    await expect(page).toHaveURL(/\/admin-login$/);
    expect((await browserStorage(page)).local.token).toBeUndefined();
  });

  test('locally, the Google button explains that it needs a deployed Cognito domain', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await expect(page.getByRole('status')).toContainText('Google sign-in needs a deployed Cognito domain');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visit to /dashboard goes to /login and comes back after signing in', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'guard');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await submitSignInForm(page, account.email, CUSTOMER_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The session survives a reload (restored from storage).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('an expired stored token is renewed on load through the refresh cookie alone', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'renew');
    await page.goto('/login');
    await submitSignInForm(page, account.email, CUSTOMER_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Make the stored ID token read as expired: the SPA only reads its `exp` (the API verifies it).
    const expired = await page.evaluate(`(() => {
      const [header, , signature] = localStorage.getItem('token').split('.');
      const payload = btoa(JSON.stringify({ exp: 1 })).replace(/=+$/, '');
      const token = header + '.' + payload + '.' + signature;
      localStorage.setItem('token', token);
      return token;
    })()`);
    const refresh = apiResponse(page, '/api/auth/refresh');
    await page.reload();
    const answer = await refresh;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({});
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const stored = await browserStorage(page);
    expect(stored.local.token).toBeTruthy();
    expect(stored.local.token).not.toBe(expired);
  });

  test('signing out ends the session on the server too: a reload does not bring it back', async ({ page, request }) => {
    const account = await verifiedCustomer(request, 'logout');
    await page.goto('/login');
    await submitSignInForm(page, account.email, CUSTOMER_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = await refreshCookie(page);
    expect(cookie?.value).toBeTruthy();

    const logout = apiResponse(page, '/api/auth/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    const answer = await logout;
    expect(answer.status()).toBe(200);
    expect(await answer.request().headerValue('authorization')).toMatch(/^Bearer \S+$/);
    expect(answer.request().postDataJSON()).toEqual({});
    await expect(page).toHaveURL(/\/$/);
    expect(await refreshCookie(page)).toBeUndefined();
    expect((await browserStorage(page)).local.token).toBeUndefined();

    // Nothing restores it: not a reload, not the guard...
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    // ...and the refresh token itself was revoked, not just forgotten by the browser.
    const refused = await request.post('/api/auth/refresh', { data: { refreshToken: cookie?.value } });
    expect(refused.status()).toBe(401);
  });

  test('an admin changes the e-mail with the current password and the mailed code, then signs in with it', async ({
    page,
    request,
  }) => {
    // A throwaway admin: the stack's own admin keeps its address for the other tests.
    const account = uniqueAccount('chief');
    const password = 'Chief123!';
    await createLocalAdmin({ email: account.email, password });
    const newEmail = uniqueAccount('moved').email;

    await page.goto('/admin-login');
    await submitSignInForm(page, account.email, password);
    await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/admin-setting$/);

    const profile = page.getByRole('tabpanel', { name: 'Profile Information' });
    await expect(profile.getByLabel('Current password', { exact: true })).toBeHidden();
    await profile.getByLabel('Email').fill(newEmail);
    await profile.getByLabel('Current password', { exact: true }).fill(password);
    await profile.getByRole('button', { name: 'Save Changes' }).click();

    await expect(profile.getByRole('group', { name: 'Confirmation code' })).toBeVisible();
    await expect(profile).toContainText(`We sent a 4-digit code to ${newEmail}.`);
    await expect(profile.getByRole('button', { name: 'Confirm email' })).toBeDisabled();
    await typeCode(page, await mailedCode(request, newEmail, EMAIL_CHANGE_SUBJECT));
    const confirmed = apiResponse(page, '/api/auth/confirm-email-change');
    await profile.getByRole('button', { name: 'Confirm email' }).click();
    expect((await confirmed).status()).toBe(200);

    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('status')).toContainText('Please sign in again with your new email');
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);
    expect((await browserStorage(page)).local.token).toBeUndefined();

    // The old address no longer signs in; the new one does.
    await submitSignInForm(page, account.email, password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);
    await submitSignInForm(page, newEmail, password);
    await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
    await expect(page.getByRole('complementary')).toContainText(newEmail);
  });
});
