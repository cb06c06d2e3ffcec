import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ADMIN_WORK_MESSAGES, RATE_LIMITS, testMailResponseSchema } from '@goldbot/shared';
import { CALLERS } from '../helpers/lambda.js';
import { conditionFailed } from '../helpers/dynamo-outcomes.js';
import { loadRoutes, dynamo, outbox, ADMIN_PROFILE, call, updatesOf } from '../helpers/admin-work-routes.js';

loadRoutes('admin-test-mail');

/**
 * The admin's test mail in process, over a mocked table and SES (helpers/admin-work-routes.ts).
 */
describe('admin-test-mail', () => {
  it('mails the signed-in administrator’s own address, records the step on their profile and says so', async () => {
    const res = await call('admin-test-mail', CALLERS.admin, {});
    expect(res.statusCode).toBe(200);
    const body = testMailResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      sentTo: 'admin@example.com',
      message: ADMIN_WORK_MESSAGES.testMailSent('admin@example.com'),
    });
    expect(outbox.mails).toHaveLength(1);
    expect(outbox.mails[0]).toMatchObject({ to: ['admin@example.com'], subject: 'GoldBot admin: test mail' });
    expect(outbox.mails[0]?.html).toContain('href="http://localhost:5173/admin/dashboard"');
    expect(updatesOf('USER#')).toEqual([
      expect.objectContaining({
        Key: ADMIN_PROFILE,
        UpdateExpression: 'SET testMailSentAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': body.sentAt },
      }),
    ]);
  });

  it('ignores any address in the body: it can mail no one but the caller', async () => {
    await call('admin-test-mail', CALLERS.admin, { to: 'victim@example.com', email: 'victim@example.com' });
    expect(outbox.mails.map((mail) => mail.to)).toEqual([['admin@example.com']]);
  });

  it('is limited per administrator, and a full window answers 429 without mailing', async () => {
    await call('admin-test-mail', CALLERS.admin, {});
    const [counter] = updatesOf('RATE#');
    expect(counter?.Key?.PK).toBe(`RATE#adminTestMailPerUser#user:${CALLERS.admin.sub}`);
    expect(counter?.ExpressionAttributeValues).toMatchObject({ ':limit': RATE_LIMITS.adminTestMailPerUser.limit });
    outbox.reset();
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    const refused = await call('admin-test-mail', CALLERS.admin, {});
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(outbox.mails).toEqual([]);
  });

  it('answers 503 with what to check when SES refuses the mail, and records nothing', async () => {
    outbox.refuse('MessageRejected', 400, 'Email address is not verified.');
    const res = await call('admin-test-mail', CALLERS.admin, {});
    expect(res.statusCode).toBe(503);
    expect((res.body as { message: string }).message).toBe(ADMIN_WORK_MESSAGES.testMailFailed);
    expect(updatesOf('USER#')).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await call('admin-test-mail', CALLERS.user, {})).statusCode).toBe(403);
    expect(outbox.mails).toEqual([]);
  });
});
