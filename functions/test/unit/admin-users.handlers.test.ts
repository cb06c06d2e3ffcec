import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminUserActionResponseSchema,
  adminUserSubscriptionsResponseSchema,
  adminUsersResponseSchema,
  auditLogResponseSchema,
  userStatsResponseSchema,
  type RouteId,
} from '@goldbot/shared';
import { BUSY_503, BUSY_RETRY_AFTER_SECONDS } from '../../src/kit/middlewares/error-mapping.js';
import { toAuditItem } from '../../src/data/audit-entity.js';
import { handler as auditLog } from '../../src/handlers/admin-audit-log.js';
import { handler as activate } from '../../src/handlers/admin-user-activate.js';
import { handler as deactivate } from '../../src/handlers/admin-user-deactivate.js';
import { handler as userStats } from '../../src/handlers/admin-user-stats.js';
import { handler as userSubscriptions } from '../../src/handlers/admin-user-subscriptions.js';
import { handler as users } from '../../src/handlers/admin-users.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { SAMPLE_USER, sampleSubscriptionItem, sampleUserItem } from '../helpers/admin-user-samples.js';
import { CALLERS, givenProfiles, httpEvent, invoke, storeCalls, type HttpHandler } from '../helpers/lambda.js';
import { cancelled, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { cognitoError, useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * The admin user routes and the audit log in process, DynamoDB and Cognito mocked: the exact
 * reads (no Scan: GetItem, BatchGetItem, Queries on GSI1 USERS, the user's collection and the
 * audit month), the status-change transaction with its conditions, Cognito following, and the answers
 * against the shared schemas.
 */
const dynamo = useMockedDynamo();
const cognito = useCognitoFake();
const TABLE = 'test-table';
const NOW = new Date('2026-03-04T05:06:07.890Z');
const NOW_EPOCH = Math.floor(NOW.getTime() / 1000);
const JANE_KEY = { PK: `USER#${SAMPLE_USER._id}`, SK: 'PROFILE' };
const ADMIN_SUB = String(CALLERS.admin.sub);

beforeEach(() => {
  cognito.reset();
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(TransactWriteCommand).resolves({});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const asAdmin = (routeId: RouteId, options: { query?: Record<string, string>; id?: string } = {}) =>
  httpEvent({
    routeId,
    claims: CALLERS.admin,
    query: options.query,
    ...(options.id !== undefined ? { pathParameters: { id: options.id } } : {}),
  });
const givenJane = (overrides: Record<string, unknown> = {}) =>
  dynamo.on(GetCommand, { Key: JANE_KEY }).resolves({ Item: sampleUserItem(overrides) });

describe('admin-user-stats', () => {
  it('reads TOTAL and the current UTC month in one consistent BatchGetItem', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [
          { PK: 'STATS#USERS', SK: 'TOTAL', total: 12, active: 10, inactive: 2 },
          { PK: 'STATS#USERS', SK: 'MONTH#2026-03', newUsers: 3 },
        ],
      },
    });
    const res = await invoke(userStats, asAdmin('admin-user-stats'));
    expect(res.statusCode).toBe(200);
    expect(userStatsResponseSchema.parse(res.body)).toEqual({
      userStats: { total: 12, active: 10, inactive: 2, newThisMonth: 3 },
    });
    expect(storeCalls(dynamo).map((c) => c.name)).toEqual(['BatchGetCommand']);
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input).toEqual({
      RequestItems: {
        [TABLE]: {
          Keys: [
            { PK: 'STATS#USERS', SK: 'TOTAL' },
            { PK: 'STATS#USERS', SK: 'MONTH#2026-03' },
          ],
          ConsistentRead: true,
        },
      },
    });
  });

  it('answers zeros before the first verification', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] } });
    const res = await invoke(userStats, asAdmin('admin-user-stats'));
    expect(res.body).toEqual({ userStats: { total: 0, active: 0, inactive: 0, newThisMonth: 0 } });
  });
});

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

describe('admin-user-deactivate', () => {
  it('commits the deactivation (flag, tokens, counters, audit), then disables the user in Cognito and ends every session', async () => {
    givenJane();
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    const answer = adminUserActionResponseSchema.parse(res.body);
    expect(answer).toMatchObject({
      message: ADMIN_MESSAGES.userDeactivated,
      user: { _id: SAMPLE_USER._id, isActive: false, updatedAt: NOW.toISOString() },
    });

    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      Update: {
        TableName: TABLE,
        Key: JANE_KEY,
        UpdateExpression: 'SET isActive = :to, tokensValidAfter = :tva, updatedAt = :at',
        ConditionExpression:
          'attribute_exists(emailVerifiedAt) AND (attribute_not_exists(isActive) OR isActive = :true)',
        ExpressionAttributeValues: { ':to': false, ':tva': NOW_EPOCH, ':at': NOW.toISOString(), ':true': true },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    });
    expect(items[1]).toEqual({
      Update: {
        TableName: TABLE,
        Key: { PK: 'STATS#USERS', SK: 'TOTAL' },
        UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
        ExpressionAttributeNames: { '#c0': 'active', '#c1': 'inactive' },
        ExpressionAttributeValues: { ':c0': -1, ':c1': 1 },
      },
    });
    const audit = items[2]?.Put;
    expect(audit?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(audit?.Item).toMatchObject({
      PK: 'AUDIT#2026-03',
      SK: expect.stringMatching(/^2026-03-04T05:06:07\.890Z#[0-9A-Z]{26}$/),
      entity: 'AuditEntry',
      actor: ADMIN_SUB,
      actorEmail: 'admin@example.com',
      action: 'user.deactivate',
      target: { type: 'user', id: SAMPLE_USER._id },
      details: { from: 'active', to: 'inactive', username: 'jane_doe', email: 'jane.doe@example.com' },
      at: NOW.toISOString(),
    });

    expect(cognito.inputsOf('AdminDisableUser')[0]).toMatchObject({
      Username: 'jane.doe@example.com',
    });
    expect(cognito.inputsOf('AdminUserGlobalSignOut')[0]).toMatchObject({
      Username: 'jane.doe@example.com',
    });
    expect(cognito.inputsOf('AdminEnableUser')).toHaveLength(0);
  });

  it('ends every refresh session of the user with one write on the profile', async () => {
    givenJane();
    const before = Date.now();
    await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    const revoke = dynamo
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .find((input) => String(input.UpdateExpression).includes('sessionsValidAfterMs'));
    expect(revoke).toMatchObject({
      Key: JANE_KEY,
      UpdateExpression: 'SET tokensValidAfter = :t, sessionsValidAfterMs = :ms',
    });
    expect(Number(revoke?.ExpressionAttributeValues?.[':ms'])).toBeGreaterThanOrEqual(before);
    // The registry entries are left to their TTL: no Query, no deletes.
    expect(
      dynamo
        .commandCalls(QueryCommand)
        .filter((c) => c.args[0].input.ExpressionAttributeValues?.[':prefix'] === 'SESSION#'),
    ).toEqual([]);
    expect(dynamo.commandCalls(BatchWriteCommand)).toEqual([]);
  });

  it('answers an already deactivated user with 200 and writes nothing', async () => {
    givenJane({ isActive: false });
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ message: ADMIN_MESSAGES.userDeactivated, user: { isActive: false } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // Cognito is brought in line again (repairs an earlier attempt whose Cognito step failed).
    expect(cognito.inputsOf('AdminDisableUser')).toHaveLength(1);
  });

  it('refuses self-deactivation with 400 and the spec message, touching nothing', async () => {
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: ADMIN_SUB }));
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
    expect(storeCalls(dynamo)).toHaveLength(0);
    expect(cognito.calls).toHaveLength(0);
  });

  it('answers 404 userNotFound for an unknown id', async () => {
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX' }));
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(ADMIN_MESSAGES.userNotFound);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('after a lost race (condition failed with the old image) re-reads and answers the state that won', async () => {
    dynamo
      .on(GetCommand, { Key: JANE_KEY })
      .resolvesOnce({ Item: sampleUserItem() })
      .resolves({ Item: sampleUserItem({ isActive: false }) });
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: { PK: { S: JANE_KEY.PK }, emailVerifiedAt: { S: 'x' } } },
          { Code: 'None' },
          { Code: 'None' },
        ),
      );
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ user: { isActive: false } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('answers 404 when the profile is gone by the time the transaction runs (no old image)', async () => {
    givenJane();
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled({ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }));
    expect((await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }))).statusCode).toBe(404);
  });

  it('still answers when the pool has no user by that address (the flag refuses them)', async () => {
    givenJane();
    cognito.on('AdminDisableUser').rejects(cognitoError('UserNotFoundException', 'User does not exist.'));
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when Cognito is unavailable (the admin repeats; the counters moved once)', async () => {
    givenJane();
    cognito.on('AdminDisableUser').rejects(cognitoError('ServiceUnavailable', 'Service unavailable', 503));
    const res = await invoke(deactivate, asAdmin('admin-user-deactivate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(res.body).toMatchObject({ message: BUSY_503 });
    expect(res.rawBody).not.toContain('ServiceUnavailable');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // One call (the client's own retries of a 503 happen inside the mocked send).
    expect(cognito.inputsOf('AdminDisableUser')).toHaveLength(1);
  });
});

describe('admin-user-activate', () => {
  it('commits the reverse of the deactivation and enables the user in Cognito, without ending sessions', async () => {
    givenJane({ isActive: false, tokensValidAfter: 1767268000 });
    const res = await invoke(activate, asAdmin('admin-user-activate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(adminUserActionResponseSchema.parse(res.body)).toMatchObject({
      message: ADMIN_MESSAGES.userActivated,
      user: { isActive: true },
    });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Update).toMatchObject({
      UpdateExpression: 'SET isActive = :to, updatedAt = :at',
      ConditionExpression: 'attribute_exists(emailVerifiedAt) AND isActive = :false',
      ExpressionAttributeValues: { ':to': true, ':at': NOW.toISOString(), ':false': false },
    });
    expect(items[1]?.Update?.ExpressionAttributeValues).toEqual({ ':c0': 1, ':c1': -1 });
    expect(items[2]?.Put?.Item).toMatchObject({
      action: 'user.activate',
      details: { from: 'inactive', to: 'active' },
    });
    expect(cognito.inputsOf('AdminEnableUser')).toHaveLength(1);
    expect(cognito.inputsOf('AdminUserGlobalSignOut')).toHaveLength(0);
  });

  it('answers an active user with 200 and writes nothing', async () => {
    givenJane();
    const res = await invoke(activate, asAdmin('admin-user-activate', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('admin-user-subscriptions', () => {
  it("queries the user's collection newest first and answers the admin rows", async () => {
    givenJane();
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': JANE_KEY.PK, ':prefix': 'SUB#' } })
      .resolves({ Items: [sampleSubscriptionItem()] });
    const res = await invoke(userSubscriptions, asAdmin('admin-user-subscriptions', { id: SAMPLE_USER._id }));
    expect(res.statusCode).toBe(200);
    const { subscriptions } = adminUserSubscriptionsResponseSchema.parse(res.body);
    expect(subscriptions).toEqual([
      {
        _id: '01KDX6C2M4P8R1T5V7X9Z3B6DF',
        packageName: 'Pro Package',
        status: 'active',
        startDate: '2026-01-02',
        endDate: '2026-07-01',
        paymentMethod: 'usdt',
        isExtension: false,
        createdAt: '2026-01-02T09:00:00.000Z',
        updatedAt: '2026-01-02T09:30:00.000Z',
        userId: { _id: SAMPLE_USER._id, username: 'jane_doe', email: 'jane.doe@example.com' },
        notificationSent: false,
        paymentId: '01KDX6C2M4P8R1T5V7X9Z3B6DE',
      },
    ]);
    const query = dynamo
      .commandCalls(QueryCommand)
      .find((c) => c.args[0].input.ExpressionAttributeValues?.[':prefix'] === 'SUB#');
    expect(query?.args[0].input).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': JANE_KEY.PK, ':prefix': 'SUB#' },
      ScanIndexForward: false,
      ExclusiveStartKey: undefined,
    });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await invoke(userSubscriptions, asAdmin('admin-user-subscriptions', { id: 'nobody' }));
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(ADMIN_MESSAGES.userNotFound);
  });
});

describe('admin-audit-log', () => {
  const entry = (id: string, at: string, actor = ADMIN_SUB) =>
    toAuditItem({
      _id: id,
      actor,
      action: 'user.deactivate',
      target: { type: 'user', id: SAMPLE_USER._id },
      details: { from: 'active', to: 'inactive' },
      at,
    });

  it("reads the current month's partition newest first and fills the actors' e-mails", async () => {
    const newer = entry('01KJZ00000000000000000000B', '2026-03-02T00:00:00.000Z');
    const older = entry('01KJZ00000000000000000000A', '2026-03-01T00:00:00.000Z', 'system');
    const lastKey = { PK: older.PK, SK: older.SK };
    dynamo.on(QueryCommand).resolves({ Items: [newer, older], LastEvaluatedKey: lastKey });
    dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({
      Responses: {
        [TABLE]: (input.RequestItems?.[TABLE]?.Keys ?? []).map(() => ({
          PK: `USER#${ADMIN_SUB}`,
          SK: 'PROFILE',
          _id: ADMIN_SUB,
          username: 'admin',
          email: 'admin@example.com',
        })),
      },
    }));
    const res = await invoke(auditLog, asAdmin('admin-audit-log', { query: { limit: '2' } }));
    expect(res.statusCode).toBe(200);
    const answer = auditLogResponseSchema.parse(res.body);
    expect(answer.entries.map((e) => [e._id, e.actor, e.actorEmail])).toEqual([
      [newer._id, ADMIN_SUB, 'admin@example.com'],
      [older._id, 'system', undefined],
    ]);
    expect(answer.nextCursor).toBe(encodeCursor(lastKey));
    expect(res.rawBody).not.toMatch(/"PK"|"SK"|entity/);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDIT#2026-03' },
      ScanIndexForward: false,
      Limit: 2,
      ExclusiveStartKey: undefined,
    });
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE]).toEqual({
      Keys: [{ PK: `USER#${ADMIN_SUB}`, SK: 'PROFILE' }],
      ConsistentRead: false,
    });
  });

  it('reads the month asked for and continues from its own cursor; refuses a cursor of another month', async () => {
    const cursor = encodeCursor({ PK: 'AUDIT#2025-12', SK: '2025-12-31T00:00:00.000Z#X' }) ?? '';
    const res = await invoke(auditLog, asAdmin('admin-audit-log', { query: { month: '2025-12', cursor } }));
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'AUDIT#2025-12' },
      ExclusiveStartKey: { PK: 'AUDIT#2025-12', SK: '2025-12-31T00:00:00.000Z#X' },
    });
    dynamo.resetHistory();
    const other = await invoke(auditLog, asAdmin('admin-audit-log', { query: { month: '2026-01', cursor } }));
    expect(other.statusCode).toBe(400);
    const badMonth = await invoke(auditLog, asAdmin('admin-audit-log', { query: { month: '2026-13' } }));
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.body.errors).toEqual({ month: 'month must look like 2026-11' });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
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
