import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, emailTemplatePreviewResponseSchema } from '@goldbot/shared';
import { CALLERS } from '../helpers/lambda.js';
import { dynamo, call } from '../helpers/settings-routes.js';

/**
 * settings-email-templates-preview in process over a mocked, seeded table
 * (helpers/settings-routes.ts): a thin adapter over its use case.
 */
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
