import { expect, test, type APIRequestContext } from '@playwright/test';
import { CONTACT_MESSAGES, contactListResponseSchema } from '@goldbot/shared';
import { signInAsAdmin } from './journeys.js';
import { adminIdToken } from './local-stack.js';

/** The Messages screen's cards as the server counts them, over every message. */
async function serverCounts(request: APIRequestContext) {
  const listed = await request.get('/api/contact/get', {
    headers: { authorization: `Bearer ${await adminIdToken()}` },
    params: { limit: '1' },
  });
  expect(listed.status()).toBe(200);
  return contactListResponseSchema.parse(await listed.json());
}

test.describe('contact page', () => {
  test('a visitor sends a message and the admin can read it', async ({ page, request }) => {
    const marker = `e2e-${Date.now()}`;
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/within 24 hours/i).first()).toBeVisible();

    await page.getByLabel('Name').fill('Playwright Visitor');
    await page.getByLabel('Email').fill('visitor@example.com');
    await page.getByLabel('Message').fill(`Do you support MT5 on Linux? ${marker}`);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Message sent successfully! We will contact you soon.')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByLabel('Name')).toHaveValue('Playwright Visitor');
    await expect(page.getByLabel('Email')).toHaveValue('visitor@example.com');

    const token = await adminIdToken();
    const listed = await request.get('/api/contact/get', { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status()).toBe(200);
    const body = (await listed.json()) as { data: { message: string; name: string }[] };
    expect(body.data.find((m) => m.message.includes(marker))).toMatchObject({ name: 'Playwright Visitor' });
  });

  test('invalid input shows the field messages and the toast, and errors clear on edit', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fill all required fields correctly')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await page.getByLabel('Name').fill('Someone');
    await expect(page.getByText('Name is required')).toBeHidden();
  });

  test("the admin's Messages counts every message, and Mark All Read marks them all, beyond the first page", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const marker = `e2e-many-${Date.now().toString(36)}`;
    // More than the 20 rows a page of the screen shows.
    for (let i = 0; i < 22; i += 1) {
      const sent = await request.post('/api/contact/add', {
        data: { name: `Visitor ${i}`, email: 'many@example.com', message: `${marker} question ${i}` },
      });
      expect(sent.status()).toBe(201);
    }
    const before = await serverCounts(request);
    expect(before.unreadCount).toBeGreaterThanOrEqual(22);

    await signInAsAdmin(page);
    await page.goto('/admin/contact-detail');
    /** A stat card showing exactly `value`. */
    const expectCard = (label: string, value: number) =>
      expect(page.getByRole('listitem', { name: label })).toHaveText(
        new RegExp(`^${label}\\s*${value.toLocaleString('en-US')}$`),
      );
    await expectCard('Unread', before.unreadCount);
    await expectCard('Total', before.totalCount);
    const table = page.getByRole('table', { name: 'All messages' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();

    // Opening the newest marks it read, for the server too: Unread counts one less.
    const newest = table.getByRole('row').filter({ hasText: `${marker} question 21` });
    await newest.getByRole('button', { name: `${marker} question 21` }).click();
    await expect(page.getByRole('article', { name: 'Message from Visitor 21' })).toBeVisible();
    await page.getByRole('button', { name: '← Back to Messages' }).click();
    await expectCard('Unread', before.unreadCount - 1);
    await expect(newest.getByText('Read', { exact: true })).toBeVisible();
    expect((await serverCounts(request)).unreadCount).toBe(before.unreadCount - 1);

    // Mark All Read: every unread message, not only the 20 on screen.
    await page.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(page.getByText(CONTACT_MESSAGES.markedAllRead(before.unreadCount - 1))).toBeVisible();
    await expectCard('Unread', 0);
    await expect(page.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    expect((await serverCounts(request)).unreadCount).toBe(0);
    await page.getByRole('tab', { name: 'Unread' }).click();
    await expect(page.getByText('No messages found')).toBeVisible();

    // Another session sees the same: the read state is the server's.
    await page.reload();
    await expectCard('Unread', 0);
    await expectCard('Total', before.totalCount);
  });

  test('unknown paths get the 404 page', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
