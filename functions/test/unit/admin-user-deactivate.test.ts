import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminUserActionResponseSchema } from '@goldbot/shared';
import { BUSY_503, BUSY_RETRY_AFTER_SECONDS } from '../../src/kit/middlewares/error-mapping.js';
import { handler as deactivate } from '../../src/handlers/admin-user-deactivate.js';
import { SAMPLE_USER, sampleUserItem } from '../helpers/admin-user-samples.js';
import { invoke, storeCalls } from '../helpers/lambda.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { cognitoError } from '../helpers/cognito-fake.js';
import {
  dynamo,
  cognito,
  TABLE,
  NOW,
  NOW_EPOCH,
  JANE_KEY,
  ADMIN_SUB,
  asAdmin,
  givenJane,
} from '../helpers/admin-user-routes.js';

/**
 * Deactivating a user in process, DynamoDB and Cognito mocked (helpers/admin-user-routes.ts): the
 * status-change transaction with its conditions, and Cognito following.
 */
describe('admin-user-deactivate', () => {
  it('commits the deactivation (flag, tokens, counters, audit), then disables the user in Cognito and ends every session', async () => {
    givenJane();
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    const answer = adminUserActionResponseSchema.parse(res.body);
    expect(answer).toMatchObject({
      message: ADMIN_MESSAGES.userDeactivated,
      user: { _id: SAMPLE_USER._id, isActive: false, updatedAt: NOW.toISOString() },
    });

    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      Update: {
        TableName: TABLE,
        Key: JANE_KEY,
        UpdateExpression: 'SET isActive = :to, tokensValidAfter = :tva, updatedAt = :at',
        ConditionExpression:
          'attribute_exists(emailVerifiedAt) AND (attribute_not_exists(isActive) OR isActive = :true)',
        ExpressionAttributeValues: { ':to': false, ':tva': NOW_EPOCH, ':at': NOW.toISOString(), ':true': true },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    });
    expect(items[1]).toEqual({
      Update: {
        TableName: TABLE,
        Key: { PK: 'STATS#USERS', SK: 'TOTAL' },
        UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
        ExpressionAttributeNames: { '#c0': 'active', '#c1': 'inactive' },
        ExpressionAttributeValues: { ':c0': -1, ':c1': 1 },
      },
    });
    const audit = items[2]?.Put;
    expect(audit?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(audit?.Item).toMatchObject({
      PK: 'AUDIT#2026-03',
      SK: expect.stringMatching(/^2026-03-04T05:06:07\.890Z#[0-9A-Z]{26}$/),
      entity: 'AuditEntry',
      actor: ADMIN_SUB,
      actorEmail: 'admin@example.com',
      action: 'user.deactivate',
      target: { type: 'user', id: SAMPLE_USER._id },
      details: { from: 'active', to: 'inactive', username: 'jane_doe', email: 'jane.doe@example.com' },
      at: NOW.toISOString(),
    });

    expect(cognito.inputsOf('AdminDisableUser')[0]).toMatchObject({
      Username: 'jane.doe@example.com',
    });
    expect(cognito.inputsOf('AdminUserGlobalSignOut')[0]).toMatchObject({
      Username: 'jane.doe@example.com',
    });
    expect(cognito.inputsOf('AdminEnableUser')).toHaveLength(0);
  });

  it('ends every refresh session of the user with one write on the profile', async () => {
    givenJane();
    const before = Date.now();
    await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    const revoke = dynamo
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .find((input) => String(input.UpdateExpression).includes('sessionsValidAfterMs'));
    expect(revoke).toMatchObject({
      Key: JANE_KEY,
      UpdateExpression: 'SET tokensValidAfter = :t, sessionsValidAfterMs = :ms',
    });
    expect(Number(revoke?.ExpressionAttributeValues?.[':ms'])).toBeGreaterThanOrEqual(before);
    // The registry entries are left to their TTL: no Query, no deletes.
    expect(
      dynamo
        .commandCalls(QueryCommand)
        .filter((c) => c.args[0].input.ExpressionAttributeValues?.[':prefix'] === 'SESSION#'),
    ).toEqual([]);
    expect(dynamo.commandCalls(BatchWriteCommand)).toEqual([]);
  });

  it('answers an already deactivated user with 200 and writes nothing', async () => {
    givenJane({ isActive: false });
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ message: ADMIN_MESSAGES.userDeactivated, user: { isActive: false } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // Cognito is brought in line again (repairs an earlier attempt whose Cognito step failed).
    expect(cognito.inputsOf('AdminDisableUser')).toHaveLength(1);
  });

  it('refuses self-deactivation with 400 and the spec message, touching nothing', async () => {
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: ADMIN_SUB }));
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
    expect(storeCalls(dynamo)).toHaveLength(0);
    expect(cognito.calls).toHaveLength(0);
  });

  it('answers 404 userNotFound for an unknown id', async () => {
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX' }));
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(ADMIN_MESSAGES.userNotFound);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('after a lost race (condition failed with the old image) re-reads and answers the state that won', async () => {
    dynamo
      .on(GetCommand, { Key: JANE_KEY })
      .resolvesOnce({ Item: sampleUserItem() })
      .resolves({ Item: sampleUserItem({ isActive: false }) });
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: { PK: { S: JANE_KEY.PK }, emailVerifiedAt: { S: 'x' } } },
          { Code: 'None' },
          { Code: 'None' },
        ),
      );
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ user: { isActive: false } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('answers 404 when the profile is gone by the time the transaction runs (no old image)', async () => {
    givenJane();
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }));
    expect((await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }))).statusCode).toBe(404);
  });

  it('still answers when the pool has no user by that address (the flag refuses them)', async () => {
    givenJane();
    cognito.on('AdminDisableUser').rejects(cognitoError('UserNotFoundException', 'User does not exist.'));
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when Cognito is unavailable (the admin repeats; the counters moved once)', async () => {
    givenJane();
    cognito.on('AdminDisableUser').rejects(cognitoError('ServiceUnavailable', 'Service unavailable', 503));
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(res.body).toMatchObject({ message: BUSY_503 });
    expect(res.rawBody).not.toContain('ServiceUnavailable');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // One call (the client's own retries of a 503 happen inside the mocked send).
    expect(cognito.inputsOf('AdminDisableUser')).toHaveLength(1);
  });
});
