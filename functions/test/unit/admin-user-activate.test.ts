import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminUserActionResponseSchema } from '@goldbot/shared';
import { handler as activate } from '../../src/handlers/admin-user-activate.js';
import { SAMPLE_USER } from '../helpers/admin-user-samples.js';
import { invoke } from '../helpers/lambda.js';
import { dynamo, cognito, NOW, asAdmin, givenJane } from '../helpers/admin-user-routes.js';

/**
 * Activating a user in process, DynamoDB and Cognito mocked (helpers/admin-user-routes.ts).
 */
describe('admin-user-activate', () => {
  it('commits the reverse of the deactivation and enables the user in Cognito, without ending sessions', async () => {
    givenJane({ isActive: false, tokensValidAfter: 1767268000 });
    const res = await invoke(activate, asAdmin('admin-user-activate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(adminUserActionResponseSchema.parse(res.body)).toMatchObject({
      message: ADMIN_MESSAGES.userActivated,
      user: { isActive: true },
    });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Update).toMatchObject({
      UpdateExpression: 'SET isActive = :to, updatedAt = :at',
      ConditionExpression: 'attribute_exists(emailVerifiedAt) AND isActive = :false',
      ExpressionAttributeValues: { ':to': true, ':at': NOW.toISOString(), ':false': false },
    });
    expect(items[1]?.Update?.ExpressionAttributeValues).toEqual({ ':c0': 1, ':c1': -1 });
    expect(items[2]?.Put?.Item).toMatchObject({
      action: 'user.activate',
      details: { from: 'inactive', to: 'active' },
    });
    expect(cognito.inputsOf('AdminEnableUser')).toHaveLength(1);
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toHaveLength(0);
  });

  it('answers an active user with 200 and writes nothing', async () => {
    givenJane();
    const res = await invoke(activate, asAdmin('admin-user-activate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
