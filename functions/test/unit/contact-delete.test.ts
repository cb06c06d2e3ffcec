import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as contactDelete } from '../../src/handlers/contact-delete.js';
import { invoke, storeTransactions } from '../helpers/lambda.js';
import {
  dynamo,
  TABLE,
  MESSAGE_ID as id,
  MESSAGE_KEY as key,
  adminCallOn,
  anonymousAndUserStatuses,
  cancelled,
  conditionalCheckFailed,
  counterDecrement,
} from '../helpers/contact-routes.js';

/**
 * Deleting a contact message in process, over a mocked table (helpers/contact-routes.ts).
 */
describe('contact-delete', () => {
  const admin = adminCallOn('contact-delete');
  const createdAt = '2026-03-01T10:40:00.000Z';
  beforeEach(() => {
    dynamo.on(GetCommand, { Key: key }).resolves({ Item: { ...key, _id: id, createdAt, counted: true } });
  });

  it('deletes a counted, read message and takes 1 off total and off its half hour in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ message: 'Message deleted successfully' });
    expect(storeTransactions(dynamo)[0]?.args[0].input.TransactItems).toEqual([
      {
        Delete: {
          TableName: TABLE,
          Key: key,
          ConditionExpression: 'attribute_exists(PK) AND counted = :true AND attribute_not_exists(GSI2PK)',
          ExpressionAttributeValues: { ':true': true },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      counterDecrement('TOTAL', 'total'),
      counterDecrement('HALFHOUR#2026-03-01T10:30', 'count'),
    ]);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('deletes an unread message and takes 1 off total, unread and its half hour, on condition it is still unread', async () => {
    dynamo.on(GetCommand, { Key: key }).resolves({
      Item: { ...key, _id: id, createdAt, counted: true, GSI2PK: 'CONTACTS#UNREAD', GSI2SK: `${createdAt}#${id}` },
    });
    dynamo.on(TransactWriteCommand).resolves({});
    expect((await invoke(contactDelete, admin())).statusCode).toBe(200);
    const [message, counter] = storeTransactions(dynamo)[0]?.args[0].input.TransactItems ?? [];
    expect(message?.Delete).toMatchObject({
      ConditionExpression: 'attribute_exists(PK) AND counted = :true AND GSI2PK = :unreadList',
      ExpressionAttributeValues: { ':true': true, ':unreadList': 'CONTACTS#UNREAD' },
    });
    expect(counter?.Update).toEqual({
      TableName: TABLE,
      Key: { PK: 'STATS#CONTACTS', SK: 'TOTAL' },
      UpdateExpression: 'ADD #total :minus, #unread :minus',
      ConditionExpression: '#total >= :one AND #unread >= :one',
      ExpressionAttributeNames: { '#total': 'total', '#unread': 'unread' },
      ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
    });
  });

  it('reads the message again when it was read between the read and the delete', async () => {
    let reads = 0;
    dynamo.on(GetCommand, { Key: key }).callsFake(() => {
      reads += 1;
      const unread = reads === 1 ? { GSI2PK: 'CONTACTS#UNREAD', GSI2SK: `${createdAt}#${id}` } : {};
      return { Item: { ...key, _id: id, createdAt, counted: true, ...unread } };
    });
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled({ Code: 'ConditionalCheckFailed', Item: { PK: { S: key.PK } } }, { Code: 'None' }))
      .resolves({});
    expect((await invoke(contactDelete, admin())).statusCode).toBe(200);
    const [first, second] = storeTransactions(dynamo).map((call) => call.args[0].input.TransactItems?.[0]?.Delete);
    expect(first?.ConditionExpression).toContain('GSI2PK = :unreadList');
    expect(second?.ConditionExpression).toContain('attribute_not_exists(GSI2PK)');
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('deletes a message stored before the counter existed without touching the counter', async () => {
    dynamo.on(GetCommand, { Key: key }).resolves({ Item: { ...key, _id: id, createdAt } });
    dynamo.on(DeleteCommand).resolves({});
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(200);
    expect(storeTransactions(dynamo)).toHaveLength(0);
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: key,
      ConditionExpression: 'attribute_exists(PK)',
    });
  });

  it('never takes the counter below 0: with total at 0 the message is deleted alone', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled({ Code: 'None' }, { Code: 'ConditionalCheckFailed' }));
    dynamo.on(DeleteCommand).resolves({});
    expect((await invoke(contactDelete, admin())).statusCode).toBe(200);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(1);
  });

  it('never takes a half-hour counter below 0: the message is deleted alone', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled({ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }));
    dynamo.on(DeleteCommand).resolves({});
    expect((await invoke(contactDelete, admin())).statusCode).toBe(200);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(1);
  });

  it('answers 404 without writing when the message does not exist', async () => {
    dynamo.on(GetCommand, { Key: key }).resolves({});
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(404);
    expect(storeTransactions(dynamo)).toHaveLength(0);
  });

  it('answers 404 when the message vanished between the read and the delete', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }));
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('This message no longer exists. It may have been deleted already.');
    expect(res.body.msg).toBe(res.body.message);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('answers 404 when an uncounted message vanished between the read and the delete', async () => {
    dynamo.on(GetCommand, { Key: key }).resolves({ Item: { ...key, _id: id, createdAt } });
    dynamo.on(DeleteCommand).rejects(conditionalCheckFailed());
    expect((await invoke(contactDelete, admin())).statusCode).toBe(404);
  });

  it('answers 500 for any other failure', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('ThrottlingException'));
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('Throttling');
  });

  it('trims the id and rejects a blank one without deleting', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect((await invoke(contactDelete, admin(`  ${id} `))).statusCode).toBe(200);
    expect(storeTransactions(dynamo)[0]?.args[0].input.TransactItems?.[0]?.Delete?.Key).toEqual(key);
    dynamo.resetHistory();
    const blank = await invoke(contactDelete, admin('   '));
    expect(blank.statusCode).toBe(400);
    expect(storeTransactions(dynamo)).toHaveLength(0);
  });

  it('is for admins only', async () => {
    expect(await anonymousAndUserStatuses(contactDelete, 'contact-delete')).toEqual([401, 403]);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
