import { BatchGetCommand, QueryCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { contactListResponseSchema } from '@goldbot/shared';
import { handler as contactList } from '../../src/handlers/contact-list.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { CALLERS, httpEvent, invoke } from '../helpers/lambda.js';
import { dynamo, TABLE, item } from '../helpers/contact-routes.js';

/**
 * The admin's list of contact messages in process, over a mocked table
 * (helpers/contact-routes.ts).
 */
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
  /** The Query of a tab's first page, newest first, on the index that holds its list. */
  const firstPageQuery = (index: 'GSI1' | 'GSI2', list: string, limit: number) => ({
    TableName: TABLE,
    IndexName: index,
    KeyConditionExpression: `${index}PK = :list`,
    ExpressionAttributeValues: { ':list': list },
    ScanIndexForward: false,
    Limit: limit,
    ExclusiveStartKey: undefined,
  });
  /** The list's first read evaluates 500 messages and keeps none; the next finds `found` among `scanned`. */
  const foundOnSecondRead = (found: ReturnType<typeof item>, scanned: number) =>
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [],
        ScannedCount: 500,
        LastEvaluatedKey: { PK: 'a', SK: 'a', GSI1PK: 'CONTACTS', GSI1SK: 'z' },
      })
      .resolves({ Items: [found], ScannedCount: scanned });
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
    expect(listQueries()).toEqual([firstPageQuery('GSI1', 'CONTACTS', 50)]);
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
    expect(listQueries()).toEqual([firstPageQuery('GSI2', 'CONTACTS#UNREAD', 20)]);
  });

  it('lists the Read tab from the list, leaving out the unread messages, and reads on until the page is full', async () => {
    const read = item('01KJZ0000000000000000000R1', '2026-03-01T00:00:00.000Z', 'Rita');
    foundOnSecondRead(read, 2);
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
    // The first read evaluates newer messages that do not match; the second finds one.
    foundOnSecondRead(match, 3);
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
