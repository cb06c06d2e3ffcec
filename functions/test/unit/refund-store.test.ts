import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../src/adapters/dynamodb.js';
import {
  approvalTransaction,
  dynamoRefundStore,
  refusalTransaction,
  requestTransaction,
} from '../../src/data/refund-store.js';
import { toPaymentItem } from '../../src/data/payment-entity.js';
import { toRefundItem } from '../../src/data/refund-entity.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { ApprovalPlan, RequestPlan } from '../../src/domain/refunds/refunds.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { cancelled, transactItemsOf, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { SAMPLE_BUYER, SAMPLE_REFERRER, buyerProfileItem } from '../helpers/payment-samples.js';
import { activeSubscription, completedPayment, pendingRefund } from '../helpers/refund-samples.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';

/**
 * The DynamoDB side of refunds against the document client mocked: the exact transactions of a
 * request, an approval and a refusal (keys, conditions, counters, ledger, audit), how their
 * cancellation reasons are read, and the list and context reads (Queries on known partitions).
 */
const dynamo = useMockedDynamo();
const AT = '2026-12-15T12:00:00.000Z';
const PAYOUT = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';

/** The ADD counters of an item, by name. */
const addsOf = (
  item:
    | {
        Update?: {
          ExpressionAttributeNames?: Record<string, string>;
          ExpressionAttributeValues?: Record<string, unknown>;
        };
      }
    | undefined,
) =>
  Object.fromEntries(
    Object.entries(item?.Update?.ExpressionAttributeNames ?? {})
      .filter(([alias]) => alias.startsWith('#c'))
      .map(([alias, name]) => [name, item?.Update?.ExpressionAttributeValues?.[alias.replace('#', ':')]]),
  );
const keyOf = (
  item: { Update?: { Key?: Record<string, unknown> }; Put?: { Item?: Record<string, unknown> } } | undefined,
) => (item?.Update ? `${item.Update.Key?.PK} ${item.Update.Key?.SK}` : `${item?.Put?.Item?.PK} ${item?.Put?.Item?.SK}`);

describe('request transaction', () => {
  const payment = completedPayment();
  const refund = pendingRefund(payment, { createdAt: AT, requestedAt: AT });
  const plan = (overrides: Partial<RequestPlan> = {}): RequestPlan => ({
    refund,
    payment,
    replacesRefused: false,
    audit: null,
    ...overrides,
  });

  it('writes the request, makes the payment its marker, mirrors it on the purchase and counts it pending', () => {
    const items = requestTransaction(plan());
    expect(items.map(keyOf)).toEqual([
      `REFUND#${refund._id} REFUND#${refund._id}`,
      `PAYMENT#${payment._id} PAYMENT#${payment._id}`,
      `USER#${SAMPLE_BUYER._id} SUB#${payment.subscriptionId}`,
      'STATS#REFUNDS TOTAL',
    ]);
    expect(items[0]?.Put).toMatchObject({
      TableName: tableName,
      Item: { entity: 'Refund', status: 'pending', GSI2PK: 'REFUNDS#pending', GSI2SK: `${AT}#${refund._id}` },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    // One request per payment: the payment is the marker.
    expect(items[1]?.Update).toMatchObject({
      UpdateExpression: 'SET refundId = :r, refundStatus = :pending, updatedAt = :at',
      ConditionExpression: '#status = :completed AND userId = :u AND attribute_not_exists(refundId)',
    });
    expect(items[2]?.Update).toMatchObject({
      ConditionExpression: 'paymentId = :p',
      ExpressionAttributeValues: { ':refund': { _id: refund._id, status: 'pending', requestedAt: AT } },
    });
    expect(addsOf(items[3])).toEqual({ total: 1, pending: 1, pendingAmount: payment.amount });
  });

  it("lets an admin's request take the place of a refused one, with its audit entry", () => {
    const audit = {
      _id: 'A1',
      actor: ADMIN,
      action: 'refund.create' as const,
      target: { type: 'refund' as const, id: refund._id },
      details: {},
      at: AT,
    };
    const items = requestTransaction(plan({ replacesRefused: true, audit }));
    expect(items[1]?.Update?.ConditionExpression).toBe(
      '#status = :completed AND userId = :u AND (attribute_not_exists(refundId) OR refundStatus = :refused)',
    );
    expect(items[4]?.Put).toMatchObject({ Item: { PK: `AUDIT#${AT.slice(0, 7)}`, action: 'refund.create' } });
  });

  it('reads a cancellation on the payment or the purchase as "the payment changed", and retries conflicts', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed'))
      .rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed'))
      .rejectsOnce(cancelled('None', 'None', 'None', 'TransactionConflict'))
      .resolvesOnce({});
    expect(await dynamoRefundStore.commitRequest(plan())).toEqual({ kind: 'payment-changed' });
    expect(await dynamoRefundStore.commitRequest(plan())).toEqual({ kind: 'payment-changed' });
    expect(await dynamoRefundStore.commitRequest(plan())).toEqual({ kind: 'conflict' });
    expect(await dynamoRefundStore.commitRequest(plan())).toEqual({ kind: 'committed' });
  });
});

describe('approval transaction', () => {
  const row = (id: string, startDate: string, endDate: string, extra: Partial<SubscriptionRecord> = {}) =>
    ({
      ...activeSubscription(completedPayment({ packageSlug: 'basic', subscriptionId: id })),
      _id: id,
      createdAt: '2026-12-12T09:00:00.000Z',
      startDate,
      endDate,
      ...extra,
    }) as SubscriptionRecord;
  const payment = completedPayment({
    packageSlug: 'basic',
    packageName: 'Basic Package',
    amount: 50,
    referralUserId: SAMPLE_REFERRER._id,
    referralCredited: true,
    refundId: 'R1',
    refundStatus: 'pending',
  });
  const refunded = row(payment.subscriptionId, '2027-02-01', '2027-02-28', { paymentId: payment._id });
  const later = row('C', '2027-03-01', '2027-03-31');
  const plan = (overrides: Partial<ApprovalPlan> = {}): ApprovalPlan => ({
    refund: pendingRefund(payment, { _id: 'R1', amount: 50 }),
    payment,
    subscription: refunded,
    adminId: ADMIN,
    at: AT,
    payoutTxid: PAYOUT,
    note: 'Sent',
    moved: [{ row: later, period: { startDate: '2027-02-01', endDate: '2027-02-28' }, isExtension: true }],
    paidThrough: { read: '2027-03-31', next: '2027-02-28' },
    clawback: {
      referrerId: SAMPLE_REFERRER._id,
      amount: 2,
      fromAvailable: 0.5,
      owed: 1.5,
      availableRead: 0.5,
      owedRead: 0,
      ledgerId: 'L1',
    },
    audit: {
      _id: 'A1',
      actor: ADMIN,
      action: 'refund.approve',
      target: { type: 'refund', id: 'R1' },
      details: {},
      at: AT,
    },
    ...overrides,
  });

  it('decides the refund, ends the purchase, moves the later month, takes the reward back and counts the refund apart', () => {
    const { items, sensitive } = approvalTransaction(plan());
    expect(items.map(keyOf)).toEqual([
      'REFUND#R1 REFUND#R1',
      `PAYOUTTXID#${PAYOUT} PAYOUTTXID`,
      `PAYMENT#${payment._id} PAYMENT#${payment._id}`,
      `USER#${SAMPLE_BUYER._id} SUB#${payment.subscriptionId}`,
      `USER#${later.userId} SUB#C`,
      `USER#${SAMPLE_BUYER._id} PROFILE`,
      `USER#${SAMPLE_REFERRER._id} PROFILE`,
      `USER#${SAMPLE_REFERRER._id} LEDGER#L1`,
      'STATS#PAYMENTS TOTAL',
      'STATS#PAYMENTS DAY#2026-12-15',
      'STATS#PAYMENTS MONTH#2026-12',
      'STATS#PAYMENTS YEAR#2026',
      'STATS#PAYMENTS PACKAGE#basic',
      'STATS#PAYMENTS PKGMONTH#2026-12#basic',
      `STATS#SUBSCRIPTIONS MONTH#${refunded.createdAt.slice(0, 7)}`,
      'STATS#REFUNDS TOTAL',
      `AUDIT#2026-12 ${AT}#A1`,
    ]);
    // Decided once: the refund's status is the guard, with the old image to answer a repeat.
    expect(items[0]?.Update).toMatchObject({
      ConditionExpression: '#status = :pending',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      ExpressionAttributeValues: { ':txid': PAYOUT, ':list': 'REFUNDS#approved', ':note': 'Sent' },
    });
    expect(items[1]?.Put).toMatchObject({ ConditionExpression: 'attribute_not_exists(PK)', Item: { refundId: 'R1' } });
    expect(items[2]?.Update).toMatchObject({
      ConditionExpression: '#status = :completed AND refundId = :r',
      ExpressionAttributeValues: { ':refunded': 'refunded', ':list': 'PAYMENTS#refunded', ':txid': PAYOUT },
    });
    expect(items[3]?.Update?.UpdateExpression).toContain('REMOVE GSI2PK, GSI2SK, GSI3PK, GSI3SK');
    expect(items[3]?.Update).toMatchObject({
      ConditionExpression: 'paymentId = :p AND #status = :read',
      ExpressionAttributeValues: {
        ':refunded': 'refunded',
        ':read': 'active',
        ':refund': { _id: 'R1', status: 'approved', payoutTxid: PAYOUT, decidedAt: AT },
      },
    });
    expect(items[4]?.Update).toMatchObject({
      ConditionExpression: '#status = :active AND startDate = :oldStart AND endDate = :oldEnd',
      ExpressionAttributeValues: {
        ':start': '2027-02-01',
        ':end': '2027-02-28',
        ':oldStart': '2027-03-01',
        ':g3sk': '2027-02-28#C',
        // Not mailed yet and starting later: its "starts today" mail follows the new start.
        ':g2pk': 'ACTIVATION#2027-02-01',
      },
    });
    expect(items[5]?.Update).toMatchObject({
      UpdateExpression: 'SET basicPaidThrough = :next, updatedAt = :at',
      ConditionExpression: 'attribute_exists(PK) AND basicPaidThrough = :read',
      ExpressionAttributeValues: { ':next': '2027-02-28', ':read': '2027-03-31' },
    });
    expect(addsOf(items[6])).toEqual({
      referralEarnings: -0.5,
      referralOwed: 1.5,
      referralClawedBack: 2,
      referralCount: -1,
    });
    expect(items[6]?.Update).toMatchObject({
      ConditionExpression:
        'referralEarnings = :available AND (attribute_not_exists(referralOwed) OR referralOwed <= :owedRead)',
      ExpressionAttributeValues: { ':available': 0.5, ':owedRead': 0 },
    });
    expect(items[7]?.Put?.Item).toMatchObject({
      type: 'clawback',
      amount: 2,
      fromAvailable: 0.5,
      owed: 1.5,
      sourceId: payment._id,
      refundId: 'R1',
    });
    const refundedCounters = { refundedCount: 1, refundedAmount: 50 };
    for (const i of [8, 9, 10, 11, 12, 13]) expect(addsOf(items[i])).toEqual(refundedCounters);
    expect(addsOf(items[14])).toEqual({ active: -1, refunded: 1 });
    expect(addsOf(items[15])).toEqual({ pending: -1, approved: 1, pendingAmount: -50, approvedAmount: 50 });
    expect(sensitive).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('removes the paid-through month when no Basic remains, and moves a month starting in the past out of the activation list', () => {
    const { items } = approvalTransaction(
      plan({
        paidThrough: { read: '2027-02-28', next: null },
        moved: [{ row: later, period: { startDate: '2026-12-01', endDate: '2026-12-31' }, isExtension: false }],
        clawback: null,
      }),
    );
    expect(items[4]?.Update?.UpdateExpression).toContain('REMOVE GSI2PK, GSI2SK');
    expect(items[5]?.Update?.UpdateExpression).toBe('SET updatedAt = :at REMOVE basicPaidThrough');
  });

  it('counts an expired purchase off the expired counter', () => {
    const { items } = approvalTransaction(
      plan({ subscription: { ...refunded, status: 'expired' }, moved: [], paidThrough: null, clawback: null }),
    );
    expect(addsOf(items.find((i) => keyOf(i).startsWith('STATS#SUBSCRIPTIONS')))).toEqual({ expired: -1, refunded: 1 });
  });

  it.each([
    [['ConditionalCheckFailed'], 'not-pending'],
    [['None', 'ConditionalCheckFailed'], 'payout-used'],
    [['None', 'None', 'ConditionalCheckFailed'], 'context-changed'],
    [['None', 'None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed'], 'context-changed'],
    [['None', 'None', 'None', 'None', 'None', 'None', 'None', 'None', 'TransactionConflict'], 'conflict'],
  ])('reads the cancellation %j as %s', async (codes, kind) => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
    expect(await dynamoRefundStore.commitApproval(plan())).toEqual({ kind });
  });
});

describe('refusal transaction', () => {
  it('decides the refund, marks the payment and the purchase, counts and audits; nothing else moves', () => {
    const payment = completedPayment({ refundId: 'R1', refundStatus: 'pending' });
    const items = refusalTransaction({
      refund: pendingRefund(payment, { _id: 'R1' }),
      adminId: ADMIN,
      at: AT,
      reason: 'A profit month',
      audit: {
        _id: 'A1',
        actor: ADMIN,
        action: 'refund.refuse',
        target: { type: 'refund', id: 'R1' },
        details: {},
        at: AT,
      },
    });
    expect(items.map(keyOf)).toEqual([
      'REFUND#R1 REFUND#R1',
      `PAYMENT#${payment._id} PAYMENT#${payment._id}`,
      `USER#${SAMPLE_BUYER._id} SUB#${payment.subscriptionId}`,
      'STATS#REFUNDS TOTAL',
      `AUDIT#2026-12 ${AT}#A1`,
    ]);
    expect(items[0]?.Update).toMatchObject({
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: { ':reason': 'A profit month', ':list': 'REFUNDS#refused' },
    });
    expect(items[1]?.Update).toMatchObject({
      ConditionExpression: 'refundId = :r',
      ExpressionAttributeValues: { ':refused': 'refused' },
    });
    expect(items[2]?.Update?.ExpressionAttributeValues?.[':refund']).toMatchObject({
      status: 'refused',
      refusalReason: 'A profit month',
    });
    expect(addsOf(items[3])).toEqual({ pending: -1, refused: 1, pendingAmount: -payment.amount });
  });
});

describe('reads', () => {
  it('lists one status newest first from GSI2 and reads the counts', async () => {
    const payment = completedPayment();
    dynamo.on(QueryCommand).resolves({ Items: [toRefundItem(pendingRefund(payment))] });
    dynamo.on(GetCommand, { Key: { PK: 'STATS#REFUNDS', SK: 'TOTAL' } }).resolves({
      Item: { total: 3, pending: 1, approved: 1, refused: 1 },
    });
    const page = await dynamoRefundStore.listRefunds('approved', { limit: 20 });
    expect(page.items[0]?.paymentId).toBe(payment._id);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list',
      ExpressionAttributeValues: { ':list': 'REFUNDS#approved' },
      ScanIndexForward: false,
      Limit: 20,
    });
    expect(await dynamoRefundStore.refundCounts()).toEqual({ total: 3, pending: 1, approved: 1, refused: 1 });
  });

  it("reads an approval's context: the payment, the payer and referrer profiles, the payer's rows (no Scan)", async () => {
    const payment = completedPayment({ referralUserId: SAMPLE_REFERRER._id, referralCredited: true, refundId: 'R1' });
    dynamo.on(GetCommand).resolves({ Item: toPaymentItem(payment) });
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [tableName]: [
          buyerProfileItem({ basicPaidThrough: '2027-01-31' }),
          { PK: `USER#${SAMPLE_REFERRER._id}`, SK: 'PROFILE', referralEarnings: 4, referralOwed: 1 },
        ],
      },
    });
    dynamo.on(QueryCommand).resolves({ Items: [toSubscriptionItem(activeSubscription(payment))] });
    const context = await dynamoRefundStore.loadApprovalContext(pendingRefund(payment, { _id: 'R1' }));
    expect(context.payer).toEqual({
      username: 'jane_doe',
      email: 'jane.doe@example.com',
      basicPaidThrough: '2027-01-31',
    });
    expect(context.referrer).toEqual({ available: 4, owed: 1 });
    expect(context.subscriptions.map((s) => s._id)).toEqual([payment.subscriptionId]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${SAMPLE_BUYER._id}`, ':prefix': 'SUB#' },
      ConsistentRead: true,
    });
    expect(transactItemsOf(dynamo)).toEqual([]);
  });

  it("asks for the payer's rows only once the profiles have answered, so the paid-through day read covers them", async () => {
    const payment = completedPayment({ refundId: 'R1' });
    const order: string[] = [];
    dynamo.on(GetCommand).resolves({ Item: toPaymentItem(payment) });
    dynamo.on(BatchGetCommand).callsFake(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('profiles answered');
      return { Responses: { [tableName]: [buyerProfileItem({ basicPaidThrough: '2027-01-31' })] } };
    });
    dynamo.on(QueryCommand).callsFake(async () => {
      order.push('rows asked');
      return { Items: [] };
    });
    await dynamoRefundStore.loadApprovalContext(pendingRefund(payment, { _id: 'R1' }));
    expect(order).toEqual(['profiles answered', 'rows asked']);
  });
});
