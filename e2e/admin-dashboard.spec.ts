import { expect, test, type APIRequestContext } from '@playwright/test';
import { PACKAGE_NAMES, type PaymentStatsResponse } from '@goldbot/shared';
import { apiToken, approvedPayment, bearer, catalogPrice, signInAsAdmin, verifiedCustomer } from './journeys.js';
import { seriousViolations } from './axe-scan.js';
import { adminIdToken } from './local-stack.js';

/**
 * The back-office insight screens in the browser (the dashboard draws its
 * chart): a customer's Pro payment is approved, then the admin's dashboard shows the revenue it
 * added and draws the Monthly Revenue chart with a data point, and the subscription history lists
 * the customer's subscription.
 */

/** How the dashboard writes dollars (en-US, whole amounts without cents). */
const dollars = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount).replace(/\.00$/, '');

async function paymentStats(request: APIRequestContext, adminToken: string): Promise<PaymentStatsResponse> {
  const answer = await request.get('/api/admin/payment-stats', { headers: bearer(adminToken) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as PaymentStatsResponse;
}

/** A fresh customer submits the Pro package at its catalog price and the stack's admin approves it. */
async function approvedProPurchase(request: APIRequestContext, adminToken: string) {
  const customer = await verifiedCustomer(request, 'dash');
  const token = await apiToken(request, customer.email);
  const price = await catalogPrice(request, PACKAGE_NAMES.pro);
  await approvedPayment(request, token, { packageName: PACKAGE_NAMES.pro, amount: price }, adminToken);
  return { customer, price };
}

test.describe('admin dashboard', () => {
  test('after an approved payment the dashboard shows its revenue and draws the chart, and the history lists the subscription', async ({
    page,
    request,
  }) => {
    const adminToken = await adminIdToken();
    const before = await paymentStats(request, adminToken);
    const { customer, price } = await approvedProPurchase(request, adminToken);

    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'User Analytics' })).toBeVisible();

    // The approval moved the all-time total by the price, and one more completed payment.
    const totalCard = page.getByRole('listitem', { name: 'Total Revenue' });
    const { total } = before.paymentStats;
    await expect(totalCard).toContainText(dollars(total.amount + price));
    await expect(totalCard).toContainText(`${total.completedCount + 1} completed`);
    await expect(page.getByRole('listitem', { name: "Today's Revenue" })).toContainText(
      dollars(before.paymentStats.today.amount + price),
    );

    // The chart, drawn lazily by recharts: an svg named by its title, with a dot per month.
    const chart = page.getByRole('application', { name: 'Monthly revenue chart' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-line-dot').first()).toBeVisible();
    const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    );
    await expect(chart.locator('desc')).toContainText(thisMonth);
    await expect(page.getByRole('region', { name: 'Package Revenue' })).toContainText(PACKAGE_NAMES.pro);

    // Another chart type draws bars.
    await page.getByLabel('Chart type').selectOption('bar');
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();

    await expect(page.getByText(/^Last updated: /)).toBeVisible();

    // The screen, chart included, has no serious WCAG 2.1 A/AA violation.
    await page.getByLabel('Chart type').selectOption('line');
    await expect(chart.locator('.recharts-line-dot').first()).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The subscription history of this year finds the customer's Pro subscription.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscription History' }).click();
    await expect(page).toHaveURL(/\/admin\/subscription-history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription History' })).toBeVisible();
    await page.getByLabel('Search subscriptions').fill(customer.username);
    const row = page
      .getByRole('table', { name: 'Subscription history' })
      .getByRole('row')
      .filter({ hasText: customer.username });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(PACKAGE_NAMES.pro);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('USDT');
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });
});
