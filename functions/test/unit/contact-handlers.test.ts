import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_MESSAGES,
  contactAddResponseSchema,
  contactListResponseSchema,
  healthResponseSchema,
} from '@goldbot/shared';
import { handler as contactAdd } from '../../src/handlers/contact-add.js';
import { handler as contactDelete } from '../../src/handlers/contact-delete.js';
import { handler as contactList } from '../../src/handlers/contact-list.js';
import { handler as health } from '../../src/handlers/health.js';
import { encodeCursor } from '../../src/kit/cursor.js';
import { CALLERS, givenProfiles, httpEvent, invoke, storeCalls } from '../helpers/lambda.js';

const dynamo = mockClient(DynamoDBDocumentClient);
const TABLE = 'test-table';
const NOW = new Date('2026-03-04T05:06:07.890Z');

beforeEach(() => {
  dynamo.reset();
  // The per-request session guard reads the caller's profile: signed-in callers have one.
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());
afterAll(() => dynamo.restore());

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

  it('writes one item with its keys and answers 201 with the stored message', async () => {
    dynamo.on(PutCommand).resolves({});
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
    });

    const puts = dynamo.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    // Besides the per-IP request counters (M6), the one write.
    expect(storeCalls(dynamo)).toHaveLength(1);
    expect(puts[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Item: {
        PK: `CONTACT#${id}`,
        SK: `CONTACT#${id}`,
        GSI1PK: 'CONTACTS',
        GSI1SK: `${NOW.toISOString()}#${id}`,
        entity: 'ContactMessage',
        ...answer.data,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('answers anonymous callers and signed-in callers alike', async () => {
    dynamo.on(PutCommand).resolves({});
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body, claims: CALLERS.user }));
    expect(res.statusCode).toBe(201);
  });

  it('gives every message its own id', async () => {
    dynamo.on(PutCommand).resolves({});
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
    dynamo.on(PutCommand).rejects(new Error('Requested resource not found: Table: test-table not found'));
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('test-table');
  });
});

describe('contact-list', () => {
  const admin = (query?: Record<string, string>) =>
    httpEvent({ routeId: 'contact-list', claims: CALLERS.admin, query });

  it('queries GSI1 newest first with the default page size', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(contactList, admin());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ data: [], nextCursor: null });
    const queries = dynamo.commandCalls(QueryCommand);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.args[0].input).toEqual({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'CONTACTS' },
      ScanIndexForward: false,
      Limit: 50,
      ExclusiveStartKey: undefined,
    });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).not.toHaveProperty('FilterExpression');
  });

  it('answers the items in the spec shape, without table keys, and a cursor for the next page', async () => {
    const newer = item('01KJZ0000000000000000000B1', '2026-03-02T00:00:00.000Z', 'Bob');
    const older = item('01KJZ0000000000000000000A1', '2026-03-01T00:00:00.000Z', 'Ann');
    const lastKey = { PK: older.PK, SK: older.SK, GSI1PK: 'CONTACTS', GSI1SK: older.GSI1SK };
    dynamo.on(QueryCommand).resolves({ Items: [newer, older], LastEvaluatedKey: lastKey });

    const res = await invoke(contactList, admin({ limit: '2' }));

    expect(res.statusCode).toBe(200);
    const answer = contactListResponseSchema.parse(res.body);
    expect(answer.data).toEqual([
      { _id: newer._id, name: 'Bob', email: 'bob@example.com', message: 'Hello from Bob', createdAt: newer.createdAt },
      { _id: older._id, name: 'Ann', email: 'ann@example.com', message: 'Hello from Ann', createdAt: older.createdAt },
    ]);
    expect(res.rawBody).not.toMatch(/"(PK|SK|GSI1PK|GSI1SK|entity)"/);
    expect(answer.nextCursor).toBe(encodeCursor(lastKey));
    expect(JSON.parse(Buffer.from(answer.nextCursor ?? '', 'base64url').toString('utf8'))).toEqual(lastKey);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.Limit).toBe(2);
  });

  it('continues from the cursor it handed out', async () => {
    const lastKey = { PK: 'CONTACT#X', SK: 'CONTACT#X', GSI1PK: 'CONTACTS', GSI1SK: '2026-03-01T00:00:00.000Z#X' };
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(contactList, admin({ limit: '10', cursor: encodeCursor(lastKey) ?? '' }));
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      ExclusiveStartKey: lastKey,
      Limit: 10,
    });
  });

  it('answers 400 for a cursor forged for another list, without querying', async () => {
    const forged = encodeCursor({ PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'USERS', GSI1SK: 'x' }) ?? '';
    const res = await invoke(contactList, admin({ cursor: forged }));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ cursor: 'Invalid cursor' });
    // Only the session guard's profile read; no query.
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers 400 for a garbage or tampered cursor or a bad limit, without querying', async () => {
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
    ];
    for (const query of queries) {
      const res = await invoke(contactList, admin(query));
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
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
  const admin = (messageId = id) =>
    httpEvent({ routeId: 'contact-delete', claims: CALLERS.admin, pathParameters: { id: messageId } });

  it('deletes by key on condition that the message exists', async () => {
    dynamo.on(DeleteCommand).resolves({});
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ message: 'Message deleted successfully' });
    const deletes = dynamo.commandCalls(DeleteCommand);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { PK: `CONTACT#${id}`, SK: `CONTACT#${id}` },
      ConditionExpression: 'attribute_exists(PK)',
    });
  });

  it('answers 404 when the message does not exist (ConditionalCheckFailedException)', async () => {
    dynamo.on(DeleteCommand).rejects(conditionalCheckFailed());
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('This message no longer exists. It may have been deleted already.');
    expect(res.body.msg).toBe(res.body.message);
  });

  it('answers 500 for any other failure', async () => {
    dynamo.on(DeleteCommand).rejects(new Error('ThrottlingException'));
    const res = await invoke(contactDelete, admin());
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('Throttling');
  });

  it('trims the id and rejects a blank one without deleting', async () => {
    dynamo.on(DeleteCommand).resolves({});
    expect((await invoke(contactDelete, admin(`  ${id} `))).statusCode).toBe(200);
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      PK: `CONTACT#${id}`,
      SK: `CONTACT#${id}`,
    });
    dynamo.resetHistory();
    const blank = await invoke(contactDelete, admin('   '));
    expect(blank.statusCode).toBe(400);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
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
