import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminUsersResponseSchema, type RouteId } from '@goldbot/shared';
import { handler as auditLog } from '../../src/handlers/admin-audit-log.js';
import { handler as activate } from '../../src/handlers/admin-user-activate.js';
import { handler as deactivate } from '../../src/handlers/admin-user-deactivate.js';
import { handler as userStats } from '../../src/handlers/admin-user-stats.js';
import { handler as userSubscriptions } from '../../src/handlers/admin-user-subscriptions.js';
import { handler as users } from '../../src/handlers/admin-users.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { SAMPLE_USER, sampleUserItem } from '../helpers/admin-user-samples.js';
import { CALLERS, httpEvent, invoke, storeCalls, type HttpHandler } from '../helpers/lambda.js';
import { dynamo, cognito, TABLE, JANE_KEY, asAdmin } from '../helpers/admin-user-routes.js';

/**
 * The admin's user list and search in process, DynamoDB mocked (helpers/admin-user-routes.ts): the
 * exact reads (no Scan: GetItem, BatchGetItem, Queries on GSI1 USERS) and the answers against the
 * shared schemas; and that every admin user route is for administrators only.
 */
describe('admin-users', () => {
  const listCalls = () =>
    dynamo
      .commandCalls(QueryCommand)
      .map((c) => c.args[0].input)
      .filter((input) => input.IndexName === 'GSI1');

  it('lists verified users newest first from GSI1 USERS, in the admin shape', async () => {
    const lastKey = { PK: JANE_KEY.PK, SK: 'PROFILE', GSI1PK: 'USERS', GSI1SK: sampleUserItem().GSI1SK };
    dynamo.on(QueryCommand).resolves({ Items: [sampleUserItem()], LastEvaluatedKey: lastKey });
    const res = await invoke(users, asAdmin('admin-users', { query: { limit: '1' } }));
    expect(res.statusCode).toBe(200);
    const answer = adminUsersResponseSchema.parse(res.body);
    expect(answer.users).toEqual([
      {
        _id: SAMPLE_USER._id,
        username: 'jane_doe',
        email: 'jane.doe@example.com',
        phone: '+1 (555) 010-2030',
        isActive: true,
        isAdmin: false,
        referralCode: 'K7M2QX9P',
        referralEarnings: 20,
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-01T10:00:00.000Z',
      },
    ]);
    expect(answer.nextCursor).toBe(encodeCursor(lastKey));
    expect(res.rawBody).not.toMatch(/"PK"|GSI|searchText|verifiedEmail|referralHeld/);
    expect(listCalls()).toEqual([
      {
        TableName: TABLE,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :list',
        ScanIndexForward: false,
        ExpressionAttributeValues: { ':list': 'USERS' },
        Limit: 1,
        ExclusiveStartKey: undefined,
      },
    ]);
  });

  it('searches server-side and reads on until the page is full: the match comes on the first page', async () => {
    let reads = 0;
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      if (input.IndexName !== 'GSI1') return { Items: [] };
      reads += 1;
      const next = { PK: `USER#n${reads}`, SK: 'PROFILE', GSI1PK: 'USERS', GSI1SK: `2026-02-0${reads}#n` };
      // Two reads of newer users that do not match, then Jane: all within the newest
      // INSIDE_SEARCH_WINDOW records, so the first page finds her.
      return reads < 3
        ? { Items: [], ScannedCount: 200, LastEvaluatedKey: next }
        : { Items: [sampleUserItem()], ScannedCount: 40 };
    });
    const res = await invoke(users, asAdmin('admin-users', { query: { search: '  E.DOE@EXAMPLE ', limit: '10' } }));
    expect(res.statusCode).toBe(200);
    expect(adminUsersResponseSchema.parse(res.body)).toMatchObject({
      users: [{ _id: SAMPLE_USER._id }],
      nextCursor: null,
    });
    expect(listCalls()).toHaveLength(3);
    expect(listCalls()[0]).toMatchObject({
      FilterExpression: 'contains(searchText, :q)',
      ExpressionAttributeValues: { ':list': 'USERS', ':q': 'e.doe@example' },
    });
    expect(listCalls()[2]?.ExclusiveStartKey).toEqual({
      PK: 'USER#n2',
      SK: 'PROFILE',
      GSI1PK: 'USERS',
      GSI1SK: '2026-02-02#n',
    });
  });

  it('searches a phone number by its digits', async () => {
    await invoke(users, asAdmin('admin-users', { query: { search: '(555) 010-2030' } }));
    expect(listCalls()[0]?.ExpressionAttributeValues).toEqual({ ':list': 'USERS', ':q': '5550102030' });
  });

  it('answers 400 for a cursor of another list and for an over-long search, without listing', async () => {
    const forged = encodeCursor({ PK: 'CONTACT#1', SK: 'CONTACT#1', GSI1PK: 'CONTACTS', GSI1SK: 'x' }) ?? '';
    expect((await invoke(users, asAdmin('admin-users', { query: { cursor: forged } }))).statusCode).toBe(400);
    expect((await invoke(users, asAdmin('admin-users', { query: { search: 'x'.repeat(129) } }))).statusCode).toBe(400);
    expect(listCalls()).toHaveLength(0);
  });
});

describe('every admin user route', () => {
  const routes: [RouteId, HttpHandler, string | undefined][] = [
    ['admin-user-stats', userStats, undefined],
    ['admin-users', users, undefined],
    ['admin-user-deactivate', deactivate, SAMPLE_USER._id],
    ['admin-user-activate', activate, SAMPLE_USER._id],
    ['admin-user-subscriptions', userSubscriptions, SAMPLE_USER._id],
    ['admin-audit-log', auditLog, undefined],
  ];

  it.each(routes)('%s is for administrators only', async (routeId, handler, id) => {
    const pathParameters = id ? { id } : undefined;
    expect((await invoke(handler, httpEvent({ routeId, pathParameters }))).statusCode).toBe(401);
    const user = await invoke(handler, httpEvent({ routeId, pathParameters, claims: CALLERS.user }));
    expect(user.statusCode).toBe(403);
    expect(storeCalls(dynamo)).toHaveLength(0);
    expect(cognito.calls).toHaveLength(0);
  });
});
