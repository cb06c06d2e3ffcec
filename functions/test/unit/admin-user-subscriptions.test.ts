import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminUserSubscriptionsResponseSchema } from '@goldbot/shared';
import { handler as userSubscriptions } from '../../src/handlers/admin-user-subscriptions.js';
import { SAMPLE_USER, sampleSubscriptionItem } from '../helpers/admin-user-samples.js';
import { invoke } from '../helpers/lambda.js';
import { dynamo, TABLE, JANE_KEY, asAdmin, givenJane } from '../helpers/admin-user-routes.js';

/**
 * A user's subscriptions for the admin in process, over a mocked table
 * (helpers/admin-user-routes.ts): the Query of the user's collection.
 */
describe('admin-user-subscriptions', () => {
  it("queries the user's collection newest first and answers the admin rows", async () => {
    givenJane();
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': JANE_KEY.PK, ':prefix': 'SUB#' } })
      .resolves({ Items: [sampleSubscriptionItem()] });
    const res = await invoke(userSubscriptions, asAdmin('admin-user-subscriptions', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    const { subscriptions } = adminUserSubscriptionsResponseSchema.parse(res.body);
    expect(subscriptions).toEqual([
      {
        _id: '01KDX6C2M4P8R1T5V7X9Z3B6DF',
        packageName: 'Pro Package',
        status: 'active',
        startDate: '2026-01-02',
        endDate: '2026-07-01',
        paymentMethod: 'usdt',
        isExtension: false,
        createdAt: '2026-01-02T09:00:00.000Z',
        updatedAt: '2026-01-02T09:30:00.000Z',
        userId: { _id: SAMPLE_USER._id, username: 'jane_doe', email: 'jane.doe@example.com' },
        notificationSent: false,
        paymentId: '01KDX6C2M4P8R1T5V7X9Z3B6DE',
      },
    ]);
    const query = dynamo
      .commandCalls(QueryCommand)
      .find((c) => c.args[0].input.ExpressionAttributeValues?.[':prefix'] === 'SUB#');
    expect(query?.args[0].input).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': JANE_KEY.PK, ':prefix': 'SUB#' },
      ScanIndexForward: false,
      ExclusiveStartKey: undefined,
    });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await invoke(userSubscriptions, asAdmin('admin-user-subscriptions', { id: 'nobody' }));
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(ADMIN_MESSAGES.userNotFound);
  });
});
