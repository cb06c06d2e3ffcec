import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  SETTINGS_MESSAGES,
  emailTemplatePreviewResponseSchema,
  emailTemplatesResponseSchema,
  emailTemplatesSaveResponseSchema,
  packageUpdateResponseSchema,
  packagesResponseSchema,
  subscriptionSettingsResponseSchema,
  subscriptionSettingsSaveResponseSchema,
  type CatalogPackage,
  type PackageName,
} from '@goldbot/shared';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { LOCAL_COPY_TRADING_LINK } from '../../../scripts/local/stack.js';
import { api, newCustomer, stack, type TestCustomer, withOrder } from './http-client.js';
import { admin, db, newTxid, table } from './fixtures.js';
import { mailsTo } from './mailbox.js';
import { sleep } from '../../src/lib/retry.js';

/**
 * Configuration over real HTTP: an admin edits a template and the very next mail of
 * that type is the edit (placeholders filled, with a text part); broken templates and placeholders
 * a mail does not offer are refused with the reason; Force Update restores the defaults; the Basic
 * switch blocks Basic with the spec's sentence while Pro still sells; a price edit moves the
 * public catalog and the server's amount check together; each change leaves an audit entry; none
 * of it is open to customers. The seeded settings, catalog and templates are restored afterwards.
 */

type Templates = ReturnType<typeof emailTemplatesResponseSchema.parse>['templates'];

const getTemplates = async (): Promise<Templates> => {
  const res = await api('/api/settings/email-templates', { token: await admin() });
  expect(res.status).toBe(200);
  return emailTemplatesResponseSchema.parse(res.body).templates;
};
const putTemplates = async (templates: Record<string, unknown>) =>
  api<{ message: string; errors?: Record<string, string> }>('/api/settings/email-templates', {
    method: 'PUT',
    token: await admin(),
    body: { templates },
  });
const forceUpdate = async () =>
  api('/api/settings/force-update-templates', { method: 'POST', token: await admin(), body: {} });
const setBasic = async (basicPackageEnabled: boolean) =>
  api('/api/settings/subscription-settings', {
    method: 'PUT',
    token: await admin(),
    body: { settings: { basicPackageEnabled } },
  });
const updatePackage = async (packageId: string, body: Record<string, unknown>) =>
  api<{ message: string }>(`/api/admin/packages/${packageId}`, { method: 'PUT', token: await admin(), body });
const catalog = async (): Promise<CatalogPackage[]> => {
  const res = await api('/api/packages');
  expect(res.status).toBe(200);
  return packagesResponseSchema.parse(res.body).packages;
};
const priceOf = async (slug: CatalogPackage['slug']) => (await catalog()).find((p) => p.slug === slug)?.priceUsd;
const submit = async (customer: TestCustomer, packageName: PackageName, amount: number) =>
  api<{ message: string; pendingSubscription?: unknown }>('/api/payment/submit-usdt-payment', {
    method: 'POST',
    token: customer.token,
    body: await withOrder(customer.token, { packageName, amount, txid: newTxid(), referralCode: null }),
  });

/** How many mails `address` has received so far (nextMail waits for one beyond them). */
const mailCount = async (address: string) => (await mailsTo(address)).length;

/** The first mail to `address` after the first `seen` ones whose subject matches, once it has arrived. */
async function nextMail(address: string, subject: RegExp, seen: number) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).slice(seen).find((m) => subject.test(m.subject));
    if (mail) return mail;
    await sleep(100);
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

async function auditEntries(action: string, since: string) {
  const months = [...new Set([since.slice(0, 7), new Date().toISOString().slice(0, 7)])];
  const entries: Record<string, unknown>[] = [];
  for (const month of months) {
    const result = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK >= :since',
        ExpressionAttributeValues: { ':pk': `AUDIT#${month}`, ':since': since },
        ConsistentRead: true,
      }),
    );
    entries.push(...(result.Items ?? []));
  }
  return entries.filter((entry) => entry.action === action);
}

const seeded = new Map<string, Record<string, unknown> | undefined>();
const SEEDED_KEYS = [
  ['SETTINGS', 'SUBSCRIPTION'],
  ['CATALOG', 'PACKAGE#freeTrial'],
  ['CATALOG', 'PACKAGE#basic'],
  ['CATALOG', 'PACKAGE#pro'],
  ['CATALOG', 'PACKAGE#ultimate'],
] as const;
let buyer: TestCustomer;
let startedAt: string;

beforeAll(async () => {
  startedAt = new Date().toISOString();
  for (const [PK, SK] of SEEDED_KEYS) {
    const item = await db().send(new GetCommand({ TableName: table(), Key: { PK, SK }, ConsistentRead: true }));
    seeded.set(`${PK}/${SK}`, item.Item);
  }
  buyer = await newCustomer('settings-buyer');
  expect((await forceUpdate()).status).toBe(200);
});

afterAll(async () => {
  // Leave the stack as the bootstrap made it for the suites that run after this one.
  await forceUpdate();
  for (const item of seeded.values()) if (item) await db().send(new PutCommand({ TableName: table(), Item: item }));
});

describe('e-mail templates', () => {
  it('lists every type with its placeholders, all defaults after Force Update', async () => {
    const templates = await getTemplates();
    expect(Object.keys(templates)).toEqual([...ADMIN_TEMPLATE_TYPES]);
    for (const type of ADMIN_TEMPLATE_TYPES) {
      expect(templates[type]).toMatchObject({
        ...DEFAULT_EMAIL_TEMPLATES[type],
        placeholders: [...TEMPLATE_PLACEHOLDERS[type]],
        isDefault: true,
      });
    }
  });

  it('sends the edited template with the very next mail of its type, filled in and with a text part', async () => {
    const first = await putTemplates({
      proPackagePaymentPending: {
        subject: 'Edited v1: Pro received for {{username}}',
        html: '<p>EDITED-V1 Hi {{username}}, your {{packageName}} is being checked.</p><p><a href="{{dashboardLink}}">Dashboard</a></p>',
      },
    });
    expect(first.status).toBe(200);
    const saved = emailTemplatesSaveResponseSchema.parse(first.body);
    expect(saved.message).toBe(SETTINGS_MESSAGES.templatesUpdated);
    expect(saved.templates.proPackagePaymentPending).toMatchObject({ isDefault: false });

    const price = await priceOf('pro');
    let at = await mailCount(buyer.email);
    expect((await submit(buyer, 'Pro Package', price ?? 0)).status).toBe(201);
    const mail = await nextMail(buyer.email, /^Edited v1: Pro received for /, at);
    expect(mail.subject).toBe(`Edited v1: Pro received for ${buyer.username}`);
    expect(mail.body.html).toContain(`EDITED-V1 Hi ${buyer.username}, your Pro Package is being checked.`);
    expect(mail.body.html).not.toContain('{{');
    expect(mail.body.text).toContain(`EDITED-V1 Hi ${buyer.username}, your Pro Package is being checked.`);
    expect(mail.body.text).toMatch(/Dashboard \(https?:\/\/[^)]+\/dashboard\)/);

    // An HTML string alone keeps the subject; the next mail already has the second edit.
    expect((await putTemplates({ proPackagePaymentPending: '<p>EDITED-V2 for {{username}}</p>' })).status).toBe(200);
    at = await mailCount(buyer.email);
    expect((await submit(buyer, 'Pro Package', price ?? 0)).status).toBe(201);
    const second = await nextMail(buyer.email, /^Edited v1: Pro received for /, at);
    expect(second.body.html).toContain(`EDITED-V2 for ${buyer.username}`);
    expect(second.body.text).toBe(`EDITED-V2 for ${buyer.username}`);
  });

  it('refuses a template that does not compile, or uses a placeholder its mail does not offer, with the reason', async () => {
    const before = (await getTemplates()).proPackagePaymentPending;
    const broken = await putTemplates({ proPackagePaymentPending: '<p>{{#if username}}Hi {{username}}</p>' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(
      SETTINGS_MESSAGES.templateInvalid('proPackagePaymentPending', '{{#if}} is never closed: add {{/if}} (line 1)'),
    );
    const unoffered = await putTemplates({ proPackagePaymentPending: '<p>Ends {{endDate}}</p>' });
    expect(unoffered.status).toBe(400);
    expect(unoffered.body.message).toBe(
      SETTINGS_MESSAGES.placeholderNotOffered(
        'proPackagePaymentPending',
        'endDate',
        TEMPLATE_PLACEHOLDERS.proPackagePaymentPending,
      ),
    );
    const raw = await putTemplates({ proPackagePaymentPending: '<p>{{{username}}}</p>' });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toContain('without HTML escaping');
    const unknown = await putTemplates({ goldTemplate: '<p>x</p>' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(SETTINGS_MESSAGES.unknownTemplate('goldTemplate'));
    expect((await getTemplates()).proPackagePaymentPending).toEqual(before);
  });

  it('previews a draft as the mail renders it, with sample values and the save’s reasons, for admins only', async () => {
    const preview = (token: string, body: Record<string, unknown>) =>
      api<Record<string, unknown>>('/api/settings/email-templates/preview', { method: 'POST', token, body });
    const draft = {
      type: 'withdrawalApproved',
      subject: 'Approved: {{amount}} USDT for {{username}}',
      html: '<p>Hi {{username}}</p>{{#if adminNote}}<p>{{adminNote}}</p>{{/if}}',
    };
    const res = await preview(await admin(), draft);
    expect(res.status).toBe(200);
    const answer = emailTemplatePreviewResponseSchema.parse(res.body);
    expect(answer).toMatchObject({
      subject: 'Approved: 20 USDT for trader42',
      html: '<p>Hi trader42</p><p>Sent in one transfer &amp; confirmed &lt;on-chain&gt;</p>',
      text: 'Hi trader42\nSent in one transfer & confirmed <on-chain>',
      problems: [],
    });
    expect(answer.values.dashboardLink).toMatch(/\/dashboard$/);

    const refused = emailTemplatePreviewResponseSchema.parse(
      (await preview(await admin(), { ...draft, html: '<p>{{#if username}}Hi</p>' })).body,
    );
    expect(refused.html).toBeNull();
    expect(refused.problems).toEqual([
      {
        part: 'html',
        message: SETTINGS_MESSAGES.templateInvalid(
          'withdrawalApproved',
          '{{#if}} is never closed: add {{/if}} (line 1)',
        ),
      },
    ]);
    expect((await preview(buyer.token, draft)).status).toBe(403);
    expect((await preview(await admin(), { ...draft, type: 'otpVerification' })).status).toBe(400);
  });

  it('takes the whole set in one save, as the spec’s client sends it (over the general 16 KB body cap)', async () => {
    const templates = await getTemplates();
    const all = Object.fromEntries(
      Object.entries(templates).map(([type, view]) => [type, { subject: view.subject, html: view.html }]),
    );
    const res = await putTemplates(all);
    expect(res.status).toBe(200);
    expect(emailTemplatesSaveResponseSchema.parse(res.body).templates).toEqual(templates);
  });

  it('Force Update restores every default, and the next mail is the default again', async () => {
    const res = await forceUpdate();
    expect(res.status).toBe(200);
    expect(emailTemplatesSaveResponseSchema.parse(res.body).message).toBe(SETTINGS_MESSAGES.templatesReset);
    const templates = await getTemplates();
    for (const type of ADMIN_TEMPLATE_TYPES) expect(templates[type]).toMatchObject({ isDefault: true });
    expect(templates.proPackagePaymentPending?.html).toBe(DEFAULT_EMAIL_TEMPLATES.proPackagePaymentPending.html);
    const at = await mailCount(buyer.email);
    expect((await submit(buyer, 'Pro Package', (await priceOf('pro')) ?? 0)).status).toBe(201);
    const mail = await nextMail(buyer.email, /^GoldBot: payment received for your Pro Package$/, at);
    expect(mail.body.text).toContain(`Hi ${buyer.username},`);
  });
});

describe('the Basic switch', () => {
  it('blocks Basic with the spec’s sentence everywhere while Pro still sells, and reopens it', async () => {
    const customer = await newCustomer('settings-switch');
    const off = await setBasic(false);
    expect(off.status).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(off.body)).toMatchObject({
      success: true,
      message: 'Subscription settings updated successfully',
      settings: { basicPackageEnabled: false },
    });
    try {
      const read = await api('/api/settings/subscription-settings', { token: await admin() });
      expect(subscriptionSettingsResponseSchema.parse(read.body).settings).toMatchObject({
        basicPackageEnabled: false,
      });
      expect((await api('/api/payment/package-status', { token: customer.token })).body).toMatchObject({
        isBasicPackageEnabled: false,
      });
      expect((await api('/api/settings/public/subscription-settings', { token: customer.token })).body).toEqual({
        success: true,
        settings: { basicPackageEnabled: false },
      });
      expect((await catalog()).find((p) => p.slug === 'basic')?.onSale).toBe(false);
      const basic = await submit(customer, 'Basic Package', (await priceOf('basic')) ?? 0);
      expect(basic.status).toBe(409);
      expect(basic.body.message).toBe(
        'Monthly subscriptions are currently unavailable. Please try again later or choose another package.',
      );
      expect(basic.body.message).toBe(PAYMENT_MESSAGES.basicUnavailable);
      expect((await submit(customer, 'Pro Package', (await priceOf('pro')) ?? 0)).status).toBe(201);
    } finally {
      expect((await setBasic(true)).status).toBe(200);
    }
    expect((await catalog()).find((p) => p.slug === 'basic')?.onSale).toBe(true);
    expect((await submit(customer, 'Basic Package', (await priceOf('basic')) ?? 0)).status).toBe(201);
  });

  it('is the same flag as Basic’s on-sale flag in the catalog editor', async () => {
    const res = await updatePackage('basic', { onSale: false });
    expect(res.status).toBe(200);
    try {
      const read = await api('/api/settings/subscription-settings', { token: await admin() });
      expect(subscriptionSettingsResponseSchema.parse(read.body).settings.basicPackageEnabled).toBe(false);
    } finally {
      await setBasic(true);
    }
    expect((await catalog()).find((p) => p.slug === 'basic')?.onSale).toBe(true);
  });
});

describe('the copy-trading link', () => {
  const setLink = async (copyTradingLink: unknown) =>
    api<{ message: string; settings: { copyTradingLink: string | null } }>('/api/settings/subscription-settings', {
      method: 'PUT',
      token: await admin(),
      body: { settings: { copyTradingLink } },
    });

  it('starts as the local example, takes an https link with an audit entry, and refuses anything else', async () => {
    const startedAt = new Date().toISOString();
    const read = await api('/api/settings/subscription-settings', { token: await admin() });
    expect(subscriptionSettingsResponseSchema.parse(read.body).settings.copyTradingLink).toBe(LOCAL_COPY_TRADING_LINK);
    const link = 'https://broker.example/copy/goldbot-settings';
    try {
      const saved = await setLink(link);
      expect(saved.status).toBe(200);
      expect(saved.body.settings.copyTradingLink).toBe(link);
      const entries = await auditEntries('settings.update', startedAt);
      expect(entries.map((entry) => entry.details)).toContainEqual({
        setting: 'copyTradingLink',
        from: LOCAL_COPY_TRADING_LINK,
        to: link,
      });
      for (const wrong of ['http://broker.example/copy', 'not a link', 42]) {
        const refused = await setLink(wrong);
        expect(refused.status).toBe(400);
      }
      expect((await setLink('javascript:alert(1)')).body.message).toBe(SETTINGS_MESSAGES.copyTradingLinkInvalid);
    } finally {
      expect((await setLink(LOCAL_COPY_TRADING_LINK)).status).toBe(200);
    }
  });
});

describe('the catalog', () => {
  it('moves the public price and the server’s amount check together', async () => {
    const customer = await newCustomer('settings-price');
    const res = await updatePackage('pro', { priceUsd: 100 });
    expect(res.status).toBe(200);
    expect(packageUpdateResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: SETTINGS_MESSAGES.packageUpdated,
      package: { slug: 'pro', packageName: 'Pro Package', priceUsd: 100, sortOrder: 2, onSale: true },
    });
    expect(await priceOf('pro')).toBe(100);
    const old = await submit(customer, 'Pro Package', 250);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(PAYMENT_MESSAGES.orderAmountMismatch);
    expect((await submit(customer, 'Pro Package', 100)).status).toBe(201);
    expect((await updatePackage('pro', { priceUsd: 250 })).status).toBe(200);
  });

  it('refuses a package that is not on sale, and keeps the Free Trial free', async () => {
    const customer = await newCustomer('settings-sale');
    expect((await updatePackage('ultimate', { onSale: false })).status).toBe(200);
    try {
      expect((await catalog()).find((p) => p.slug === 'ultimate')?.onSale).toBe(false);
      const refused = await submit(customer, 'Ultimate Package', (await priceOf('ultimate')) ?? 0);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(SETTINGS_MESSAGES.packageUnavailable('Ultimate Package'));
    } finally {
      expect((await updatePackage('ultimate', { onSale: true })).status).toBe(200);
    }
    const trial = await updatePackage('freeTrial', { priceUsd: 5 });
    expect(trial.status).toBe(400);
    expect(trial.body.message).toBe(SETTINGS_MESSAGES.freeTrialPrice);
    const fraction = await updatePackage('pro', { priceUsd: 99.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toBe(SETTINGS_MESSAGES.priceWhole);
    expect((await updatePackage('gold', { priceUsd: 5 })).status).toBe(404);
  });
});

describe('the audit trail', () => {
  it('holds an entry for every change, with the admin and the before/after values', async () => {
    const updates = await auditEntries('templates.update', startedAt);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates[0]).toMatchObject({
      target: { type: 'template', id: 'proPackagePaymentPending' },
      details: { types: ['proPackagePaymentPending'], changes: { proPackagePaymentPending: { to: 'edited' } } },
      actorEmail: stack().admin.email,
    });
    expect((await auditEntries('templates.reset', startedAt)).length).toBeGreaterThanOrEqual(2);
    const switches = await auditEntries('settings.update', startedAt);
    expect(switches.map((e) => e.details)).toContainEqual({ setting: 'basicPackageEnabled', from: true, to: false });
    expect(switches.map((e) => e.details)).toContainEqual({ setting: 'basicPackageEnabled', from: false, to: true });
    const catalogEdits = await auditEntries('catalog.update', startedAt);
    expect(catalogEdits.map((e) => [(e.target as { id: string }).id, e.details])).toContainEqual([
      'pro',
      { packageName: 'Pro Package', from: { priceUsd: 250, onSale: true }, to: { priceUsd: 100, onSale: true } },
    ]);
    expect(catalogEdits.map((e) => (e.details as { to: unknown }).to)).toContainEqual({
      priceUsd: 1000,
      onSale: false,
    });
  });
});

describe('who may configure', () => {
  it('refuses customers (403) and anonymous callers (401) on every configuration route', async () => {
    const customer = await newCustomer('settings-nosy');
    const calls: [string, string, unknown][] = [
      ['GET', '/api/settings/email-templates', undefined],
      ['PUT', '/api/settings/email-templates', { templates: { paymentPending: '<p>x</p>' } }],
      ['POST', '/api/settings/force-update-templates', {}],
      ['GET', '/api/settings/subscription-settings', undefined],
      ['PUT', '/api/settings/subscription-settings', { settings: { basicPackageEnabled: false } }],
      ['PUT', '/api/admin/packages/pro', { priceUsd: 1 }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(path, { method, token: customer.token, body })).status, `${method} ${path}`).toBe(403);
      expect((await api(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await priceOf('pro')).toBe(250);
    expect((await getTemplates()).paymentPending?.isDefault).toBe(true);
  });
});
