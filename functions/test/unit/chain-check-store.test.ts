import { GetCommand, QueryCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ChainCheck } from '@goldbot/shared';
import { tableName } from '../../src/adapters/dynamodb.js';
import { SYSTEM_ACTOR } from '../../src/domain/records/audit-entry.js';
import { RECHECK_PAGE_SIZE, dynamoChainCheckStore } from '../../src/data/chain-check-store.js';
import { fromPaymentItem, toPaymentItem } from '../../src/data/payment-entity.js';
import { toPaymentView } from '../../src/domain/records/payment-record.js';
import { approvalTransaction } from '../../src/data/payment-review-store.js';
import { planApproval } from '../../src/domain/commerce/payment-decisions.js';
import { decodeCursor, encodeCursor } from '../../src/data/cursor.js';
import { pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';
import { conditionFailed, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The DynamoDB side of the on-chain check (docs/data-model.md, the payment's `chainCheck`) against the
 * mocked document client: the verdict's conditional write (a final verdict is never replaced by an
 * unanswered one), the recheck Query (GSI2 PAYMENTS#pending, bounded by the 24-hour window, never a
 * Scan), the setting, and the automatic approval's transaction, which is the admin's own.
 */
const dynamo = useMockedDynamo();

const AT = '2026-11-23T12:00:00.000Z';
const check = (status: ChainCheck['status']): ChainCheck => ({
  status,
  checkedAt: AT,
  confirmedAt: status === 'match' ? '2026-11-23T11:59:00.000Z' : null,
  from: null,
  to: null,
  amount: status === 'match' ? '60' : null,
  blockNumber: status === 'match' ? 86738346 : null,
  reasons: status === 'match' ? [] : ['not confirmed yet'],
});
describe('saveChainCheck', () => {
  it('stores a final verdict on any payment that exists, touching nothing else', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await dynamoChainCheckStore.saveChainCheck('p1', check('match'))).toEqual({ kind: 'saved' });
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: tableName,
      Key: { PK: 'PAYMENT#p1', SK: 'PAYMENT#p1' },
      UpdateExpression: 'SET chainCheck = :check',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':check': check('match') },
    });
  });

  it('stores an unanswered verdict only over none or another unanswered one', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await dynamoChainCheckStore.saveChainCheck('p1', check('error'));
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(chainCheck) OR chainCheck.#status IN (:r0, :r1, :r2))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':r0': 'pending', ':r1': 'not-found', ':r2': 'error' },
    });
  });

  it('answers the stored final verdict when the condition keeps it, and missing for no payment', async () => {
    const stored = { ...pendingPayment(), chainCheck: check('match') };
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    dynamo.on(GetCommand).resolves({ Item: toPaymentItem(stored) });
    expect(await dynamoChainCheckStore.saveChainCheck(stored._id, check('error'))).toEqual({
      kind: 'kept',
      current: check('match'),
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
    dynamo.on(GetCommand).resolves({});
    expect(await dynamoChainCheckStore.saveChainCheck(stored._id, check('match'))).toEqual({ kind: 'missing' });
  });

  it('lets other failures through', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(dynamoChainCheckStore.saveChainCheck('p1', check('match'))).rejects.toThrow('Provisioned');
  });
});

describe('the payment item carries the verdict', () => {
  it('reads it back, and reads a payment without one (or an unreadable one) as none', () => {
    const payment = { ...pendingPayment(), chainCheck: check('pending') };
    expect(fromPaymentItem(toPaymentItem(payment)).chainCheck).toEqual(check('pending'));
    expect(toPaymentView(fromPaymentItem(toPaymentItem(pendingPayment()))).chainCheck).toBeNull();
    expect(fromPaymentItem({ ...toPaymentItem(pendingPayment()), chainCheck: { status: 'maybe' } }).chainCheck).toBe(
      undefined,
    );
  });
});

describe('listRecheckCandidates', () => {
  it('queries GSI2 PAYMENTS#pending newest first, from the window’s start, filtering answered verdicts', async () => {
    const item = toPaymentItem(pendingPayment());
    dynamo
      .on(QueryCommand)
      .resolves({ Items: [item], LastEvaluatedKey: { PK: 'a', SK: 'b', GSI2PK: 'PAYMENTS#pending', GSI2SK: 'c' } });
    const page = await dynamoChainCheckStore.listRecheckCandidates('2026-11-22T12:00:00.000Z', undefined);
    expect(page.items).toEqual([fromPaymentItem(item)]);
    expect(decodeCursor(page.cursor, { GSI2PK: 'PAYMENTS#pending' })).toEqual({
      PK: 'a',
      SK: 'b',
      GSI2PK: 'PAYMENTS#pending',
      GSI2SK: 'c',
    });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list AND GSI2SK >= :since',
      FilterExpression: 'attribute_not_exists(chainCheck) OR chainCheck.#status IN (:r0, :r1, :r2)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':list': 'PAYMENTS#pending',
        ':since': '2026-11-22T12:00:00.000Z',
        ':r0': 'pending',
        ':r1': 'not-found',
        ':r2': 'error',
      },
      ScanIndexForward: false,
      Limit: RECHECK_PAGE_SIZE,
      ExclusiveStartKey: undefined,
    });
    expect(dynamo.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('resumes from its cursor and refuses a cursor of another list', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const cursor = encodeCursor({ PK: 'a', SK: 'b', GSI2PK: 'PAYMENTS#pending', GSI2SK: 'c' }) ?? '';
    const page = await dynamoChainCheckStore.listRecheckCandidates('2026-11-22T12:00:00.000Z', cursor);
    expect(page).toEqual({ items: [], cursor: undefined });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.ExclusiveStartKey).toMatchObject({ GSI2SK: 'c' });
    const foreign = encodeCursor({ PK: 'a', SK: 'b', GSI2PK: 'PAYMENTS#completed', GSI2SK: 'c' }) ?? '';
    await expect(dynamoChainCheckStore.listRecheckCandidates('x', foreign)).rejects.toThrow(/cursor/);
  });
});

describe('autoApproveOnMatch', () => {
  it('is on only when the settings item says true (missing = off), read consistently', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await dynamoChainCheckStore.autoApproveOnMatch()).toBe(false);
    dynamo.on(GetCommand).resolves({ Item: { basicPackageEnabled: true, autoApproveOnMatch: true } });
    expect(await dynamoChainCheckStore.autoApproveOnMatch()).toBe(true);
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ConsistentRead: true,
    });
  });
});

describe('the automatic approval is the admin’s approval, audited as the system', () => {
  it('same conditional transaction, actor system, action payment.auto-approve with the verdict', () => {
    const payment = { ...pendingPayment({ packageSlug: 'pro' }), chainCheck: check('match') };
    const context = {
      subscription: pendingSubscription(payment),
      payer: { username: payment.username, email: payment.email, basicPaidThrough: null },
      referrerExists: false,
    };
    let n = 0;
    const ids = () => `ID${(n += 1)}`;
    const now = new Date(AT);
    const manual = approvalTransaction(planApproval(payment, context, 'admin-1', now, ids));
    const auto = approvalTransaction(
      planApproval(payment, context, SYSTEM_ACTOR, now, ids, {
        action: 'payment.auto-approve',
        details: { from: 'pending', to: 'completed', chainCheck: { status: 'match', amount: '60' } },
      }),
    );
    expect(auto.items).toHaveLength(manual.items.length);
    expect(auto.items[0]?.Update).toMatchObject({
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: { ':completed': 'completed', ':admin': 'system' },
    });
    expect(auto.items[0]?.Update?.UpdateExpression).toBe(manual.items[0]?.Update?.UpdateExpression);
    expect(auto.items[1]?.Update?.ConditionExpression).toBe(manual.items[1]?.Update?.ConditionExpression);
    // The audit entry is the transaction's one Put of an audit item (a check of the TXID marker may follow it).
    const auditOf = (items: typeof auto.items) => items.find((item) => item.Put?.Item?.entity === 'AuditEntry')?.Put;
    const audit = auditOf(auto.items);
    expect(audit?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(audit?.Item).toMatchObject({
      actor: 'system',
      action: 'payment.auto-approve',
      target: { type: 'payment', id: payment._id },
      details: { from: 'pending', to: 'completed', chainCheck: { status: 'match', amount: '60' } },
    });
    expect(auditOf(manual.items)?.Item).toMatchObject({ actor: 'admin-1', action: 'payment.approve' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
