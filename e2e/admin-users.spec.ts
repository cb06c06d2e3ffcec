import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER_PASSWORD, signInAsAdmin, signInAsCustomer, verifiedCustomer } from './journeys.js';
import { adminIdToken } from './local-stack.js';

/**
 * The back-office's users and messages in the browser: an admin finds a
 * customer by a middle part of their e-mail and deactivates them, and the customer, signed in in
 * their own browser, is signed out on their next page load; activating them again lets them back
 * in. A message sent from the public contact form is opened (and so marked read) and deleted.
 */

/** Waits for the SPA's `PUT` to a path ending in `suffix` and returns its response. */
const putResponse = (page: Page, suffix: string) =>
  page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(suffix));

async function openAdminSection(page: Page, title: string, path: RegExp) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('users back-office', () => {
  test('an admin finds a customer by part of the e-mail and deactivates them, which signs the customer out', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const customer = await verifiedCustomer(request, 'lockout');
    // Neither the start nor the end of the address: 'out-<stamp>@ex'.
    const middle = customer.email.slice(4, customer.email.indexOf('@') + 3);

    // The customer is signed in in a browser of their own.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signInAsCustomer(customerPage, customer.email);

    await signInAsAdmin(page);
    await openAdminSection(page, 'Users', /\/admin\/users$/);
    const search = page.getByLabel('Search users');
    await search.fill(middle);
    const table = page.getByRole('table', { name: 'Users' });
    const row = table.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toBeVisible();
    // The server searched: every row shown contains the term.
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // Deactivate, confirmed first.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate User' });
    await expect(confirm).toContainText(`Deactivate ${customer.username}?`);
    const deactivated = putResponse(page, '/deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    expect((await deactivated).status()).toBe(200);
    await expect(page.getByText('User deactivated successfully')).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

    // The customer's next page load ends their session: they land on the sign-in.
    await customerPage.reload();
    await expect(customerPage).toHaveURL(/\/login/);
    await expect(customerPage.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    // And they cannot sign in again.
    const refused = await request.post('/api/auth/login', {
      data: { email: customer.email, password: CUSTOMER_PASSWORD },
    });
    expect(refused.status(), await refused.text()).toBe(403);

    // The detail view shows the account as it is now; activating it lets the customer back in.
    await row.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByRole('heading', { name: customer.username })).toBeVisible();
    await expect(details.getByText('No subscription history available')).toBeVisible();
    await details.getByRole('button', { name: 'Activate' }).click();
    const activated = putResponse(page, '/activate');
    await details.getByRole('button', { name: 'Activate' }).click();
    expect((await activated).status()).toBe(200);
    await expect(details.getByText('User activated successfully')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await signInAsCustomer(customerPage, customer.email);
    await customerContext.close();

    // Both changes are in this month's audit log, newest first.
    await openAdminSection(page, 'Audit Log', /\/admin\/audit-log$/);
    const entries = page
      .getByRole('table', { name: 'Admin actions' })
      .getByRole('row')
      .filter({ hasText: customer.email });
    await expect(entries.first()).toContainText('User activated');
    await expect(entries.nth(1)).toContainText('User deactivated');
  });
});

test.describe('messages back-office', () => {
  test('a message sent from the contact form is opened, which marks it read, and deleted', async ({
    page,
    request,
  }) => {
    const marker = `e2e-msg-${Date.now().toString(36)}`;
    // The marker comes first, so the table's 50-character preview shows it.
    const text = `${marker}: can the bot trade gold on a cent account? Thanks in advance for the answer.`;
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Playwright Visitor');
    await page.getByLabel('Email').fill('visitor@example.com');
    await page.getByLabel('Message').fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully! We will contact you soon.')).toBeVisible();

    await signInAsAdmin(page);
    await openAdminSection(page, 'Messages', /\/admin\/contact-detail$/);
    await page.getByLabel('Search messages').fill(marker);
    const table = page.getByRole('table', { name: 'All messages' });
    const row = table.getByRole('row').filter({ hasText: marker });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Unread', { exact: true })).toBeVisible();
    await expect(row).toContainText('Just now');
    // The table shows the first 50 characters.
    const preview = row.getByRole('button', { name: `${text.slice(0, 50)}...` });
    await expect(preview).toBeVisible();

    // Opening it shows it whole and marks it read.
    await preview.click();
    const article = page.getByRole('article', { name: 'Message from Playwright Visitor' });
    await expect(article.getByText(text)).toBeVisible();
    await expect(article.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      /^mailto:visitor@example\.com\?/,
    );
    await page.getByRole('button', { name: '← Back to Messages' }).click();
    await expect(row.getByText('Read', { exact: true })).toBeVisible();

    // The read state survives a reload: it is kept on the server.
    await page.reload();
    await page.getByLabel('Search messages').fill(marker);
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Read', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Message' });
    await expect(confirm.getByText('Are you sure you want to delete this message?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Message deleted successfully')).toBeVisible();
    await expect(page.getByText('No messages found')).toBeVisible();

    const listed = await request.get('/api/contact/get', {
      headers: { authorization: `Bearer ${await adminIdToken()}` },
      params: { search: marker },
    });
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
