import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATES_PUT_MAX_BODY_BYTES,
  MAX_REQUEST_BODY_BYTES,
  SETTINGS_MESSAGES,
  emailTemplatesSaveResponseSchema,
} from '@goldbot/shared';
import { ADMIN_TEMPLATE_TYPES } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { CALLERS } from '../helpers/lambda.js';
import { dynamo, call, transactItems } from '../helpers/settings-routes.js';

/**
 * settings-email-templates-put in process over a mocked, seeded table
 * (helpers/settings-routes.ts): a thin adapter over its use case. Its body cap is its own, over
 * the general one.
 */
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
