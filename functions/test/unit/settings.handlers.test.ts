import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATES_PUT_MAX_BODY_BYTES,
  MAX_REQUEST_BODY_BYTES,
  SETTINGS_MESSAGES,
  emailTemplatePreviewResponseSchema,
  emailTemplatesResponseSchema,
  emailTemplatesSaveResponseSchema,
  packageUpdateResponseSchema,
  packagesResponseSchema,
  subscriptionSettingsResponseSchema,
  subscriptionSettingsSaveResponseSchema,
  type RouteId,
} from '@goldbot/shared';
import { ADMIN_TEMPLATE_TYPES } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { CALLERS, givenProfiles, httpEvent, invoke, type Claims, type HttpHandler } from '../helpers/lambda.js';
import { givenItems } from '../helpers/customer-commerce-samples.js';
import { seededItems, settingsSampleWorld } from '../helpers/settings-samples.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/** The configuration handlers in process: thin adapters over the use cases, with a mocked, seeded table. */
const dynamo = useMockedDynamo();
beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  settingsSampleWorld(dynamo)['settings-email-templates-get']?.();
  givenProfiles(dynamo, CALLERS.admin, CALLERS.user);
});

const call = async (
  routeId: RouteId,
  options: { pathParameters?: Record<string, string>; body?: unknown; claims?: Claims } = {},
) => {
  const { handler } = (await import(`../../src/handlers/${routeId}.ts`)) as { handler: HttpHandler };
  return invoke(handler, httpEvent({ routeId, claims: CALLERS.admin, ...options }));
};
const transactItems = (n = 0) => dynamo.commandCalls(TransactWriteCommand)[n]?.args[0].input.TransactItems ?? [];

describe('settings-email-templates-get', () => {
  it('answers every type, the admin’s edit where there is one', async () => {
    const res = await call('settings-email-templates-get');
    expect(res.statusCode).toBe(200);
    const { templates } = emailTemplatesResponseSchema.parse(res.body);
    expect(Object.keys(templates)).toEqual([...ADMIN_TEMPLATE_TYPES]);
    expect(templates.paymentPending).toMatchObject({ isDefault: false, updatedAt: '2026-01-01T09:00:00.000Z' });
    expect(templates.paymentVerified).toMatchObject({ ...DEFAULT_EMAIL_TEMPLATES.paymentVerified, isDefault: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is for administrators only', async () => {
    expect((await call('settings-email-templates-get', { claims: CALLERS.user })).statusCode).toBe(403);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('settings-email-templates-put', () => {
  it('saves on the versions read and answers the spec’s message with every type', async () => {
    const res = await call('settings-email-templates-put', {
      body: { templates: { paymentPending: '<p>New {{username}}</p>', freeTrial: { html: '<p>{{endDate}}</p>' } } },
    });
    expect(res.statusCode).toBe(200);
    const body = emailTemplatesSaveResponseSchema.parse(res.body);
    expect(body.message).toBe('Email templates updated successfully');
    expect(body.templates.paymentPending).toMatchObject({
      subject: 'GoldBot: we received your payment, {{username}}',
      html: '<p>New {{username}}</p>',
    });
    const items = transactItems();
    expect(items).toHaveLength(3);
    expect(items[0]?.Put).toMatchObject({ Item: { version: 3 }, ExpressionAttributeValues: { ':seen': 2 } });
    expect(items[1]?.Put).toMatchObject({ Item: { type: 'freeTrial', version: 1 } });
    expect(items[2]?.Put?.Item).toMatchObject({
      action: 'templates.update',
      actor: CALLERS.admin.sub,
      actorEmail: 'admin@example.com',
    });
  });

  it('refuses a broken template or a placeholder not offered with 400 and the reason, writing nothing', async () => {
    const broken = await call('settings-email-templates-put', {
      body: { templates: { paymentPending: '<p>{{#if username}}Hi</p>' } },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toMatchObject({
      message: SETTINGS_MESSAGES.templateInvalid('paymentPending', '{{#if}} is never closed: add {{/if}} (line 1)'),
      errors: { 'templates.paymentPending.html': expect.stringContaining('never closed') },
    });
    const unoffered = await call('settings-email-templates-put', {
      body: { templates: { paymentPending: '<p>{{endDate}}</p>' } },
    });
    expect(unoffered.statusCode).toBe(400);
    expect((unoffered.body as { message: string }).message).toContain(
      'uses {{endDate}}, which this e-mail does not offer',
    );
    const unknown = await call('settings-email-templates-put', {
      body: { templates: { otpVerification: '<p>x</p>' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.body as { message: string }).message).toBe(SETTINGS_MESSAGES.unknownTemplate('otpVerification'));
    const empty = await call('settings-email-templates-put', { body: { templates: {} } });
    expect(empty.statusCode).toBe(400);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('settings-email-templates-preview', () => {
  it('renders a draft with sample values and reads nothing but the caller', async () => {
    dynamo.resetHistory();
    const res = await call('settings-email-templates-preview', {
      body: { type: 'paymentPending', subject: 'Hi {{username}}', html: '<p>{{packageName}} &amp; {{endDate}}</p>' },
    });
    expect(res.statusCode).toBe(200);
    expect(emailTemplatePreviewResponseSchema.parse(res.body)).toMatchObject({
      subject: 'Hi trader42',
      html: null,
      text: null,
      problems: [
        { part: 'html', message: expect.stringContaining('uses {{endDate}}, which this e-mail does not offer') },
      ],
      values: {
        username: 'trader42',
        packageName: 'Pro Package',
        dashboardLink: expect.stringMatching(/\/dashboard$/),
      },
    });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('is for administrators only, and refuses an unknown type or a missing part with 400', async () => {
    const body = { type: 'paymentPending', subject: 's', html: 'h' };
    expect((await call('settings-email-templates-preview', { body, claims: CALLERS.user })).statusCode).toBe(403);
    const unknown = await call('settings-email-templates-preview', { body: { ...body, type: 'otpVerification' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({
      message: SETTINGS_MESSAGES.unknownTemplate('otpVerification'),
      errors: { type: SETTINGS_MESSAGES.unknownTemplate('otpVerification') },
    });
    expect((await call('settings-email-templates-preview', { body: { type: 'paymentPending' } })).statusCode).toBe(400);
  });
});

describe('the template save body cap', () => {
  it('takes the whole set in one save (over the general 16 KB cap) and refuses more than its own cap', async () => {
    const all = Object.fromEntries(ADMIN_TEMPLATE_TYPES.map((type) => [type, { ...DEFAULT_EMAIL_TEMPLATES[type] }]));
    expect(Buffer.byteLength(JSON.stringify({ templates: all }))).toBeGreaterThan(MAX_REQUEST_BODY_BYTES);
    const res = await call('settings-email-templates-put', { body: { templates: all } });
    expect(res.statusCode).toBe(200);
    const huge = await call('settings-email-templates-put', {
      body: { templates: { paymentPending: 'x'.repeat(EMAIL_TEMPLATES_PUT_MAX_BODY_BYTES) } },
    });
    expect(huge.statusCode).toBe(413);
    // Other routes keep the general cap.
    const other = await call('settings-subscription-put', {
      body: { settings: { basicPackageEnabled: true }, padding: 'x'.repeat(MAX_REQUEST_BODY_BYTES) },
    });
    expect(other.statusCode).toBe(413);
  });
});

describe('settings-force-update-templates', () => {
  it('restores every default in one transaction with the audit entry', async () => {
    const res = await call('settings-force-update-templates', { body: {} });
    expect(res.statusCode).toBe(200);
    const body = emailTemplatesSaveResponseSchema.parse(res.body);
    expect(body.message).toBe('Email templates restored to defaults');
    expect(body.templates.paymentPending).toMatchObject({ ...DEFAULT_EMAIL_TEMPLATES.paymentPending, isDefault: true });
    expect(transactItems()).toHaveLength(ADMIN_TEMPLATE_TYPES.length + 1);
    expect(transactItems().at(-1)?.Put?.Item).toMatchObject({
      action: 'templates.reset',
      details: { from: { edited: ['paymentPending'] } },
    });
  });
});

describe('subscription settings', () => {
  it('reads and saves the Basic switch, audited', async () => {
    const get = await call('settings-subscription-get');
    expect(subscriptionSettingsResponseSchema.parse(get.body)).toMatchObject({
      success: true,
      settings: { basicPackageEnabled: true },
    });
    const put = await call('settings-subscription-put', { body: { settings: { basicPackageEnabled: false } } });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body)).toMatchObject({
      success: true,
      message: 'Subscription settings updated successfully',
      settings: { basicPackageEnabled: false },
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      target: { type: 'settings', id: 'SUBSCRIPTION' },
      details: { from: true, to: false },
    });
  });

  it('refuses a body without the boolean', async () => {
    const res = await call('settings-subscription-put', { body: { settings: { basicPackageEnabled: 'no' } } });
    expect(res.statusCode).toBe(400);
    expect((res.body as { message: string }).message).toBe('basicPackageEnabled must be true or false');
  });

  it('takes autoApproveOnMatch alone, and refuses a save that names no switch', async () => {
    const put = await call('settings-subscription-put', { body: { settings: { autoApproveOnMatch: true } } });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body).settings).toEqual({
      basicPackageEnabled: true,
      autoApproveOnMatch: true,
      copyTradingLink: null,
      // The kinds of work the new-work mail reports on this build, each with its switch.
      // (Unmatched transfers have none: the wallet watcher mails each one as it records it.)
      newWorkMail: { pendingPayments: true, pendingWithdrawals: true, refundRequests: true, unreadMessages: true },
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      details: { setting: 'autoApproveOnMatch', from: false, to: true },
    });
    const none = await call('settings-subscription-put', { body: { settings: {} } });
    expect(none.statusCode).toBe(400);
    expect((none.body as { message: string }).message).toBe(
      'Send basicPackageEnabled, autoApproveOnMatch, copyTradingLink, newWorkMail or a combination',
    );
    const noKind = await call('settings-subscription-put', { body: { settings: { newWorkMail: {} } } });
    expect(noKind.statusCode).toBe(400);
    const wrong = await call('settings-subscription-put', { body: { settings: { autoApproveOnMatch: 'yes' } } });
    expect(wrong.statusCode).toBe(400);
  });

  it('turns one kind of the new-work mail off, audited, and refuses a switch that is not true or false', async () => {
    const put = await call('settings-subscription-put', {
      body: { settings: { newWorkMail: { pendingWithdrawals: false } } },
    });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body).settings.newWorkMail).toEqual({
      pendingPayments: true,
      pendingWithdrawals: false,
      refundRequests: true,
      unreadMessages: true,
    });
    expect(transactItems()[0]?.Update?.ExpressionAttributeValues?.[':mailTo']).toMatchObject({
      pendingWithdrawals: false,
      pendingPayments: true,
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      details: { setting: 'newWorkMail' },
    });
    const wrong = await call('settings-subscription-put', {
      body: { settings: { newWorkMail: { pendingPayments: 'off' } } },
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.body as { message: string }).message).toBe('pendingPayments must be true or false');
  });
});

describe('the copy-trading link', () => {
  it('saves an https link trimmed, audited with its before and after', async () => {
    const link = 'https://broker.example/copy/goldbot';
    const put = await call('settings-subscription-put', { body: { settings: { copyTradingLink: `  ${link} ` } } });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body).settings.copyTradingLink).toBe(link);
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      details: { setting: 'copyTradingLink', from: null, to: link },
    });
  });

  it.each(['http://broker.example/copy', 'javascript:alert(1)', 'broker.example/copy', 'https://', 'ftp://x.example'])(
    'refuses %s with the reason',
    async (copyTradingLink) => {
      const put = await call('settings-subscription-put', { body: { settings: { copyTradingLink } } });
      expect(put.statusCode).toBe(400);
      expect((put.body as { message: string }).message).toBe(SETTINGS_MESSAGES.copyTradingLinkInvalid);
    },
  );

  it('refuses an over-long link, and takes empty or null as "remove it"', async () => {
    const long = await call('settings-subscription-put', {
      body: { settings: { copyTradingLink: `https://broker.example/${'a'.repeat(2048)}` } },
    });
    expect(long.statusCode).toBe(400);
    expect((long.body as { message: string }).message).toBe(SETTINGS_MESSAGES.copyTradingLinkTooLong);
    for (const copyTradingLink of ['', null]) {
      const cleared = await call('settings-subscription-put', { body: { settings: { copyTradingLink } } });
      expect(cleared.statusCode).toBe(200);
      expect(subscriptionSettingsSaveResponseSchema.parse(cleared.body).settings.copyTradingLink).toBeNull();
    }
  });
});

describe('admin-packages-update and packages-list', () => {
  it('edits a price and the public list shows it', async () => {
    const res = await call('admin-packages-update', { pathParameters: { packageId: 'pro' }, body: { priceUsd: 100 } });
    expect(res.statusCode).toBe(200);
    expect(packageUpdateResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Package updated successfully',
      package: { slug: 'pro', packageName: 'Pro Package', priceUsd: 100, sortOrder: 2, onSale: true },
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'catalog.update',
      details: { from: { priceUsd: 250, onSale: true }, to: { priceUsd: 100, onSale: true } },
    });
  });

  it('answers 404 for a made-up package, 400 for a paid Free Trial or a price that is not whole dollars', async () => {
    const unknown = await call('admin-packages-update', {
      pathParameters: { packageId: 'gold' },
      body: { priceUsd: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.body as { message: string }).message).toBe('Package not found');
    const trial = await call('admin-packages-update', {
      pathParameters: { packageId: 'freeTrial' },
      body: { priceUsd: 9 },
    });
    expect(trial.statusCode).toBe(400);
    expect((trial.body as { message: string }).message).toBe(SETTINGS_MESSAGES.freeTrialPrice);
    for (const priceUsd of [10.5, -1, 100_001, '20']) {
      const bad = await call('admin-packages-update', { pathParameters: { packageId: 'pro' }, body: { priceUsd } });
      expect(bad.statusCode, String(priceUsd)).toBe(400);
      expect((bad.body as { message: string }).message).toBe(SETTINGS_MESSAGES.priceWhole);
    }
    const nothing = await call('admin-packages-update', { pathParameters: { packageId: 'pro' }, body: {} });
    expect(nothing.statusCode).toBe(400);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('lists Basic off sale when the switch is off, publicly cacheable', async () => {
    givenItems(
      dynamo,
      seededItems().map((item) => (item.PK === 'SETTINGS' ? { ...item, basicPackageEnabled: false } : item)),
    );
    const res = await call('packages-list', { claims: undefined });
    expect(res.statusCode).toBe(200);
    const { packages } = packagesResponseSchema.parse(res.body);
    expect(packages.map((p) => [p.slug, p.priceUsd, p.onSale])).toEqual([
      ['freeTrial', 0, true],
      ['basic', 60, false],
      ['pro', 250, true],
      ['ultimate', 1000, true],
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
