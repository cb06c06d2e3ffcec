import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as contactMarkAllRead } from '../../src/handlers/contact-mark-all-read.js';
import { CALLERS, httpEvent, invoke, lambdaContext, storeTransactions } from '../helpers/lambda.js';
import { dynamo, cancelled } from '../helpers/contact-routes.js';

/**
 * Marking every contact message read in process, over a mocked table (helpers/contact-routes.ts).
 */
describe('contact-mark-all-read', () => {
  const admin = () => httpEvent({ routeId: 'contact-mark-all-read', claims: CALLERS.admin });
  const unreadItem = (id: string) => ({ _id: id });
  const startKey = (id: string) => ({
    PK: `CONTACT#${id}`,
    SK: `CONTACT#${id}`,
    GSI2PK: 'CONTACTS#UNREAD',
    GSI2SK: `2026-03-01T00:00:00.000Z#${id}`,
  });
  const transactions = () => storeTransactions(dynamo).map((call) => call.args[0].input.TransactItems ?? []);
  const markedKeys = (items: readonly { Update?: { Key?: Record<string, unknown> } }[]) =>
    items.map((item) => item.Update?.Key?.PK);

  it('marks every unread message, page after page of the unread index, taking each batch off unread', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [unreadItem('A'), unreadItem('B')], LastEvaluatedKey: startKey('B') })
      .resolvesOnce({ Items: [unreadItem('C')] });
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactMarkAllRead, admin());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ message: '3 messages marked as read', marked: 3, complete: true });

    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries[0]).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list',
      ExpressionAttributeValues: { ':list': 'CONTACTS#UNREAD' },
      Limit: 99,
    });
    expect(queries[1]?.ExclusiveStartKey).toEqual(startKey('B'));
    const [first, second] = transactions();
    expect(markedKeys(first ?? [])).toEqual(['CONTACT#A', 'CONTACT#B', 'STATS#CONTACTS']);
    expect(first?.[2]?.Update).toMatchObject({
      UpdateExpression: 'ADD #unread :minus',
      ConditionExpression: '#unread >= :count',
      ExpressionAttributeValues: { ':minus': -2, ':count': 2 },
    });
    expect(first?.[0]?.Update).toMatchObject({
      UpdateExpression: 'SET readAt = :at REMOVE GSI2PK, GSI2SK',
      ConditionExpression: 'GSI2PK = :unreadList',
    });
    expect(markedKeys(second ?? [])).toEqual(['CONTACT#C', 'STATS#CONTACTS']);
  });

  it('leaves out a message read or deleted meanwhile and marks the rest', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [unreadItem('A'), unreadItem('B')] });
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }))
      .resolves({});
    const res = await invoke(contactMarkAllRead, admin());
    expect(res.body).toMatchObject({ message: '1 message marked as read', marked: 1, complete: true });
    const retried = transactions()[1] ?? [];
    expect(markedKeys(retried)).toEqual(['CONTACT#B', 'STATS#CONTACTS']);
    expect(retried[1]?.Update?.ExpressionAttributeValues).toEqual({ ':minus': -1, ':count': 1 });
  });

  it('marks the messages without the counter when it counts fewer (never below 0)', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [unreadItem('A')] });
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled({ Code: 'None' }, { Code: 'ConditionalCheckFailed' }))
      .resolves({});
    expect((await invoke(contactMarkAllRead, admin())).body).toMatchObject({ marked: 1, complete: true });
    expect(markedKeys(transactions()[1] ?? [])).toEqual(['CONTACT#A']);
  });

  it('answers 0 when nothing is unread', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(contactMarkAllRead, admin());
    expect(res.body).toEqual({ message: '0 messages marked as read', marked: 0, complete: true });
    expect(transactions()).toHaveLength(0);
  });

  it('starts no batch with the time nearly up, and says the run is not complete', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [unreadItem('A')], LastEvaluatedKey: startKey('A') });
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await contactMarkAllRead(admin(), lambdaContext({ getRemainingTimeInMillis: () => 1_000 }));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '{}')).toEqual({ message: '0 messages marked as read', marked: 0, complete: false });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers 500 without internals when a write fails otherwise', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [unreadItem('A')] });
    dynamo.on(TransactWriteCommand).rejects(new Error('ThrottlingException'));
    const res = await invoke(contactMarkAllRead, admin());
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('Throttling');
  });

  it('is for admins only', async () => {
    const anonymous = await invoke(contactMarkAllRead, httpEvent({ routeId: 'contact-mark-all-read' }));
    const user = await invoke(
      contactMarkAllRead,
      httpEvent({ routeId: 'contact-mark-all-read', claims: CALLERS.user }),
    );
    expect([anonymous.statusCode, user.statusCode]).toEqual([401, 403]);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
