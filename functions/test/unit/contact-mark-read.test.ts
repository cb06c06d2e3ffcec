import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as contactMarkRead } from '../../src/handlers/contact-mark-read.js';
import { invoke, storeTransactions } from '../helpers/lambda.js';
import {
  dynamo,
  TABLE,
  NOW,
  MESSAGE_ID,
  MESSAGE_KEY as key,
  adminCallOn,
  anonymousAndUserStatuses,
  cancelled,
  counterDecrement,
} from '../helpers/contact-routes.js';

/**
 * Marking one contact message read in process, over a mocked table (helpers/contact-routes.ts).
 */
describe('contact-mark-read', () => {
  const admin = adminCallOn('contact-mark-read');
  const items = () => storeTransactions(dynamo).map((call) => call.args[0].input.TransactItems ?? []);

  it('marks an unread message read and takes 1 off unread in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactMarkRead, admin());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ message: 'Message marked as read' });
    expect(items()).toEqual([
      [
        {
          Update: {
            TableName: TABLE,
            Key: key,
            UpdateExpression: 'SET readAt = :at REMOVE GSI2PK, GSI2SK',
            ConditionExpression: 'GSI2PK = :unreadList',
            ExpressionAttributeValues: { ':at': NOW.toISOString(), ':unreadList': 'CONTACTS#UNREAD' },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        counterDecrement('TOTAL', 'unread', ':count'),
      ],
    ]);
  });

  it('answers 200 and moves nothing for a message already read', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled({ Code: 'ConditionalCheckFailed', Item: { PK: { S: key.PK } } }, { Code: 'None' }));
    const res = await invoke(contactMarkRead, admin());
    expect(res.statusCode).toBe(200);
    expect(items()).toHaveLength(1);
  });

  it('answers 404 for a message that does not exist', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }));
    const res = await invoke(contactMarkRead, admin());
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('This message no longer exists. It may have been deleted already.');
  });

  it('marks the message alone when the counter does not count it, so unread never goes below 0', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled({ Code: 'None' }, { Code: 'ConditionalCheckFailed' }))
      .rejectsOnce(cancelled({ Code: 'None' }, { Code: 'ConditionalCheckFailed' }))
      .resolves({});
    expect((await invoke(contactMarkRead, admin())).statusCode).toBe(200);
    const last = items().at(-1) ?? [];
    expect(last).toHaveLength(1);
    expect(last[0]?.Update?.Key).toEqual(key);
  });

  it('tries again when the counter was busy (TransactionConflict)', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled({ Code: 'None' }, { Code: 'TransactionConflict' }))
      .resolves({});
    expect((await invoke(contactMarkRead, admin())).statusCode).toBe(200);
    expect(items()).toHaveLength(2);
  });

  it('trims the id, refuses a blank one and is for admins only', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect((await invoke(contactMarkRead, admin(` ${MESSAGE_ID} `))).statusCode).toBe(200);
    expect(items()[0]?.[0]?.Update?.Key).toEqual(key);
    dynamo.resetHistory();
    expect((await invoke(contactMarkRead, admin('  '))).statusCode).toBe(400);
    expect(await anonymousAndUserStatuses(contactMarkRead, 'contact-mark-read')).toEqual([401, 403]);
    expect(items()).toHaveLength(0);
  });
});
