import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../src/adapters/dynamodb.js';
import {
  EXPIRY_PAGE_SIZE,
  REMINDER_CLAIM_ATTRIBUTE,
  dynamoExpiryStore,
  dynamoReminderStore,
} from '../../src/data/subscription-expiry-store.js';
import { subscriptionSearchText, toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { cancelled, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The DynamoDB side of the subscription jobs with the document client mocked: the exact index
 * queries (never a Scan), the expiry transaction with its condition and subscription counters, the
 * reminder claim and its release.
 */
const dynamo = useMockedDynamo();

const AT = '2026-03-10T00:05:00.000Z';
const row: SubscriptionRecord = {
  _id: 'SUB1',
  userId: 'user-1',
  username: 'jane_doe',
  email: 'jane@example.com',
  packageSlug: 'basic',
  packageName: 'Basic Package',
  status: 'active',
  startDate: '2026-02-01',
  endDate: '2026-02-28',
  paymentMethod: 'usdt',
  paymentId: 'PAY1',
  isExtension: false,
  notificationSent: true,
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-01-15T10:00:00.000Z',
};

describe('expiry store', () => {
  it('queries the sparse expiry index for end dates before today, oldest first, one page at a time', async () => {
    const lastKey = { PK: 'USER#user-1', SK: 'SUB#SUB1', GSI3PK: 'EXPIRES', GSI3SK: '2026-02-28#SUB1' };
    dynamo.on(QueryCommand).resolves({ Items: [toSubscriptionItem(row)], LastEvaluatedKey: lastKey });

    const page = await dynamoExpiryStore.dueForExpiry('2026-03-10', undefined);

    expect(page.items).toEqual([row]);
    expect(page.cursor).toBe(encodeCursor(lastKey));
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :list AND GSI3SK < :today',
      ExpressionAttributeValues: { ':list': 'EXPIRES', ':today': '2026-03-10' },
      ScanIndexForward: true,
      Limit: EXPIRY_PAGE_SIZE,
      ExclusiveStartKey: undefined,
    });

    dynamo.reset();
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const next = await dynamoExpiryStore.dueForExpiry('2026-03-10', page.cursor);
    expect(next).toEqual({ items: [], cursor: undefined });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.ExclusiveStartKey).toEqual(lastKey);
  });

  it('refuses a cursor of another list', async () => {
    const foreign = encodeCursor({ PK: 'x', SK: 'y', GSI3PK: 'UEMAIL#j', GSI3SK: 'jane' });
    await expect(dynamoExpiryStore.dueForExpiry('2026-03-10', foreign ?? undefined)).rejects.toThrow(/cursor/);
  });

  it('expires in one transaction: status on condition, index keys removed, subscription counters of the creation month', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await expect(dynamoExpiryStore.expire(row, AT)).resolves.toBe(true);
    expect(dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems).toEqual([
      {
        Update: {
          TableName: tableName,
          Key: { PK: 'USER#user-1', SK: 'SUB#SUB1' },
          UpdateExpression: 'SET #status = :expired, searchText = :search, updatedAt = :at REMOVE GSI3PK, GSI3SK',
          ConditionExpression: '#status = :active AND endDate = :end',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':expired': 'expired',
            ':active': 'active',
            ':at': AT,
            ':end': '2026-02-28',
            ':search': subscriptionSearchText(row, 'expired'),
          },
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-01' },
          UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
          ExpressionAttributeNames: { '#c0': 'active', '#c1': 'expired' },
          ExpressionAttributeValues: { ':c0': -1, ':c1': 1 },
        },
      },
    ]);
  });

  it('answers false when the row is no longer active (another run was first), retries conflicts, rethrows the rest', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(dynamoExpiryStore.expire(row, AT)).resolves.toBe(false);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolvesOnce({});
    await expect(dynamoExpiryStore.expire(row, AT)).resolves.toBe(true);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(new Error('ProvisionedThroughputExceeded'));
    await expect(dynamoExpiryStore.expire(row, AT)).rejects.toThrow('ProvisionedThroughputExceeded');
  });
});

describe('reminder store', () => {
  it('reads the window on the expiry index, the last day included', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { ...toSubscriptionItem(row), [REMINDER_CLAIM_ATTRIBUTE]: AT },
        toSubscriptionItem({ ...row, _id: 'SUB2' }),
      ],
    });
    const page = await dynamoReminderStore.endingBetween('2026-03-12', '2026-03-13', undefined);
    expect(page.items.map((c) => [c.subscription._id, c.reminderSentAt])).toEqual([
      ['SUB1', AT],
      ['SUB2', null],
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :list AND GSI3SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':list': 'EXPIRES', ':from': '2026-03-12', ':to': '2026-03-13#\uffff' },
    });
    expect('2026-03-13#01JABCDEF' < '2026-03-13#\uffff').toBe(true);
  });

  it('reads the holder and every subscription of the owner (all pages)', async () => {
    dynamo.on(GetCommand).resolves({ Item: { username: 'jane_doe', email: 'jane.new@example.com', isActive: false } });
    await expect(dynamoReminderStore.readHolder('user-1')).resolves.toEqual({
      username: 'jane_doe',
      email: 'jane.new@example.com',
      isActive: false,
    });
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [toSubscriptionItem(row)], LastEvaluatedKey: { PK: 'USER#user-1', SK: 'SUB#SUB1' } })
      .resolvesOnce({ Items: [toSubscriptionItem({ ...row, _id: 'SUB2' })] });
    const all = await dynamoReminderStore.userSubscriptions('user-1');
    expect(all.map((s) => s._id)).toEqual(['SUB1', 'SUB2']);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': 'USER#user-1', ':prefix': 'SUB#' },
    });
  });

  it('claims once (absent and still active) and releases only its own claim', async () => {
    dynamo
      .on(UpdateCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    await expect(dynamoReminderStore.claimReminder(row, AT)).resolves.toBe(true);
    await expect(dynamoReminderStore.claimReminder(row, AT)).resolves.toBe(false);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'USER#user-1', SK: 'SUB#SUB1' },
      UpdateExpression: 'SET #claim = :at',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#claim) AND #status = :active',
      ExpressionAttributeNames: { '#claim': 'expiryReminderSentAt', '#status': 'status' },
    });

    dynamo.reset();
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    await expect(dynamoReminderStore.releaseReminder(row, AT)).resolves.toBeUndefined();
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      UpdateExpression: 'REMOVE #claim',
      ConditionExpression: '#claim = :at',
      ExpressionAttributeValues: { ':at': AT },
    });
  });
});
