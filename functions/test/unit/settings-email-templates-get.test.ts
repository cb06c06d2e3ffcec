import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { emailTemplatesResponseSchema } from '@goldbot/shared';
import { ADMIN_TEMPLATE_TYPES } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { CALLERS } from '../helpers/lambda.js';
import { dynamo, call } from '../helpers/settings-routes.js';

/**
 * settings-email-templates-get in process over a mocked, seeded table
 * (helpers/settings-routes.ts): a thin adapter over its use case.
 */
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
