import { expect, test, type APIRequestContext } from '@playwright/test';
import { PAYMENT_MESSAGES } from '@goldbot/shared';
import { LOCAL_COPY_TRADING_LINK } from '../scripts/local/stack.js';
import { bearer, signInAsAdmin, signInAsCustomer, verifiedCustomer } from './journeys.js';
import { adminIdToken, mailHtml, mailsTo, type StoredEmail } from './local-stack.js';

/**
 * The free trial delivers its copy-trading link: a customer starts it on the dashboard, the Free
 * card then opens the link, and the mail in the inbox carries it as its main button. While no link
 * is set, the admin's Subscription Settings warn and the customer's Free card is unavailable.
 */

async function setCopyTradingLink(request: APIRequestContext, copyTradingLink: string | null) {
  const answer = await request.put('/api/settings/subscription-settings', {
    headers: bearer(await adminIdToken()),
    data: { settings: { copyTradingLink } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe('the free trial', () => {
  test.afterAll(async ({ playwright }, testInfo) => {
    // Whatever happened, the stack keeps the link the other journeys start from.
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      await setCopyTradingLink(request, LOCAL_COPY_TRADING_LINK);
    } finally {
      await request.dispose();
    }
  });

  test('a customer starts it, the Free card opens the copy-trading link, and the mail carries it', async ({
    page,
    request,
  }) => {
    const account = await verifiedCustomer(request, 'trial');
    await signInAsCustomer(page, account.email);

    const free = page.getByRole('listitem', { name: 'Free Copy Trading' });
    await free.getByRole('button', { name: 'Start Now' }).click();
    await expect(page.getByText('Free trial activated! You now have 30 days of access.')).toBeVisible();
    await expect(
      page.getByText('Copy Trading Link has been sent to your E-mail successfully! Please Check Your E-mail.'),
    ).toBeVisible();

    const open = free.getByRole('link', { name: 'Open Copy Trading' });
    await expect(open).toHaveAttribute('href', LOCAL_COPY_TRADING_LINK);
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(free.getByText(/^Start: /)).toBeVisible();

    let mail: StoredEmail | undefined;
    await expect
      .poll(async () => {
        mail = (await mailsTo(request, account.email)).find((m) => /free trial activated/i.test(m.subject ?? ''));
        return mail !== undefined;
      })
      .toBe(true);
    expect(mailHtml(mail)).toMatch(new RegExp(`href="${LOCAL_COPY_TRADING_LINK}"[^>]*>Open Copy Trading<`));

    // After a reload the card still offers the link: it comes from the server, not from the click.
    await page.reload();
    await expect(
      page.getByRole('listitem', { name: 'Free Copy Trading' }).getByRole('link', { name: 'Open Copy Trading' }),
    ).toHaveAttribute('href', LOCAL_COPY_TRADING_LINK);
  });

  test('without a link the admin is warned and the Free card is unavailable', async ({ browser, request }) => {
    const adminPage = await browser.newPage();
    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin/subscription-settings');
    const field = adminPage.getByRole('textbox', { name: /Copy-trading link/ });
    await expect(field).toHaveValue(LOCAL_COPY_TRADING_LINK);
    await field.fill('');
    await adminPage.getByRole('button', { name: 'Save copy-trading link' }).click();
    await expect(
      adminPage.getByText(
        'No copy-trading link is set: customers cannot start the free trial. Add the link to make it available.',
      ),
    ).toBeVisible();

    const account = await verifiedCustomer(request, 'nolink');
    const page = await browser.newPage();
    await signInAsCustomer(page, account.email);
    const free = page.getByRole('listitem', { name: 'Free Copy Trading' });
    await expect(free.getByRole('button', { name: 'Not Available' })).toBeDisabled();
    await expect(free.getByText(PAYMENT_MESSAGES.freeTrialUnavailable)).toBeVisible();

    // The admin puts a link back: the warning goes.
    await field.fill(LOCAL_COPY_TRADING_LINK);
    await adminPage.getByRole('button', { name: 'Save copy-trading link' }).click();
    await expect(adminPage.getByText(/No copy-trading link is set/)).toBeHidden();
    await adminPage.close();
    await page.close();
  });
});
