import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_WORK_MESSAGES,
  RATE_LIMITS,
  setupChecklistResponseSchema,
  testMailResponseSchema,
  workCountsResponseSchema,
  type RouteId,
} from '@goldbot/shared';
import {
  CALLERS,
  givenItems,
  httpEvent,
  invoke,
  profileItemOf,
  type Claims,
  type HttpHandler,
} from '../helpers/lambda.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/** The three routes of the administrators' work in process, over a mocked table and SES. */
const dynamo = useMockedDynamo();
const outbox = useAwsOutbox();
const ADMIN_PROFILE = { PK: `USER#${CALLERS.admin.sub}`, SK: 'PROFILE' };

beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(BatchGetCommand).resolves({ Responses: {} });
  dynamo.on(UpdateCommand).resolves({});
  givenItems(
    dynamo,
    { ...ADMIN_PROFILE, ...profileItemOf(CALLERS.admin) },
    { PK: `USER#${CALLERS.user.sub}`, SK: 'PROFILE', ...profileItemOf(CALLERS.user) },
  );
});

const ROUTE_IDS = ['admin-work-counts', 'admin-setup-checklist', 'admin-test-mail'] as const satisfies RouteId[];
const handlers = new Map<RouteId, HttpHandler>();
// Loaded once up front: a handler's first import (its bundle's modules) is slow on a busy machine.
beforeAll(async () => {
  for (const id of ROUTE_IDS) {
    handlers.set(id, ((await import(`../../src/handlers/${id}.ts`)) as { handler: HttpHandler }).handler);
  }
}, 60_000);

const call = async (routeId: (typeof ROUTE_IDS)[number], claims: Claims = CALLERS.admin, body?: unknown) => {
  const handler = handlers.get(routeId);
  if (!handler) throw new Error(`${routeId} not loaded`);
  return invoke(handler, httpEvent({ routeId, claims, ...(body === undefined ? {} : { body }) }));
};
const getsOf = (pk: string) => dynamo.commandCalls(GetCommand).filter((c) => c.args[0].input.Key?.PK === pk);
const updatesOf = (pk: string): UpdateCommandInput[] =>
  dynamo
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((input) => String(input.Key?.PK).startsWith(pk));

describe('admin-work-counts', () => {
  it('answers every kind from its counter, read consistently: payments, withdrawals, refunds, unread messages, unmatched transfers', async () => {
    givenItems(
      dynamo,
      { PK: 'STATS#PAYMENTS', SK: 'TOTAL', pendingCount: 4, completedCount: 90 },
      { PK: 'STATS#WITHDRAWALS', SK: 'TOTAL', pending: 2, total: 11 },
      { PK: 'STATS#REFUNDS', SK: 'TOTAL', pending: 3, approved: 5, total: 9 },
      { PK: 'STATS#CONTACTS', SK: 'TOTAL', unread: 7, total: 40 },
      { PK: 'STATS#TRANSFERS', SK: 'TOTAL', unmatched: 1 },
    );
    const res = await call('admin-work-counts');
    expect(res.statusCode).toBe(200);
    expect(workCountsResponseSchema.parse(res.body).counts).toEqual({
      pendingPayments: 4,
      pendingWithdrawals: 2,
      refundRequests: 3,
      unreadMessages: 7,
      unmatchedTransfers: 1,
    });
    for (const pk of ['STATS#PAYMENTS', 'STATS#WITHDRAWALS', 'STATS#REFUNDS', 'STATS#CONTACTS', 'STATS#TRANSFERS']) {
      expect(getsOf(pk).map((c) => c.args[0].input)).toEqual([
        expect.objectContaining({ Key: { PK: pk, SK: 'TOTAL' }, ConsistentRead: true }),
      ]);
    }
    // A count is one GetItem per kind: no list is read.
    expect(dynamo.commandCalls(QueryCommand)).toEqual([]);
  });

  it('reads a counter below zero as nothing waiting', async () => {
    givenItems(dynamo, { PK: 'STATS#TRANSFERS', SK: 'TOTAL', unmatched: -1 });
    const res = await call('admin-work-counts');
    expect(workCountsResponseSchema.parse(res.body).counts.unmatchedTransfers).toBe(0);
  });

  it('reads counters that were never written as 0', async () => {
    const res = await call('admin-work-counts');
    expect(workCountsResponseSchema.parse(res.body).counts).toEqual({
      pendingPayments: 0,
      pendingWithdrawals: 0,
      refundRequests: 0,
      unreadMessages: 0,
      unmatchedTransfers: 0,
    });
  });

  it('is for administrators only', async () => {
    expect((await call('admin-work-counts', CALLERS.user)).statusCode).toBe(403);
    expect(getsOf('STATS#PAYMENTS')).toEqual([]);
  });
});

describe('admin-setup-checklist', () => {
  it('derives every step from the profile, the settings and the active USDT wallet', async () => {
    givenItems(
      dynamo,
      { ...ADMIN_PROFILE, ...profileItemOf(CALLERS.admin), testMailSentAt: '2026-11-20T09:00:00.000Z' },
      { PK: 'SETTINGS', SK: 'SUBSCRIPTION', copyTradingLink: 'https://broker.example/copy/1' },
      {
        PK: 'ACTIVEWALLET#USDT',
        SK: 'ACTIVEWALLET',
        walletId: 'w1',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        network: 'TRC20',
        currency: 'USDT',
      },
    );
    const res = await call('admin-setup-checklist');
    expect(res.statusCode).toBe(200);
    expect(setupChecklistResponseSchema.parse(res.body)).toEqual({
      success: true,
      // ADMIN_MFA_REQUIRED is off here, as on the local stack: no TOTP to enrol.
      steps: [
        { id: 'totp', done: false, available: false },
        { id: 'copyTradingLink', done: true, available: true },
        { id: 'trc20Wallet', done: true, available: true },
        { id: 'testMail', done: true, available: true },
      ],
      complete: true,
    });
  });

  it('is open on a fresh install', async () => {
    const body = setupChecklistResponseSchema.parse((await call('admin-setup-checklist')).body);
    expect(body.steps.filter((step) => step.available).map((step) => step.done)).toEqual([false, false, false]);
    expect(body.complete).toBe(false);
  });

  it('is for administrators only', async () => {
    expect((await call('admin-setup-checklist', CALLERS.user)).statusCode).toBe(403);
  });
});

describe('admin-test-mail', () => {
  it('mails the signed-in administrator’s own address, records the step on their profile and says so', async () => {
    const res = await call('admin-test-mail', CALLERS.admin, {});
    expect(res.statusCode).toBe(200);
    const body = testMailResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      sentTo: 'admin@example.com',
      message: ADMIN_WORK_MESSAGES.testMailSent('admin@example.com'),
    });
    expect(outbox.mails).toHaveLength(1);
    expect(outbox.mails[0]).toMatchObject({ to: ['admin@example.com'], subject: 'GoldBot admin: test mail' });
    expect(outbox.mails[0]?.html).toContain('href="http://localhost:5173/admin/dashboard"');
    expect(updatesOf('USER#')).toEqual([
      expect.objectContaining({
        Key: ADMIN_PROFILE,
        UpdateExpression: 'SET testMailSentAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': body.sentAt },
      }),
    ]);
  });

  it('ignores any address in the body: it can mail no one but the caller', async () => {
    await call('admin-test-mail', CALLERS.admin, { to: 'victim@example.com', email: 'victim@example.com' });
    expect(outbox.mails.map((mail) => mail.to)).toEqual([['admin@example.com']]);
  });

  it('is limited per administrator, and a full window answers 429 without mailing', async () => {
    await call('admin-test-mail', CALLERS.admin, {});
    const [counter] = updatesOf('RATE#');
    expect(counter?.Key?.PK).toBe(`RATE#adminTestMailPerUser#user:${CALLERS.admin.sub}`);
    expect(counter?.ExpressionAttributeValues).toMatchObject({ ':limit': RATE_LIMITS.adminTestMailPerUser.limit });
    outbox.reset();
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    const refused = await call('admin-test-mail', CALLERS.admin, {});
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(outbox.mails).toEqual([]);
  });

  it('answers 503 with what to check when SES refuses the mail, and records nothing', async () => {
    outbox.refuse('MessageRejected', 400, 'Email address is not verified.');
    const res = await call('admin-test-mail', CALLERS.admin, {});
    expect(res.statusCode).toBe(503);
    expect((res.body as { message: string }).message).toBe(ADMIN_WORK_MESSAGES.testMailFailed);
    expect(updatesOf('USER#')).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await call('admin-test-mail', CALLERS.user, {})).statusCode).toBe(403);
    expect(outbox.mails).toEqual([]);
  });
});
