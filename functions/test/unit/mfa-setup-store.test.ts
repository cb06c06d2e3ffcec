import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUTH } from '@goldbot/shared';
import { dynamoAccountIdentityStore } from '../../src/data/account-identity-store.js';
import { dynamoMfaSetupStore } from '../../src/data/mfa-setup-store.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The table's part in the admin two-factor sign-in (docs/security.md, "Administrators sign in with
 * TOTP") against the DynamoDB client mocked: what the TOTP set-up item and the profile's
 * mfaEnabledAt look like in the table.
 */
const dynamo = useMockedDynamo();

const EMAIL = 'admin@example.com';
const SUB = '9d2c4f6e-1b3a-4c5d-8e7f-0a1b2c3d4e5f';

describe('dynamoMfaSetupStore: the TOTP set-up item and mfaEnabledAt', () => {
  const NOW_MS = Date.parse('2026-11-23T12:00:00.000Z');
  const NOW = NOW_MS / 1000;
  const KEY = { PK: 'MFASETUP#setup-1', SK: 'MFASETUP' };
  const SETUP = { userId: SUB, email: EMAIL, accessToken: 'access-1' };

  it('writes a new set-up for 10 minutes, never over an existing one', async () => {
    dynamo.on(PutCommand).resolves({});
    await dynamoMfaSetupStore.putMfaSetup('setup-1', SETUP, NOW_MS);
    expect(dynamo.commandCalls(PutCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: 'test-table',
        Item: { ...KEY, entity: 'MfaSetup', ...SETUP, wrongTries: 0, expiresAt: NOW + 10 * 60 },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    ]);
    expect(AUTH.mfaSetupMinutes).toBe(10);
  });

  it('reads a set-up consistently while it lasts, and ignores an expired item TTL has not removed yet', async () => {
    const item = { ...KEY, entity: 'MfaSetup', ...SETUP, wrongTries: 2, expiresAt: NOW + 60 };
    dynamo.on(GetCommand).resolves({ Item: item });
    await expect(dynamoMfaSetupStore.getMfaSetup('setup-1', NOW_MS)).resolves.toEqual({ ...SETUP, wrongTries: 2 });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: KEY,
      ConsistentRead: true,
    });
    await expect(dynamoMfaSetupStore.getMfaSetup('setup-1', NOW_MS + 60_000)).resolves.toBeUndefined();
    await expect(dynamoMfaSetupStore.getMfaSetup('setup-1', NOW_MS + 61_000)).resolves.toBeUndefined();
    dynamo.on(GetCommand).resolves({});
    await expect(dynamoMfaSetupStore.getMfaSetup('setup-1', NOW_MS)).resolves.toBeUndefined();
  });

  it('counts a wrong code on the set-up only while it exists', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await dynamoMfaSetupStore.recordMfaSetupWrongTry('setup-1');
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: KEY,
      UpdateExpression: 'ADD wrongTries :one',
      // A set-up finished or removed meanwhile is not brought back as an item without expiry.
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    });
    dynamo
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    await expect(dynamoMfaSetupStore.recordMfaSetupWrongTry('setup-1')).resolves.toBeUndefined();
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(dynamoMfaSetupStore.recordMfaSetupWrongTry('setup-1')).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
  });

  it('completes a set-up in one transaction: the set-up goes, the existing profile gets mfaEnabledAt', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await dynamoMfaSetupStore.completeMfaSetup('setup-1', SUB, NOW_MS);
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    expect(dynamo.calls()).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      TransactItems: [
        { Delete: { TableName: 'test-table', Key: KEY } },
        {
          Update: {
            TableName: 'test-table',
            Key: { PK: `USER#${SUB}`, SK: 'PROFILE' },
            UpdateExpression: 'SET mfaEnabledAt = :at, updatedAt = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': '2026-11-23T12:00:00.000Z' },
          },
        },
      ],
    });
    // Without a profile nothing is applied: the transaction fails as a whole.
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expect(dynamoMfaSetupStore.completeMfaSetup('setup-1', SUB, NOW_MS)).rejects.toThrow('Transaction cancelled');
  });

  it('records TOTP turned on elsewhere on an existing profile only', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await dynamoMfaSetupStore.markMfaEnabled(SUB, NOW_MS);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: `USER#${SUB}`, SK: 'PROFILE' },
      UpdateExpression: 'SET mfaEnabledAt = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': '2026-11-23T12:00:00.000Z' },
    });
  });

  it('reads mfaEnabledAt back from the profile', async () => {
    dynamo.on(GetCommand).resolves({
      Item: {
        PK: `USER#${SUB}`,
        SK: 'PROFILE',
        _id: SUB,
        username: 'admin',
        email: EMAIL,
        isActive: true,
        isAdmin: true,
        referralCode: 'K7M2QX9P',
        mfaEnabledAt: '2026-11-23T12:00:00.000Z',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-11-23T12:00:00.000Z',
      },
    });
    expect((await dynamoAccountIdentityStore.getProfile(SUB))?.mfaEnabledAt).toBe('2026-11-23T12:00:00.000Z');
  });
});
