import { expect, test, type APIRequestContext } from '@playwright/test';
import { PACKAGE_NAMES, PAYMENT_MESSAGES, SETTINGS_MESSAGES } from '@goldbot/shared';
import {
  apiToken,
  bearer,
  catalogPrice,
  signInAsAdmin,
  signInAsCustomer,
  uniqueTxid,
  verifiedCustomer,
  withOrder,
} from './journeys.js';
import { seriousViolations } from './axe-scan.js';
import { adminIdToken, mailHtml, mailsTo, type StoredEmail } from './local-stack.js';

/**
 * Configuration in the browser: the admin edits an e-mail template and the
 * preview follows the typing, and the saved template is what the next mail of its type says; the
 * admin switches the monthly Basic package off, and a customer opening its purchase sees
 * 'Subscription Unavailable'. Both change state the other journeys share (a template, the Basic
 * switch): each registers how to put it back before changing it, and `afterAll` does so through
 * the API with a request context of its own (a timed-out test's context is already closed).
 */

const TEMPLATE_TYPE = 'proPackagePaymentPending';
const TEMPLATE_LABEL = 'Pro Package: Payment Pending';

interface TemplateView {
  subject: string;
  html: string;
  isDefault: boolean;
}

async function readTemplate(request: APIRequestContext, token: string, type: string): Promise<TemplateView> {
  const answer = await request.get('/api/settings/email-templates', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  const { templates } = (await answer.json()) as { templates: Record<string, TemplateView> };
  const template = templates[type];
  expect(template, `the ${type} template`).toBeDefined();
  return template ?? { subject: '', html: '', isDefault: true };
}

/** Puts a template back as it was (the server marks it default again when it equals the default). */
async function restoreTemplate(request: APIRequestContext, token: string, type: string, template: TemplateView) {
  const answer = await request.put('/api/settings/email-templates', {
    headers: bearer(token),
    data: { templates: { [type]: { subject: template.subject, html: template.html } } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function setBasicOnSale(request: APIRequestContext, token: string, basicPackageEnabled: boolean) {
  const answer = await request.put('/api/settings/subscription-settings', {
    headers: bearer(token),
    data: { settings: { basicPackageEnabled } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** How to put back what a journey changed, keyed so a second registration replaces the first. */
const restores = new Map<string, (request: APIRequestContext, adminToken: string) => Promise<void>>();

test.describe('configuration back-office', () => {
  test.afterAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const adminToken = await adminIdToken();
      for (const restore of restores.values()) await restore(request, adminToken);
      restores.clear();
    } finally {
      await request.dispose();
    }
  });

  test('the admin edits a template, the preview follows, and the next mail of that type carries the edit', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const adminToken = await adminIdToken();
    const original = await readTemplate(request, adminToken, TEMPLATE_TYPE);
    restores.set('template', (context, token) => restoreTemplate(context, token, TEMPLATE_TYPE, original));
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Email Templates' }).click();
    await expect(page).toHaveURL(/\/admin\/email-templates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();

    const types = page.getByRole('navigation', { name: 'Email template types' });
    const typeButton = types.getByRole('button', { name: new RegExp(`^${TEMPLATE_LABEL}`) });
    await typeButton.click();
    await expect(page.getByRole('heading', { level: 2, name: TEMPLATE_LABEL })).toBeVisible();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    const html = page.getByRole('textbox', { name: 'HTML' });
    await expect(html).toHaveValue(original.html);
    const save = page.getByRole('button', { name: 'Save Template' });
    await expect(save).toBeDisabled();

    // The preview is a sandboxed frame (no scripts) showing the template with sample values.
    const frame = page.getByTitle('Email preview');
    await expect(frame).toHaveAttribute('sandbox', '');
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(preview.locator('body')).toContainText('trader42');
    // The screen itself; the preview is the e-mail's own HTML (and a frame with scripts off).
    expect(await seriousViolations(page, 'main', 'iframe[title="Email preview"]')).toEqual([]);

    // The admin rewrites the body; a placeholder chip puts {{username}} where the cursor is.
    await html.fill(`<h1>Thanks, </h1><p>Marker ${stamp}: your {{packageName}} payment is being checked.</p>`);
    await html.evaluate((element) => {
      const area = element as HTMLTextAreaElement;
      const at = area.value.indexOf('</h1>');
      area.focus();
      area.setSelectionRange(at, at);
    });
    await page.getByRole('button', { name: 'Insert {{username}}' }).click();
    await expect(html).toHaveValue(
      `<h1>Thanks, {{username}}</h1><p>Marker ${stamp}: your {{packageName}} payment is being checked.</p>`,
    );
    await expect(preview.locator('h1')).toHaveText('Thanks, trader42');
    await expect(preview.locator('p')).toHaveText(`Marker ${stamp}: your Pro Package payment is being checked.`);
    await subject.fill(`Checking your {{packageName}} payment ${stamp}`);
    await expect(page.getByTestId('preview-subject')).toHaveText(`Checking your Pro Package payment ${stamp}`);
    await expect(types.getByRole('button', { name: new RegExp(`^${TEMPLATE_LABEL}`) })).toContainText('Unsaved');

    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/settings/email-templates',
    );
    await save.click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByText(SETTINGS_MESSAGES.templatesUpdated, { exact: true })).toBeVisible();
    await expect(typeButton).toContainText('Edited');
    await expect(typeButton).not.toContainText('Unsaved');
    await expect(save).toBeDisabled();

    // After a reload the server's copy is the edited one.
    await page.reload();
    await types.getByRole('button', { name: new RegExp(`^${TEMPLATE_LABEL}`) }).click();
    await expect(page.getByRole('textbox', { name: 'HTML' })).toHaveValue(
      `<h1>Thanks, {{username}}</h1><p>Marker ${stamp}: your {{packageName}} payment is being checked.</p>`,
    );

    // The next mail of that type (a Pro payment received) is the edited template, filled in.
    const buyer = await verifiedCustomer(request, 'tplmail');
    const buyerToken = await apiToken(request, buyer.email);
    const submitted = await request.post('/api/payment/submit-usdt-payment', {
      headers: bearer(buyerToken),
      data: await withOrder(request, buyerToken, {
        packageName: PACKAGE_NAMES.pro,
        txid: uniqueTxid(),
        amount: await catalogPrice(request, PACKAGE_NAMES.pro),
      }),
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    let mail: StoredEmail | undefined;
    await expect
      .poll(
        async () => {
          mail = (await mailsTo(request, buyer.email)).find((candidate) => candidate.subject?.includes(stamp));
          return mail?.subject;
        },
        { message: 'the payment-received mail with the edited subject', timeout: 15_000 },
      )
      .toBe(`Checking your Pro Package payment ${stamp}`);
    const body = mailHtml(mail);
    expect(body).toContain(`<h1>Thanks, ${buyer.username}</h1>`);
    expect(body).toContain(`Marker ${stamp}: your Pro Package payment is being checked.`);

    // Put back at once (the other journeys read this type's mails); afterAll only if this is not reached.
    await restoreTemplate(request, adminToken, TEMPLATE_TYPE, original);
    restores.delete('template');
    expect((await readTemplate(request, adminToken, TEMPLATE_TYPE)).html).toBe(original.html);
  });

  test('the admin switches Basic off: a customer opening the Basic purchase sees Subscription Unavailable', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const adminToken = await adminIdToken();
    // A run that died half-way may have left Basic off: start from the stack's default, and end there.
    await setBasicOnSale(request, adminToken, true);
    restores.set('basic', (context, token) => setBasicOnSale(context, token, true));
    const customer = await verifiedCustomer(request, 'basicoff');
    const customerContext = await browser.newContext();
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscription Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/subscription-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription Settings' })).toBeVisible();

    const card = page.getByRole('region', { name: 'Monthly Subscription' });
    const toggle = card.getByRole('switch', { name: 'Monthly Subscription (Basic Package)' });
    const saveChanges = card.getByRole('button', { name: 'Save Changes' });
    await expect(toggle).toBeChecked();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(saveChanges).toBeDisabled();
    await expect(page.getByRole('table', { name: 'Package prices' })).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // Amplify's switch input is visually hidden: a person clicks the switch's label.
    await card.getByText('Monthly Subscription (Basic Package)', { exact: true }).click();
    await expect(toggle).not.toBeChecked();
    await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(saveChanges).toBeEnabled();
    const switchedOff = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/api/settings/subscription-settings',
    );
    await saveChanges.click();
    const off = await switchedOff;
    expect(off.status(), await off.text()).toBe(200);
    expect(off.request().postDataJSON()).toEqual({ settings: { basicPackageEnabled: false } });
    await expect(card.getByText(SETTINGS_MESSAGES.settingsUpdated, { exact: true })).toBeVisible();
    await expect(saveChanges).toBeDisabled();
    // The catalog shows Basic off sale, from the same switch.
    const basicRow = page.getByRole('table', { name: 'Package prices' }).getByRole('row').filter({
      hasText: PACKAGE_NAMES.basic,
    });
    await expect(basicRow.getByText('Off sale', { exact: true })).toBeVisible();

    // The customer: the Basic card says so, and the purchase opened from /pricing stops at the notice.
    const customerPage = await customerContext.newPage();
    await signInAsCustomer(customerPage, customer.email);
    const basicCard = customerPage.getByRole('listitem', { name: 'Basic' });
    await expect(basicCard.getByRole('button', { name: 'Subscription Unavailable' })).toBeDisabled();
    await expect(basicCard.getByText(PAYMENT_MESSAGES.basicUnavailable)).toBeVisible();

    await customerPage.goto('/pricing');
    await customerPage
      .getByRole('listitem', { name: 'Basic' })
      .getByRole('button', { name: 'Go to Dashboard' })
      .click();
    await expect(customerPage).toHaveURL(/\/dashboard/);
    const dialog = customerPage.getByRole('dialog', { name: 'Pay with USDT' });
    await expect(dialog.getByRole('heading', { name: 'Subscription Unavailable' })).toBeVisible();
    await expect(dialog.getByText(PAYMENT_MESSAGES.basicUnavailable)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Wallet Address' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog).toBeHidden();

    // The server refuses Basic with the spec's sentence, whatever a page shows.
    const customerToken = await apiToken(request, customer.email);
    const refused = await request.post('/api/payment/submit-usdt-payment', {
      headers: bearer(customerToken),
      // Basic is off sale: no order opens, so the submission names none and gets the sale refusal.
      data: {
        orderId: 'NOORDER',
        packageName: PACKAGE_NAMES.basic,
        txid: uniqueTxid(),
        amount: await catalogPrice(request, PACKAGE_NAMES.basic),
      },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    expect(((await refused.json()) as { message: string }).message).toBe(PAYMENT_MESSAGES.basicUnavailable);

    // The admin switches it on again from the screen, and the customer can buy Basic again.
    await card.getByText('Monthly Subscription (Basic Package)', { exact: true }).click();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
    const switchedOn = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/api/settings/subscription-settings',
    );
    await saveChanges.click();
    expect((await switchedOn).status()).toBe(200);
    await expect(basicRow.getByText('On sale', { exact: true })).toBeVisible();
    await customerPage.goto('/dashboard');
    await expect(
      customerPage.getByRole('listitem', { name: 'Basic' }).getByRole('button', { name: 'Buy Now' }),
    ).toBeEnabled();
    restores.delete('basic');
    await customerContext.close();
  });
});
