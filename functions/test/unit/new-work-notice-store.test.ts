import { BatchGetCommand, DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoNewWorkNoticeStore } from '../../src/data/new-work-notice-store.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The new-work mail's notices in the table: their conditional writes.
 */
const dynamo = useMockedDynamo();
beforeEach(() => {
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
});

const NOTICE = {
  mailedAt: '2026-11-23T10:00:00.000Z',
  coveredUntil: '2026-11-23T09:59:30.000Z',
  runId: 'run-1',
  reported: 2,
};

describe('the new-work notices', () => {
  it('reads every kind’s notice in one consistent BatchGetItem', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': [{ PK: 'NEWWORK#pendingPayments', SK: 'LASTMAIL', kind: 'pendingPayments', ...NOTICE }],
      },
    });
    expect(await dynamoNewWorkNoticeStore.readNotices()).toEqual({ pendingPayments: NOTICE });
    const request = dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.['test-table'];
    expect(request?.ConsistentRead).toBe(true);
    expect(request?.Keys).toEqual([
      { PK: 'NEWWORK#pendingPayments', SK: 'LASTMAIL' },
      { PK: 'NEWWORK#pendingWithdrawals', SK: 'LASTMAIL' },
      { PK: 'NEWWORK#refundRequests', SK: 'LASTMAIL' },
      { PK: 'NEWWORK#unreadMessages', SK: 'LASTMAIL' },
      { PK: 'NEWWORK#unmatchedTransfers', SK: 'LASTMAIL' },
    ]);
  });

  it('claims a kind with a Put that holds only when its last mail is at least the interval old', async () => {
    expect(await dynamoNewWorkNoticeStore.claim('unreadMessages', NOTICE, '2026-11-23T09:45:00.000Z')).toBe(true);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      Item: {
        PK: 'NEWWORK#unreadMessages',
        SK: 'LASTMAIL',
        entity: 'NewWorkNotice',
        kind: 'unreadMessages',
        ...NOTICE,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR #mailed <= :cutoff',
      ExpressionAttributeNames: { '#mailed': 'mailedAt' },
      ExpressionAttributeValues: { ':cutoff': '2026-11-23T09:45:00.000Z' },
    });
    dynamo.on(PutCommand).rejects(conditionFailed());
    expect(await dynamoNewWorkNoticeStore.claim('unreadMessages', NOTICE, '2026-11-23T09:45:00.000Z')).toBe(false);
  });

  it('gives a claim back only while it is still this run’s: the previous notice again, or none', async () => {
    const previous = { ...NOTICE, runId: 'run-0', mailedAt: '2026-11-23T09:30:00.000Z' };
    await dynamoNewWorkNoticeStore.release('pendingPayments', NOTICE, previous);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      Item: { PK: 'NEWWORK#pendingPayments', ...previous },
      ConditionExpression: '#run = :run',
      ExpressionAttributeNames: { '#run': 'runId' },
      ExpressionAttributeValues: { ':run': 'run-1' },
    });
    await dynamoNewWorkNoticeStore.release('pendingPayments', NOTICE, undefined);
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'NEWWORK#pendingPayments', SK: 'LASTMAIL' },
      ConditionExpression: '#run = :run',
    });
    // Another run's claim (after this one's interval) is left alone without an error.
    dynamo.on(DeleteCommand).rejects(conditionFailed());
    await expect(dynamoNewWorkNoticeStore.release('pendingPayments', NOTICE, undefined)).resolves.toBeUndefined();
  });
});
