import { describe, expect, it } from 'vitest';
import { emailTemplatesSaveResponseSchema } from '@goldbot/shared';
import { ADMIN_TEMPLATE_TYPES } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { call, transactItems } from '../helpers/settings-routes.js';

/**
 * settings-force-update-templates in process over a mocked, seeded table
 * (helpers/settings-routes.ts): a thin adapter over its use case.
 */
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
