import { expect, test } from '@playwright/test';
import { adminIdToken } from './local-stack.js';

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

  test('unknown paths get the 404 page', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
