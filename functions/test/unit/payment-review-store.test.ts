import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../src/adapters/dynamodb.js';
import { toPaymentItem, toTxidMarkerItem } from '../../src/data/payment-entity.js';
import type { PaymentRecord } from '../../src/domain/records/payment-record.js';
import { approvalTransaction, dynamoPaymentReviewStore } from '../../src/data/payment-review-store.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { dynamoWalletStore, walletSaveTransaction } from '../../src/data/wallet-store.js';
import type { ApprovalPlan, RejectionPlan } from '../../src/domain/commerce/payment-decisions.js';
import type { WalletSavePlan } from '../../src/domain/commerce/wallets.js';
import { decodeCursor, encodeCursor } from '../../src/data/cursor.js';
import {
  SAMPLE_BUYER,
  SAMPLE_REFERRER,
  buyerProfileItem,
  pendingPayment,
  pendingSubscription,
} from '../helpers/payment-samples.js';
import { cancelled, transactItemsOf, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';

/**
 * The DynamoDB side of the admin payment queue and the wallets, against the document client
 * mocked: the exact transactions of approval, rejection and wallet save (conditions, keys, counters, audit) and how
 * their cancellation reasons are read; the list queries and the bounded search.
 */
const dynamo = useMockedDynamo();

const TABLE = tableName;
const AT = '2026-11-23T12:00:00.000Z';

const transactItems = () => transactItemsOf(dynamo);

function approvalPlan(payment: PaymentRecord, overrides: Partial<ApprovalPlan> = {}): ApprovalPlan {
  return {
    payment,
    subscription: pendingSubscription(payment, { createdAt: '2026-10-31T23:00:00.000Z' }),
    adminId: ADMIN,
    at: AT,
    period: { startDate: '2026-12-01', endDate: '2026-12-31' },
    isExtension: false,
    paidThrough: { read: null, next: '2026-12-31' },
    referralCredit: { referrerId: SAMPLE_REFERRER._id, amount: 2, ledgerId: 'LEDGER1', offset: 0, owedRead: 0 },
    audit: {
      _id: 'AUDIT1',
      actor: ADMIN,
      action: 'payment.approve',
      target: { type: 'payment', id: payment._id },
      details: {},
      at: AT,
    },
    ...overrides,
  };
}

describe('approval transaction', () => {
  it('moves the payment, activates the subscription, locks the paid-through month, credits the referrer, counts and audits', () => {
    const payment = pendingPayment({ referralUserId: SAMPLE_REFERRER._id });
    const { items, sensitive, txidCheck } = approvalTransaction(approvalPlan(payment));
    expect(items).toHaveLength(14);
    // Last: the TXID's marker still names this payment (a transfer the chain gave another payment
    // must not complete this one too).
    expect(txidCheck).toBe(13);
    expect(items[13]?.ConditionCheck).toMatchObject({
      Key: { PK: `TXID#${payment.txidNormalized}`, SK: 'TXID' },
      ConditionExpression: 'attribute_not_exists(PK) OR paymentId = :p',
      ExpressionAttributeValues: { ':p': payment._id },
    });
    expect(items[0]?.Update).toMatchObject({
      TableName: TABLE,
      Key: { PK: `PAYMENT#${payment._id}`, SK: `PAYMENT#${payment._id}` },
      ConditionExpression: '#status = :pending',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      ExpressionAttributeValues: {
        ':completed': 'completed',
        ':list': 'PAYMENTS#completed',
        ':admin': ADMIN,
        ':credited': true,
      },
    });
    expect(items[1]?.Update).toMatchObject({
      Key: { PK: `USER#${SAMPLE_BUYER._id}`, SK: `SUB#${payment.subscriptionId}` },
      ConditionExpression: '#status = :pending AND paymentId = :p',
      ExpressionAttributeValues: {
        ':start': '2026-12-01',
        ':end': '2026-12-31',
        ':g2pk': 'ACTIVATION#2026-12-01',
        ':g2sk': `2026-10-31T23:00:00.000Z#${payment.subscriptionId}`,
        ':g3pk': 'EXPIRES',
        ':g3sk': `2026-12-31#${payment.subscriptionId}`,
        ':false': false,
      },
    });
    expect(items[2]?.Update).toMatchObject({
      Key: { PK: `USER#${SAMPLE_BUYER._id}`, SK: 'PROFILE' },
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(basicPaidThrough)',
      ExpressionAttributeValues: { ':next': '2026-12-31' },
    });
    expect(items[3]?.Update).toMatchObject({
      Key: { PK: `USER#${SAMPLE_REFERRER._id}`, SK: 'PROFILE' },
      UpdateExpression: 'ADD #c0 :c0, #c1 :c1, #c2 :c2 SET #s0 = :s0',
      ExpressionAttributeNames: {
        '#c0': 'referralCount',
        '#c1': 'referralEarnings',
        '#c2': 'referralLifetime',
        '#s0': 'updatedAt',
      },
      ExpressionAttributeValues: { ':c0': 1, ':c1': 2, ':c2': 2, ':s0': AT, ':owedRead': 0 },
      // Nothing owed from refunds when read: a clawback landing meanwhile makes the approval read again.
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(referralOwed) OR referralOwed <= :owedRead)',
    });
    expect(items[4]?.Put).toMatchObject({
      Item: {
        PK: `USER#${SAMPLE_REFERRER._id}`,
        SK: 'LEDGER#LEDGER1',
        type: 'credit',
        amount: 2,
        sourceType: 'payment',
        sourceId: payment._id,
        refereeId: SAMPLE_BUYER._id,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    const counters = items.slice(5, 12).map((i) => ({
      key: `${i.Update?.Key?.PK} ${i.Update?.Key?.SK}`,
      adds: Object.fromEntries(
        Object.entries(i.Update?.ExpressionAttributeNames ?? {}).map(([alias, name]) => [
          name,
          i.Update?.ExpressionAttributeValues?.[alias.replace('#', ':')],
        ]),
      ),
    }));
    const revenue = { completedCount: 1, completedAmount: 50 };
    expect(counters).toEqual([
      { key: 'STATS#PAYMENTS TOTAL', adds: { pendingCount: -1, pendingAmount: -50, ...revenue } },
      { key: 'STATS#PAYMENTS DAY#2026-11-23', adds: revenue },
      { key: 'STATS#PAYMENTS MONTH#2026-11', adds: revenue },
      { key: 'STATS#PAYMENTS YEAR#2026', adds: revenue },
      { key: 'STATS#PAYMENTS PACKAGE#basic', adds: revenue },
      { key: 'STATS#PAYMENTS PKGMONTH#2026-11#basic', adds: revenue },
      // The subscription's creation month, not the approval's.
      { key: 'STATS#SUBSCRIPTIONS MONTH#2026-10', adds: { pending: -1, active: 1 } },
    ]);
    expect(items[12]?.Put).toMatchObject({
      Item: {
        PK: 'AUDIT#2026-11',
        SK: `${AT}#AUDIT1`,
        entity: 'AuditEntry',
        actor: ADMIN,
        action: 'payment.approve',
        target: { type: 'payment', id: payment._id },
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(sensitive).toEqual([2, 3, 4, 12]);
  });

  it('conditions the paid-through month on the value read, and leaves Ultimate without end date, activation or expiry keys', () => {
    const basic = approvalTransaction(
      approvalPlan(pendingPayment(), { paidThrough: { read: '2026-12-31', next: '2027-01-31' }, referralCredit: null }),
    );
    expect(basic.items[2]?.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(PK) AND basicPaidThrough = :read',
      ExpressionAttributeValues: { ':read': '2026-12-31', ':next': '2027-01-31' },
    });
    expect(basic.items).toHaveLength(12);

    const ultimate = pendingPayment({ packageSlug: 'ultimate', packageName: 'Ultimate Package' });
    const { items } = approvalTransaction(
      approvalPlan(ultimate, {
        period: { startDate: '2026-11-23', endDate: null },
        paidThrough: null,
        referralCredit: null,
      }),
    );
    expect(items).toHaveLength(12);
    // The buyer has one pending payment fewer (the submission limit).
    expect(items[2]?.Update).toMatchObject({ Key: { PK: `USER#${ultimate.userId}`, SK: 'PROFILE' } });
    expect(items[2]?.Update?.UpdateExpression).toContain('ADD');
    expect(items[2]?.Update?.ExpressionAttributeValues).toMatchObject({ ':c0': -1 });
    expect(items[1]?.Update?.UpdateExpression).not.toMatch(/GSI2PK|GSI3PK/);
    expect(items[1]?.Update?.ExpressionAttributeValues).toMatchObject({ ':end': null });
    expect(items[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':credited': false });
  });

  it('settles what the referrer owes from refunds first: only the rest of the reward becomes available', () => {
    const payment = pendingPayment({ referralUserId: SAMPLE_REFERRER._id });
    const { items } = approvalTransaction(
      approvalPlan(payment, {
        referralCredit: { referrerId: SAMPLE_REFERRER._id, amount: 2, ledgerId: 'LEDGER1', offset: 1.5, owedRead: 1.5 },
      }),
    );
    expect(items[3]?.Update).toMatchObject({
      Key: { PK: `USER#${SAMPLE_REFERRER._id}`, SK: 'PROFILE' },
      ExpressionAttributeNames: {
        '#c0': 'referralCount',
        '#c1': 'referralEarnings',
        '#c2': 'referralLifetime',
        '#c3': 'referralOwed',
      },
      ExpressionAttributeValues: { ':c0': 1, ':c1': 0.5, ':c2': 2, ':c3': -1.5, ':owedRead': 1.5 },
      ConditionExpression: 'attribute_exists(PK) AND referralOwed = :owedRead',
    });
    expect(items[4]?.Put?.Item).toMatchObject({ type: 'credit', amount: 2, offset: 1.5 });
  });
});

describe('dynamoPaymentReviewStore decisions', () => {
  const payment = pendingPayment({ referralUserId: SAMPLE_REFERRER._id });

  it.each([
    [['ConditionalCheckFailed'], 'payment-not-pending'],
    [['None', 'ConditionalCheckFailed'], 'subscription-not-pending'],
    [['None', 'None', 'ConditionalCheckFailed'], 'context-changed'],
    [['None', 'None', 'None', 'ConditionalCheckFailed'], 'context-changed'],
    [['None', 'None', 'None', 'None', 'None', 'TransactionConflict'], 'conflict'],
    [['TransactionConflict', 'None'], 'conflict'],
    [[...Array.from({ length: 13 }, () => 'None'), 'ConditionalCheckFailed'], 'txid-elsewhere'],
  ])('reads cancellation reasons %j as %s', async (codes, kind) => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
    await expect(dynamoPaymentReviewStore.commitApproval(approvalPlan(payment))).resolves.toEqual({ kind });
  });

  it('commits, and rethrows what it cannot read', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await expect(dynamoPaymentReviewStore.commitApproval(approvalPlan(payment))).resolves.toEqual({
      kind: 'committed',
    });
    dynamo.on(TransactWriteCommand).rejects(new Error('network down'));
    await expect(dynamoPaymentReviewStore.commitApproval(approvalPlan(payment))).rejects.toThrow('network down');
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ValidationError'));
    await expect(dynamoPaymentReviewStore.commitApproval(approvalPlan(payment))).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
  });

  it('rejects in one transaction: payment and subscription rejected, counters, audit; no balance touched', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const plan: RejectionPlan = {
      payment,
      subscription: pendingSubscription(payment),
      adminId: ADMIN,
      at: AT,
      audit: {
        _id: 'AUDIT2',
        actor: ADMIN,
        action: 'payment.reject',
        target: { type: 'payment', id: payment._id },
        details: {},
        at: AT,
      },
    };
    await expect(dynamoPaymentReviewStore.commitRejection(plan)).resolves.toEqual({ kind: 'committed' });
    const items = transactItems();
    expect(items.map((i) => i.Update?.Key ?? i.Put?.Item?.PK)).toEqual([
      { PK: `PAYMENT#${payment._id}`, SK: `PAYMENT#${payment._id}` },
      { PK: `USER#${SAMPLE_BUYER._id}`, SK: `SUB#${payment.subscriptionId}` },
      { PK: `USER#${SAMPLE_BUYER._id}`, SK: 'PROFILE' },
      { PK: 'STATS#PAYMENTS', SK: 'TOTAL' },
      { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-11' },
      'AUDIT#2026-11',
    ]);
    expect(items[2]?.Update?.ExpressionAttributeNames).toEqual({ '#c0': 'pendingPayments' });
    expect(items[2]?.Update?.ExpressionAttributeValues).toEqual({ ':c0': -1 });
    expect(items[0]?.Update).toMatchObject({
      ConditionExpression: '#status = :pending',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      ExpressionAttributeValues: { ':rejected': 'rejected', ':list': 'PAYMENTS#rejected', ':admin': ADMIN },
    });
    expect(items[3]?.Update?.ExpressionAttributeValues).toEqual({ ':c0': -1, ':c1': -50, ':c2': 1 });
    expect(items[3]?.Update?.ExpressionAttributeNames).toEqual({
      '#c0': 'pendingCount',
      '#c1': 'pendingAmount',
      '#c2': 'rejectedCount',
    });
    expect(JSON.stringify(items)).not.toMatch(/referralEarnings|LEDGER#|TXID#/);

    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(dynamoPaymentReviewStore.commitRejection(plan)).resolves.toEqual({ kind: 'payment-not-pending' });
  });
});

describe('dynamoPaymentReviewStore reads', () => {
  const payment = pendingPayment({ referralUserId: SAMPLE_REFERRER._id });
  const item = toPaymentItem(payment);

  it('lists a page of pending payments newest first from GSI2, with the next cursor', async () => {
    const last = { PK: item.PK, SK: item.SK, GSI2PK: 'PAYMENTS#pending', GSI2SK: item.GSI2SK };
    dynamo.on(QueryCommand).resolves({ Items: [item], LastEvaluatedKey: last });
    const page = await dynamoPaymentReviewStore.listPayments('pending', { limit: 20, budget: 200 });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list',
      ExpressionAttributeValues: { ':list': 'PAYMENTS#pending' },
      ScanIndexForward: false,
      Limit: 20,
      ExclusiveStartKey: undefined,
    });
    expect(page.items).toEqual([payment]);
    expect(decodeCursor(page.nextCursor ?? undefined, { GSI2PK: 'PAYMENTS#pending' })).toEqual(last);
  });

  it('refuses a cursor of another list', async () => {
    const forged = encodeCursor({ PK: 'x', SK: 'x', GSI2PK: 'PAYMENTS#pending', GSI2SK: 'x' }) ?? '';
    await expect(
      dynamoPaymentReviewStore.listPayments('all', { limit: 5, cursor: forged, budget: 200 }),
    ).rejects.toThrow('The page cursor is invalid');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('searches with a bounded filter: reads on until the page is full, within the evaluation budget', async () => {
    const row = (i: number) =>
      toPaymentItem(pendingPayment({ _id: `P${i}`, createdAt: `2026-11-2${i}T00:00:00.000Z` }));
    const keyOf = (i: number) => {
      const { PK, SK, GSI1PK, GSI1SK } = row(i);
      return { PK, SK, GSI1PK, GSI1SK };
    };
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [row(0), row(1)], ScannedCount: 120, LastEvaluatedKey: keyOf(1) })
      .resolvesOnce({ Items: [row(2), row(3), row(4)], ScannedCount: 50, LastEvaluatedKey: keyOf(4) });
    const page = await dynamoPaymentReviewStore.listPayments('all', { limit: 4, contains: 'jane', budget: 200 });
    const inputs = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(inputs.map((i) => [i.IndexName, i.FilterExpression, i.Limit, i.ExpressionAttributeValues])).toEqual([
      ['GSI1', 'contains(searchText, :q)', 200, { ':list': 'PAYMENTS', ':q': 'jane' }],
      ['GSI1', 'contains(searchText, :q)', 80, { ':list': 'PAYMENTS', ':q': 'jane' }],
    ]);
    expect(inputs[1]?.ExclusiveStartKey).toEqual(keyOf(1));
    // Five matches for a page of four: the cursor resumes right after the fourth, not after the fifth.
    expect(page.items.map((p) => p._id)).toEqual(['P0', 'P1', 'P2', 'P3']);
    expect(decodeCursor(page.nextCursor ?? undefined, { GSI1PK: 'PAYMENTS' })).toEqual(keyOf(3));
  });

  it('stops a search at the budget and hands back the cursor to search older payments', async () => {
    const key = { PK: 'P', SK: 'P', GSI1PK: 'PAYMENTS', GSI1SK: '2026' };
    dynamo.on(QueryCommand).resolves({ Items: [], ScannedCount: 200, LastEvaluatedKey: key });
    const page = await dynamoPaymentReviewStore.listPayments('all', { limit: 50, contains: 'zed', budget: 200 });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    expect(page.items).toEqual([]);
    expect(decodeCursor(page.nextCursor ?? undefined, { GSI1PK: 'PAYMENTS' })).toEqual(key);
  });

  it('keys a TXID marker for the search by the start of its TXID: GSI2 partition by its first two characters', () => {
    const marker = toTxidMarkerItem({
      txidNormalized: 'a1b2c3d4',
      paymentId: 'P1',
      subscriptionId: 'S1',
      userId: 'U1',
      packageSlug: 'pro',
      packageName: 'Pro Package',
      isExtension: false,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    expect(marker).toMatchObject({
      PK: 'TXID#a1b2c3d4',
      SK: 'TXID',
      entity: 'TxidMarker',
      GSI2PK: 'TXIDS#a1',
      GSI2SK: 'a1b2c3d4',
      paymentId: 'P1',
    });
  });

  it('finds payments by the start of their TXID: one Query of the markers, then their payments by key', async () => {
    const decided = pendingPayment({ _id: 'P-DECIDED', status: 'completed' });
    const markerOf = (p: PaymentRecord, txid: string) => ({
      PK: `TXID#${txid}`,
      SK: 'TXID',
      GSI2PK: 'TXIDS#a1',
      GSI2SK: txid,
      paymentId: p._id,
    });
    const last = { PK: 'TXID#a1b2ff', SK: 'TXID', GSI2PK: 'TXIDS#a1', GSI2SK: 'a1b2ff' };
    dynamo
      .on(QueryCommand)
      .resolves({ Items: [markerOf(decided, 'a1b2aa'), markerOf(payment, 'a1b2ff')], LastEvaluatedKey: last });
    dynamo.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [item, toPaymentItem(decided)] } });

    const all = await dynamoPaymentReviewStore.listPaymentsByTxidStart('all', 'a1b2', { limit: 2 });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list AND begins_with(GSI2SK, :prefix)',
      ExpressionAttributeValues: { ':list': 'TXIDS#a1', ':prefix': 'a1b2' },
      ScanIndexForward: true,
      Limit: 2,
      ExclusiveStartKey: undefined,
    });
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE]?.Keys).toEqual([
      { PK: 'PAYMENT#P-DECIDED', SK: 'PAYMENT#P-DECIDED' },
      { PK: `PAYMENT#${payment._id}`, SK: `PAYMENT#${payment._id}` },
    ]);
    // In the markers' (TXID) order, whatever order the BatchGetItem answered in.
    expect(all.items.map((p) => p._id)).toEqual(['P-DECIDED', payment._id]);
    expect(decodeCursor(all.nextCursor ?? undefined, { GSI2PK: 'TXIDS#a1' })).toEqual(last);

    const pending = await dynamoPaymentReviewStore.listPaymentsByTxidStart('pending', 'a1b2', { limit: 2 });
    expect(pending.items.map((p) => p._id)).toEqual([payment._id]);
  });

  it('refuses a cursor of the TXID-start search for another start', async () => {
    const other = encodeCursor({ PK: 'TXID#a1ff00', SK: 'TXID', GSI2PK: 'TXIDS#a1', GSI2SK: 'a1ff00' }) ?? '';
    await expect(
      dynamoPaymentReviewStore.listPaymentsByTxidStart('all', 'a1b2', { limit: 5, cursor: other }),
    ).rejects.toThrow('The page cursor is invalid');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('finds a payment id by its TXID marker (trimmed, lower-cased) and reads payments consistently', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: { PK: 'TXID#abcdef123456', SK: 'TXID' } }).resolves({ Item: { paymentId: 'P1' } });
    dynamo
      .on(GetCommand, { Key: { PK: `PAYMENT#${payment._id}`, SK: `PAYMENT#${payment._id}` } })
      .resolves({ Item: item });
    await expect(dynamoPaymentReviewStore.paymentIdByTxid(' ABCDEF123456 ')).resolves.toBe('P1');
    await expect(dynamoPaymentReviewStore.paymentIdByTxid('000000000000')).resolves.toBeUndefined();
    await expect(dynamoPaymentReviewStore.getPayment(payment._id)).resolves.toEqual(payment);
    expect(dynamo.commandCalls(GetCommand).at(-1)?.args[0].input.ConsistentRead).toBe(true);
  });

  it('reads the counts from STATS#PAYMENTS / TOTAL (zero when none)', async () => {
    dynamo.on(GetCommand).resolves({});
    await expect(dynamoPaymentReviewStore.paymentCounts()).resolves.toEqual({ completed: 0, pending: 0, rejected: 0 });
    dynamo
      .on(GetCommand, { Key: { PK: 'STATS#PAYMENTS', SK: 'TOTAL' } })
      .resolves({ Item: { completedCount: 4, pendingCount: 2, rejectedCount: 1, completedAmount: 200 } });
    await expect(dynamoPaymentReviewStore.paymentCounts()).resolves.toEqual({ completed: 4, pending: 2, rejected: 1 });
  });

  it('reads the approval context in one consistent BatchGetItem, retrying unprocessed keys', async () => {
    const subscription = pendingSubscription(payment);
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [buyerProfileItem({ basicPaidThrough: '2026-12-31' })] },
        UnprocessedKeys: { [TABLE]: { Keys: [{ PK: `USER#${SAMPLE_BUYER._id}`, SK: `SUB#${subscription._id}` }] } },
      })
      .resolves({ Responses: { [TABLE]: [toSubscriptionItem(subscription)] } });
    const context = await dynamoPaymentReviewStore.loadApprovalContext(payment);
    expect(context).toEqual({
      subscription,
      payer: { username: 'jane_doe', email: 'jane.doe@example.com', basicPaidThrough: '2026-12-31' },
      referrerExists: false,
      referrerOwed: 0,
    });
    const first = dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE];
    expect(first).toEqual({
      ConsistentRead: true,
      Keys: [
        { PK: `USER#${SAMPLE_BUYER._id}`, SK: 'PROFILE' },
        { PK: `USER#${SAMPLE_BUYER._id}`, SK: `SUB#${subscription._id}` },
        { PK: `USER#${SAMPLE_REFERRER._id}`, SK: 'PROFILE' },
      ],
    });
  });
});

describe('wallet save transaction', () => {
  const wallet = {
    _id: 'W-B',
    address: 'ADDRESS-B',
    network: 'TRC20',
    currency: 'USDT' as const,
    isActive: true,
    createdAt: AT,
    updatedAt: AT,
  };
  const audit = {
    _id: 'AUDIT3',
    actor: ADMIN,
    action: 'wallet.add' as const,
    target: { type: 'wallet' as const, id: 'W-B' },
    details: {},
    at: AT,
  };
  const plan = (overrides: Partial<WalletSavePlan> = {}): WalletSavePlan => ({
    mode: 'add',
    wallet,
    deactivate: { _id: 'W-A', address: 'ADDRESS-A' },
    pointer: { kind: 'put', expected: 'W-A' },
    audit,
    ...overrides,
  });

  it('adds the wallet, switches the previous one off and moves the pointer on the value read, with the audit entry', () => {
    const items = walletSaveTransaction(plan());
    expect(items[0]?.Put).toMatchObject({
      Item: { PK: 'WALLET#USDT#ADDRESS-B', SK: 'WALLET', GSI1PK: 'WALLETS', GSI1SK: `USDT#${AT}#W-B`, isActive: true },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[1]?.Update).toMatchObject({
      Key: { PK: 'WALLET#USDT#ADDRESS-A', SK: 'WALLET' },
      UpdateExpression: 'SET isActive = :false, updatedAt = :at',
      ExpressionAttributeValues: { ':false': false, ':id': 'W-A' },
    });
    expect(items[2]?.Put).toMatchObject({
      Item: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET', walletId: 'W-B', address: 'ADDRESS-B', network: 'TRC20' },
      ConditionExpression: 'walletId = :expected',
      ExpressionAttributeValues: { ':expected': 'W-A' },
    });
    expect(items[3]?.Put).toMatchObject({ Item: { PK: 'AUDIT#2026-11', action: 'wallet.add' } });
  });

  it('creates a missing pointer only if still missing, deletes it on deactivation, and updates in place', () => {
    expect(
      walletSaveTransaction(plan({ deactivate: null, pointer: { kind: 'put', expected: null } }))[1]?.Put,
    ).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    const off = walletSaveTransaction(
      plan({
        mode: 'update',
        wallet: { ...wallet, isActive: false },
        deactivate: null,
        pointer: { kind: 'delete', expected: 'W-B' },
      }),
    );
    expect(off[0]?.Update).toMatchObject({
      Key: { PK: 'WALLET#USDT#ADDRESS-B', SK: 'WALLET' },
      ConditionExpression: 'attribute_exists(PK) AND #id = :id',
      ExpressionAttributeValues: { ':active': false, ':id': 'W-B' },
    });
    expect(off[1]?.Delete).toMatchObject({
      Key: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' },
      ConditionExpression: 'walletId = :expected',
    });
    expect(walletSaveTransaction(plan({ deactivate: null, pointer: { kind: 'none' } }))).toHaveLength(2);
  });

  it.each([
    ['add', ['ConditionalCheckFailed', 'None'], 'duplicate'],
    ['update', ['ConditionalCheckFailed', 'None'], 'missing'],
    ['add', ['None', 'None', 'ConditionalCheckFailed', 'None'], 'changed'],
    ['add', ['None', 'ConditionalCheckFailed', 'None', 'None'], 'changed'],
    ['add', ['None', 'TransactionConflict', 'None', 'None'], 'changed'],
  ] as const)('a cancelled %s with %j is %s', async (mode, codes, outcome) => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
    await expect(dynamoWalletStore.commitSave(plan({ mode }))).resolves.toBe(outcome);
  });

  it('lists every page of GSI1 WALLETS and reads keys consistently', async () => {
    const item = { PK: 'WALLET#USDT#ADDRESS-B', SK: 'WALLET', ...wallet };
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [item], LastEvaluatedKey: { PK: 'x', SK: 'x', GSI1PK: 'WALLETS', GSI1SK: 'x' } })
      .resolves({ Items: [{ ...item, _id: 'W-C' }] });
    await expect(dynamoWalletStore.list()).resolves.toEqual([wallet, { ...wallet, _id: 'W-C' }]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': 'WALLETS' },
    });
    dynamo
      .on(GetCommand)
      .resolves({ Item: { walletId: 'W-B', address: 'ADDRESS-B', network: 'TRC20', currency: 'USDT' } });
    await expect(dynamoWalletStore.getActivePointer('USDT')).resolves.toEqual({
      walletId: 'W-B',
      address: 'ADDRESS-B',
      network: 'TRC20',
      currency: 'USDT',
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' },
      ConsistentRead: true,
    });
  });
});
