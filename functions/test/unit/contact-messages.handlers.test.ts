import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_MESSAGES,
  contactAddResponseSchema,
  contactListResponseSchema,
  healthResponseSchema,
} from '@goldbot/shared';
import { handler as contactAdd } from '../../src/handlers/contact-add.js';
import { handler as contactDelete } from '../../src/handlers/contact-delete.js';
import { handler as contactList } from '../../src/handlers/contact-list.js';
import { handler as contactMarkAllRead } from '../../src/handlers/contact-mark-all-read.js';
import { handler as contactMarkRead } from '../../src/handlers/contact-mark-read.js';
import { handler as health } from '../../src/handlers/health.js';
import { encodeCursor } from '../../src/data/cursor.js';
import {
  CALLERS,
  givenProfiles,
  httpEvent,
  invoke,
  isRateCounterTransaction,
  lambdaContext,
  storeCalls,
  storeTransactions,
} from '../helpers/lambda.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

const dynamo = useMockedDynamo();
const TABLE = 'test-table';
const NOW = new Date('2026-03-04T05:06:07.890Z');

beforeEach(() => {
  // The per-request session guard reads the caller's profile: signed-in callers have one.
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const item = (id: string, createdAt: string, name = 'Jane') => ({
  PK: `CONTACT#${id}`,
  SK: `CONTACT#${id}`,
  GSI1PK: 'CONTACTS',
  GSI1SK: `${createdAt}#${id}`,
  entity: 'ContactMessage',
  _id: id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  message: `Hello from ${name}`,
  createdAt,
});

/** A cancelled TransactWriteItems with one reason per item. */
const cancelled = (...reasons: CancellationReason[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: reasons,
  });

const conditionalCheckFailed = () =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: { httpStatusCode: 400 },
  });

describe('health', () => {
  it('answers 200 with status ok and the current time', async () => {
    const res = await invoke(health, httpEvent({ routeId: 'health' }));
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.body)).toEqual({ status: 'ok', time: NOW.toISOString() });
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('contact-add', () => {
  const body = { name: '  Jane Doe ', email: ' Jane.Doe@Example.COM ', message: ' I would like to know more. ' };

  it('writes the message unread, total and unread +1 and its half hour +1 in one transaction and answers 201 with the stored message', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));

    expect(res.statusCode).toBe(201);
    const answer = contactAddResponseSchema.parse(res.body);
    expect(answer.message).toBe(CONTACT_MESSAGES.sendSucceeded);
    const id = answer.data._id;
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(answer.data).toEqual({
      _id: id,
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      message: 'I would like to know more.',
      createdAt: NOW.toISOString(),
      read: false,
    });
    const { read: _read, ...fields } = answer.data;

    // Besides the per-IP request counters, the one transaction.
    expect(storeCalls(dynamo)).toHaveLength(1);
    expect(storeTransactions(dynamo)[0]?.args[0].input.TransactItems).toEqual([
      {
        Put: {
          TableName: TABLE,
          Item: {
            PK: `CONTACT#${id}`,
            SK: `CONTACT#${id}`,
            GSI1PK: 'CONTACTS',
            GSI1SK: `${NOW.toISOString()}#${id}`,
            // In the unread index until an admin reads it.
            GSI2PK: 'CONTACTS#UNREAD',
            GSI2SK: `${NOW.toISOString()}#${id}`,
            entity: 'ContactMessage',
            ...fields,
            searchText: 'jane doe\njane.doe@example.com\ni would like to know more.',
            counted: true,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: { PK: 'STATS#CONTACTS', SK: 'TOTAL' },
          UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
          ExpressionAttributeNames: { '#c0': 'total', '#c1': 'unread' },
          ExpressionAttributeValues: { ':c0': 1, ':c1': 1 },
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: { PK: 'STATS#CONTACTS', SK: 'HALFHOUR#2026-03-04T05:00' },
          UpdateExpression: 'ADD #c0 :c0',
          ExpressionAttributeNames: { '#c0': 'count' },
          ExpressionAttributeValues: { ':c0': 1 },
        },
      },
    ]);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('tries again when the counter was busy (TransactionConflict), and only then', async () => {
    let conflicted = false;
    dynamo.on(TransactWriteCommand).callsFake((input: unknown) => {
      if (isRateCounterTransaction(input) || conflicted) return {};
      conflicted = true;
      throw cancelled({ Code: 'None' }, { Code: 'TransactionConflict' });
    });
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect(res.statusCode).toBe(201);
    expect(storeTransactions(dynamo)).toHaveLength(2);
  });

  it('answers anonymous callers and signed-in callers alike', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body, claims: CALLERS.user }));
    expect(res.statusCode).toBe(201);
  });

  it('gives every message its own id', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const a = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    const b = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect((a.body.data as { _id: string })._id).not.toBe((b.body.data as { _id: string })._id);
  });

  it('answers 400 without writing for an invalid message', async () => {
    const res = await invoke(
      contactAdd,
      httpEvent({ routeId: 'contact-add', body: { ...body, email: 'jane-at-example' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ email: 'Please enter a valid email' });
    expect(storeCalls(dynamo)).toHaveLength(0);
  });

  it('answers 500 without internals when the write fails', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('Requested resource not found: Table: test-table not found'));
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('test-table');
  });
});

describe('contact-list', () => {
  const admin = (query?: Record<string, string>) =>
    httpEvent({ routeId: 'contact-list', claims: CALLERS.admin, query });
  const listQueries = () =>
    dynamo
      .commandCalls(QueryCommand)
      .map((call) => call.args[0].input)
      .filter((input) => input.Select !== 'COUNT');
  const summaryReads = () =>
    dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]?.Keys ?? []);
  /** The list answers `page`; the half-hour counters hold `buckets`; the contact counter holds `total` and `unread`. */
  const givenTable = (
    page: { Items: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> },
    buckets: Record<string, number> = {},
    total?: number,
    unread?: number,
  ) => {
    dynamo.on(QueryCommand).callsFake(() => page);
    dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
      const keys = (input.RequestItems?.[TABLE]?.Keys ?? []) as { PK: string; SK: string }[];
      const found = keys.flatMap((key): Record<string, unknown>[] => {
        if (key.SK === 'TOTAL') return total === undefined ? [] : [{ ...key, total, unread }];
        const count = buckets[key.SK.replace('HALFHOUR#', '')];
        return count === undefined ? [] : [{ ...key, count }];
      });
      return { Responses: { [TABLE]: found } };
    });
  };

  it('queries GSI1 newest first with the default page size, and answers the counts', async () => {
    givenTable({ Items: [] }, { '2026-03-04T00:00': 1, '2026-03-04T05:00': 1 }, 7, 4);
    const res = await invoke(contactList, admin());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ data: [], nextCursor: null, totalCount: 7, unreadCount: 4, todayCount: 2 });
    expect(listQueries()).toEqual([
      {
        TableName: TABLE,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :list',
        ExpressionAttributeValues: { ':list': 'CONTACTS' },
        ScanIndexForward: false,
        Limit: 50,
        ExclusiveStartKey: undefined,
      },
    ]);
    expect(listQueries()[0]).not.toHaveProperty('FilterExpression');
  });

  it("sums the half-hour counters from UTC midnight, or from the admin's local midnight, in one read", async () => {
    givenTable({ Items: [] }, { '2026-03-03T14:30': 5, '2026-03-03T15:00': 2, '2026-03-04T04:30': 1 });
    expect((await invoke(contactList, admin())).body).toMatchObject({ totalCount: 0, unreadCount: 0, todayCount: 1 });
    expect((await invoke(contactList, admin({ since: '2026-03-04T00:00:00+09:00' }))).body).toMatchObject({
      totalCount: 0,
      todayCount: 3,
    });
    const [utc, tokyo] = summaryReads();
    // The total and every half hour from midnight to now (05:06 UTC): 11 buckets, then 29 from 15:00.
    expect(utc?.[0]).toEqual({ PK: 'STATS#CONTACTS', SK: 'TOTAL' });
    expect(utc?.slice(1).map((key) => key.SK)).toEqual(
      Array.from(
        { length: 11 },
        (_, i) => `HALFHOUR#2026-03-04T${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      ),
    );
    expect(tokyo?.[1]).toEqual({ PK: 'STATS#CONTACTS', SK: 'HALFHOUR#2026-03-03T15:00' });
    expect(tokyo).toHaveLength(1 + 29);
  });

  it('never answers a negative figure from a counter', async () => {
    givenTable({ Items: [] }, { '2026-03-04T05:00': -2 }, -1, -3);
    expect((await invoke(contactList, admin())).body).toMatchObject({ totalCount: 0, unreadCount: 0, todayCount: 0 });
  });

  it('lists the Unread tab from the unread index, newest first', async () => {
    givenTable({ Items: [] });
    const res = await invoke(contactList, admin({ status: 'unread', limit: '20' }));
    expect(res.statusCode).toBe(200);
    expect(listQueries()).toEqual([
      {
        TableName: TABLE,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :list',
        ExpressionAttributeValues: { ':list': 'CONTACTS#UNREAD' },
        ScanIndexForward: false,
        Limit: 20,
        ExclusiveStartKey: undefined,
      },
    ]);
  });

  it('lists the Read tab from the list, leaving out the unread messages, and reads on until the page is full', async () => {
    const read = item('01KJZ0000000000000000000R1', '2026-03-01T00:00:00.000Z', 'Rita');
    let reads = 0;
    dynamo.on(QueryCommand).callsFake(() => {
      reads += 1;
      return reads === 1
        ? { Items: [], ScannedCount: 500, LastEvaluatedKey: { PK: 'a', SK: 'a', GSI1PK: 'CONTACTS', GSI1SK: 'z' } }
        : { Items: [read], ScannedCount: 2 };
    });
    const res = await invoke(contactList, admin({ status: 'read', limit: '5' }));
    expect(res.statusCode).toBe(200);
    expect(contactListResponseSchema.parse(res.body).data).toEqual([
      expect.objectContaining({ name: 'Rita', read: true }),
    ]);
    expect(listQueries()[0]).toMatchObject({
      IndexName: 'GSI1',
      FilterExpression: 'attribute_not_exists(GSI2PK)',
      ExpressionAttributeValues: { ':list': 'CONTACTS' },
    });
    expect(listQueries()).toHaveLength(2);
  });

  it('answers 400 for a tab it does not know, or a cursor of another tab, without listing', async () => {
    givenTable({ Items: [] });
    const unknown = await invoke(contactList, admin({ status: 'archived' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.errors).toEqual({ status: 'status must be all, unread or read' });
    const allCursor =
      encodeCursor({ PK: 'CONTACT#X', SK: 'CONTACT#X', GSI1PK: 'CONTACTS', GSI1SK: '2026-03-01T00:00:00.000Z#X' }) ??
      '';
    const crossed = await invoke(contactList, admin({ status: 'unread', cursor: allCursor }));
    expect(crossed.statusCode).toBe(400);
    expect(listQueries()).toHaveLength(0);
  });

  it('answers 400 for a since that is not an ISO date and time, without reading', async () => {
    const res = await invoke(contactList, admin({ since: 'yesterday' }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ since: 'since must be an ISO-8601 date and time' });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('searches name, e-mail and message server-side, reading on until the page is full', async () => {
    const match = item('01KJZ0000000000000000000C1', '2026-03-01T00:00:00.000Z', 'Ann');
    let reads = 0;
    dynamo.on(QueryCommand).callsFake(() => {
      reads += 1;
      // The first read evaluates newer messages that do not match; the second finds one.
      return reads === 1
        ? { Items: [], ScannedCount: 500, LastEvaluatedKey: { PK: 'a', SK: 'a', GSI1PK: 'CONTACTS', GSI1SK: 'z' } }
        : { Items: [match], ScannedCount: 3 };
    });
    const res = await invoke(contactList, admin({ search: '  ANN ', limit: '5' }));
    expect(res.statusCode).toBe(200);
    expect(contactListResponseSchema.parse(res.body).data.map((m) => m._id)).toEqual([match._id]);
    expect(res.body.nextCursor).toBeNull();
    expect(listQueries()).toHaveLength(2);
    expect(listQueries()[0]).toMatchObject({
      IndexName: 'GSI1',
      FilterExpression: 'contains(searchText, :q)',
      ExpressionAttributeValues: { ':list': 'CONTACTS', ':q': 'ann' },
    });
    expect(res.rawBody).not.toContain('searchText');
  });

  it('answers the items in the spec shape with their read state, without table keys, and a cursor for the next page', async () => {
    const newer = {
      ...item('01KJZ0000000000000000000B1', '2026-03-02T00:00:00.000Z', 'Bob'),
      GSI2PK: 'CONTACTS#UNREAD',
      GSI2SK: '2026-03-02T00:00:00.000Z#01KJZ0000000000000000000B1',
    };
    const older = item('01KJZ0000000000000000000A1', '2026-03-01T00:00:00.000Z', 'Ann');
    const lastKey = { PK: older.PK, SK: older.SK, GSI1PK: 'CONTACTS', GSI1SK: older.GSI1SK };
    givenTable({ Items: [newer, older], LastEvaluatedKey: lastKey });

    const res = await invoke(contactList, admin({ limit: '2' }));

    expect(res.statusCode).toBe(200);
    const answer = contactListResponseSchema.parse(res.body);
    expect(answer.data).toEqual([
      {
        _id: newer._id,
        name: 'Bob',
        email: 'bob@example.com',
        message: 'Hello from Bob',
        createdAt: newer.createdAt,
        read: false,
      },
      {
        _id: older._id,
        name: 'Ann',
        email: 'ann@example.com',
        message: 'Hello from Ann',
        createdAt: older.createdAt,
        read: true,
      },
    ]);
    expect(res.rawBody).not.toMatch(/"(PK|SK|GSI1PK|GSI1SK|GSI2PK|GSI2SK|entity|counted|readAt)"/);
    expect(answer.nextCursor).toBe(encodeCursor(lastKey));
    expect(JSON.parse(Buffer.from(answer.nextCursor ?? '', 'base64url').toString('utf8'))).toEqual(lastKey);
    expect(listQueries()[0]?.Limit).toBe(2);
  });

  it('continues from the cursor it handed out', async () => {
    const lastKey = { PK: 'CONTACT#X', SK: 'CONTACT#X', GSI1PK: 'CONTACTS', GSI1SK: '2026-03-01T00:00:00.000Z#X' };
    givenTable({ Items: [] });
    const res = await invoke(contactList, admin({ limit: '10', cursor: encodeCursor(lastKey) ?? '' }));
    expect(res.statusCode).toBe(200);
    expect(listQueries()[0]).toMatchObject({ ExclusiveStartKey: lastKey, Limit: 10 });
  });

  it('answers 400 for a cursor forged for another list, without listing', async () => {
    givenTable({ Items: [] });
    const forged = encodeCursor({ PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'USERS', GSI1SK: 'x' }) ?? '';
    const res = await invoke(contactList, admin({ cursor: forged }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ cursor: 'Invalid cursor' });
    expect(listQueries()).toHaveLength(0);
  });

  it('answers 400 for a garbage or tampered cursor or a bad limit, without listing', async () => {
    givenTable({ Items: [] });
    const partial = encodeCursor({ GSI1PK: 'CONTACTS', GSI1SK: '2026-03-01T00:00:00.000Z#X' }) ?? '';
    const padded =
      encodeCursor({ PK: 'CONTACT#X', SK: 'CONTACT#X', GSI1PK: 'CONTACTS', GSI1SK: 'x', extra: 'y' }) ?? '';
    const queries: Record<string, string>[] = [
      { cursor: '%%%not-base64%%%' },
      { cursor: partial },
      { cursor: padded },
      { limit: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { search: 'x'.repeat(129) },
    ];
    for (const query of queries) {
      const res = await invoke(contactList, admin(query));
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect(listQueries()).toHaveLength(0);
  });

  it('is for admins only', async () => {
    expect((await invoke(contactList, httpEvent({ routeId: 'contact-list' }))).statusCode).toBe(401);
    expect((await invoke(contactList, httpEvent({ routeId: 'contact-list', claims: CALLERS.user }))).statusCode).toBe(
      403,
    );
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('contact-delete', () => {
  const id = '01KDX3N8W6Q5ZJ4R2T7B9C0E1F';
  const key = { PK: `CONTACT#${id}`, SK: `CONTACT#${id}` };
  const admin = (messageId = id) =>
    httpEvent({ routeId: 'contact-delete', claims: CALLERS.admin, pathParameters: { id: messageId } });
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
      {
        Update: {
          TableName: TABLE,
          Key: { PK: 'STATS#CONTACTS', SK: 'TOTAL' },
          UpdateExpression: 'ADD #total :minus',
          ConditionExpression: '#total >= :one',
          ExpressionAttributeNames: { '#total': 'total' },
          ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: { PK: 'STATS#CONTACTS', SK: 'HALFHOUR#2026-03-01T10:30' },
          UpdateExpression: 'ADD #count :minus',
          ConditionExpression: '#count >= :one',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
        },
      },
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
    const anonymous = await invoke(contactDelete, httpEvent({ routeId: 'contact-delete', pathParameters: { id } }));
    const user = await invoke(
      contactDelete,
      httpEvent({ routeId: 'contact-delete', pathParameters: { id }, claims: CALLERS.user }),
    );
    expect([anonymous.statusCode, user.statusCode]).toEqual([401, 403]);
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('contact-mark-read', () => {
  const id = '01KDX3N8W6Q5ZJ4R2T7B9C0E1F';
  const key = { PK: `CONTACT#${id}`, SK: `CONTACT#${id}` };
  const admin = (messageId = id) =>
    httpEvent({ routeId: 'contact-mark-read', claims: CALLERS.admin, pathParameters: { id: messageId } });
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
        {
          Update: {
            TableName: TABLE,
            Key: { PK: 'STATS#CONTACTS', SK: 'TOTAL' },
            UpdateExpression: 'ADD #unread :minus',
            ConditionExpression: '#unread >= :count',
            ExpressionAttributeNames: { '#unread': 'unread' },
            ExpressionAttributeValues: { ':minus': -1, ':count': 1 },
          },
        },
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
    expect((await invoke(contactMarkRead, admin(` ${id} `))).statusCode).toBe(200);
    expect(items()[0]?.[0]?.Update?.Key).toEqual(key);
    dynamo.resetHistory();
    expect((await invoke(contactMarkRead, admin('  '))).statusCode).toBe(400);
    const anonymous = await invoke(
      contactMarkRead,
      httpEvent({ routeId: 'contact-mark-read', pathParameters: { id } }),
    );
    const user = await invoke(
      contactMarkRead,
      httpEvent({ routeId: 'contact-mark-read', pathParameters: { id }, claims: CALLERS.user }),
    );
    expect([anonymous.statusCode, user.statusCode]).toEqual([401, 403]);
    expect(items()).toHaveLength(0);
  });
});

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
