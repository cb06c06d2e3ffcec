import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../src/adapters/dynamodb.js';
import { fromWithdrawalItem, toWithdrawalItem } from '../../src/data/withdrawal-entity.js';
import { decisionTransaction, dynamoWithdrawalStore, requestTransaction } from '../../src/data/withdrawal-store.js';
import type { DecisionPlan, RequestPlan } from '../../src/domain/withdrawals/withdrawals.js';
import { decodeCursor, encodeCursor } from '../../src/data/cursor.js';
import {
  SAMPLE_REQUESTER,
  SAMPLE_TRC20_ADDRESS,
  SAMPLE_WITHDRAWAL_ID,
  pendingWithdrawal,
  requesterProfileItem,
} from '../helpers/withdrawal-samples.js';
import { cancelled, conditionFailed, transactItemsOf, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';

/**
 * The DynamoDB side of withdrawals against the document client mocked: the exact transactions of
 * the request, approval and rejection transactions (keys, conditions, balance expressions, ledger, counters, audit), how their
 * cancellation reasons are read, and the reads (profile, own list on GSI3, admin tabs on GSI1 and
 * GSI2 with the bounded search, counts, the page's balances in one BatchGetItem).
 */
const dynamo = useMockedDynamo();

const TABLE = tableName;
const AT = '2026-11-23T12:00:00.000Z';
const JANE = SAMPLE_REQUESTER._id;
const PAYOUT_TXID = 'ab'.repeat(32);

const transactItems = () => transactItemsOf(dynamo);

const requestPlan = (): RequestPlan => ({
  withdrawal: pendingWithdrawal({ requestDate: AT, createdAt: AT, updatedAt: AT }),
  ledgerId: 'LEDGER1',
});

const decisionPlan = (decision: 'approved' | 'rejected', adminNote: string | null = 'Paid'): DecisionPlan => ({
  withdrawal: pendingWithdrawal({ amount: 25 }),
  decision,
  adminId: ADMIN,
  at: AT,
  adminNote,
  payoutTxid: decision === 'approved' ? PAYOUT_TXID : null,
  ledgerId: 'LEDGER2',
  audit: {
    _id: 'AUDIT1',
    actor: ADMIN,
    action: decision === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
    target: { type: 'withdrawal', id: SAMPLE_WITHDRAWAL_ID },
    details: {},
    at: AT,
  },
});

/** The counters an ADD item adds, by attribute name. */
const addsOf = (item: ReturnType<typeof transactItems>[number] | undefined) =>
  Object.fromEntries(
    Object.entries(item?.Update?.ExpressionAttributeNames ?? {}).map(([alias, name]) => [
      name,
      item?.Update?.ExpressionAttributeValues?.[alias.replace('#', ':')],
    ]),
  );

describe('request transaction', () => {
  it('puts the withdrawal with its three list keys, the marker, the hold, the ledger entry and the counters', () => {
    const items = requestTransaction(requestPlan());
    expect(items).toHaveLength(5);
    expect(items[0]?.Put).toMatchObject({
      TableName: TABLE,
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}`,
        SK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}`,
        entity: 'Withdrawal',
        GSI1PK: 'WITHDRAWALS',
        GSI1SK: `${AT}#${SAMPLE_WITHDRAWAL_ID}`,
        GSI2PK: 'WITHDRAWALS#pending',
        GSI2SK: `${AT}#${SAMPLE_WITHDRAWAL_ID}`,
        GSI3PK: `USER#${JANE}`,
        GSI3SK: `WITHDRAWAL#${AT}#${SAMPLE_WITHDRAWAL_ID}`,
        status: 'pending',
        amount: 20,
        trc20Address: SAMPLE_TRC20_ADDRESS,
        searchText: `jane_doe\njane.doe@example.com\n${SAMPLE_TRC20_ADDRESS.toLowerCase()}`,
      },
    });
    expect(items[1]?.Put).toEqual({
      TableName: TABLE,
      Item: {
        PK: `USER#${JANE}`,
        SK: 'MARKER#PENDING_WITHDRAWAL',
        entity: 'PendingWithdrawalMarker',
        withdrawalId: SAMPLE_WITHDRAWAL_ID,
        createdAt: AT,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(items[2]?.Update).toEqual({
      TableName: TABLE,
      Key: { PK: `USER#${JANE}`, SK: 'PROFILE' },
      UpdateExpression:
        'SET referralEarnings = referralEarnings - :amt, referralHeld = if_not_exists(referralHeld, :zero) + :amt, updatedAt = :at',
      ConditionExpression:
        'attribute_exists(PK) AND referralEarnings >= :amt AND (attribute_not_exists(isActive) OR isActive = :true)',
      ExpressionAttributeValues: { ':amt': 20, ':zero': 0, ':at': AT, ':true': true },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(items[3]?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: `USER#${JANE}`,
        SK: 'LEDGER#LEDGER1',
        entity: 'LedgerEntry',
        type: 'hold',
        amount: 20,
        sourceType: 'withdrawal',
        sourceId: SAMPLE_WITHDRAWAL_ID,
        actor: JANE,
      },
    });
    expect(items[4]?.Update?.Key).toEqual({ PK: 'STATS#WITHDRAWALS', SK: 'TOTAL' });
    expect(addsOf(items[4])).toEqual({ total: 1, pending: 1, pendingAmount: 20 });
    expect(items[4]?.Update?.UpdateExpression).toMatch(/^ADD #c0 :c0, #c1 :c1, #c2 :c2$/);
  });

  it.each([
    [['None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'], { kind: 'pending-exists' }],
    [
      [
        'None',
        'None',
        { Code: 'ConditionalCheckFailed', Item: { referralEarnings: { N: '12' }, isActive: { BOOL: true } } },
      ],
      { kind: 'insufficient', available: 12 },
    ],
    [
      [
        'None',
        'None',
        { Code: 'ConditionalCheckFailed', Item: { referralEarnings: { N: '50' }, isActive: { BOOL: false } } },
      ],
      { kind: 'inactive' },
    ],
    [['None', 'None', 'ConditionalCheckFailed'], { kind: 'insufficient', available: null }],
    [['None', 'TransactionConflict', 'None', 'None', 'None'], { kind: 'conflict' }],
  ] as const)('reads cancellation reasons %j as %j', async (reasons, outcome) => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(...reasons));
    await expect(dynamoWithdrawalStore.commitRequest(requestPlan())).resolves.toEqual(outcome);
  });

  it('commits, and rethrows what it cannot read', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await expect(dynamoWithdrawalStore.commitRequest(requestPlan())).resolves.toEqual({ kind: 'committed' });
    expect(transactItems()).toHaveLength(5);
    dynamo.on(TransactWriteCommand).rejects(new Error('network down'));
    await expect(dynamoWithdrawalStore.commitRequest(requestPlan())).rejects.toThrow('network down');
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', 'ValidationError'));
    await expect(dynamoWithdrawalStore.commitRequest(requestPlan())).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
  });
});

describe('decision transactions (settle, release)', () => {
  it('approval: status and tab moved on `#status = :pending`, marker deleted, hold settled, ledger, counters, audit', () => {
    const items = decisionTransaction(decisionPlan('approved'));
    expect(items).toHaveLength(6);
    expect(items[0]?.Update).toEqual({
      TableName: TABLE,
      Key: { PK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}`, SK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}` },
      UpdateExpression:
        'SET #status = :decided, approvedDate = :at, adminNote = :note, processedBy = :admin, updatedAt = :at, GSI2PK = :list, payoutTxid = :txid',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':decided': 'approved',
        ':pending': 'pending',
        ':at': AT,
        ':note': 'Paid',
        ':admin': ADMIN,
        ':list': 'WITHDRAWALS#approved',
        ':txid': PAYOUT_TXID,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(items[1]?.Delete).toEqual({
      TableName: TABLE,
      Key: { PK: `USER#${JANE}`, SK: 'MARKER#PENDING_WITHDRAWAL' },
      ConditionExpression: 'withdrawalId = :w',
      ExpressionAttributeValues: { ':w': SAMPLE_WITHDRAWAL_ID },
    });
    expect(items[2]?.Update).toMatchObject({
      Key: { PK: `USER#${JANE}`, SK: 'PROFILE' },
      UpdateExpression:
        'SET referralHeld = referralHeld - :amt, referralPaidOut = if_not_exists(referralPaidOut, :zero) + :amt, updatedAt = :at',
      ConditionExpression: 'attribute_exists(PK) AND referralHeld >= :amt',
      ExpressionAttributeValues: { ':amt': 25, ':zero': 0, ':at': AT },
    });
    expect(items[3]?.Put?.Item).toMatchObject({
      PK: `USER#${JANE}`,
      SK: 'LEDGER#LEDGER2',
      type: 'settle',
      amount: 25,
      sourceType: 'withdrawal',
      sourceId: SAMPLE_WITHDRAWAL_ID,
      actor: ADMIN,
    });
    expect(addsOf(items[4])).toEqual({ pending: -1, approved: 1, pendingAmount: -25, approvedAmount: 25 });
    expect(items[5]?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: 'AUDIT#2026-11',
        SK: `${AT}#AUDIT1`,
        action: 'withdrawal.approve',
        target: { type: 'withdrawal', id: SAMPLE_WITHDRAWAL_ID },
      },
    });
  });

  it('rejection: rejectedDate, the rejected tab, the hold released to available, a release entry', () => {
    const items = decisionTransaction(decisionPlan('rejected', null));
    expect(items[0]?.Update?.UpdateExpression).toContain('rejectedDate = :at');
    expect(items[0]?.Update?.ExpressionAttributeValues).toMatchObject({
      ':decided': 'rejected',
      ':list': 'WITHDRAWALS#rejected',
      ':note': null,
    });
    expect(items[2]?.Update?.UpdateExpression).toBe(
      'SET referralHeld = referralHeld - :amt, referralEarnings = if_not_exists(referralEarnings, :zero) + :amt, updatedAt = :at',
    );
    expect(items[3]?.Put?.Item).toMatchObject({ type: 'release', amount: 25 });
    expect(addsOf(items[4])).toEqual({ pending: -1, rejected: 1, pendingAmount: -25 });
    expect(items[5]?.Put?.Item).toMatchObject({ action: 'withdrawal.reject' });
  });

  it.each([
    [['ConditionalCheckFailed'], 'not-pending'],
    [['ConditionalCheckFailed', 'ConditionalCheckFailed'], 'not-pending'],
    [['None', 'ConditionalCheckFailed'], 'hold-missing'],
    [['None', 'None', 'ConditionalCheckFailed'], 'hold-missing'],
    [['None', 'None', 'None', 'None', 'TransactionConflict', 'None'], 'conflict'],
  ])('reads cancellation reasons %j as %s', async (codes, kind) => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
    await expect(dynamoWithdrawalStore.commitDecision(decisionPlan('approved'))).resolves.toEqual({ kind });
  });

  it('commits, and rethrows an audit collision or anything else it cannot read', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await expect(dynamoWithdrawalStore.commitDecision(decisionPlan('rejected'))).resolves.toEqual({
      kind: 'committed',
    });
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed'));
    await expect(dynamoWithdrawalStore.commitDecision(decisionPlan('approved'))).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
  });
});

describe('reads', () => {
  it('reads the profile consistently with its four balances (missing ones are 0)', async () => {
    dynamo.on(GetCommand, { Key: { PK: `USER#${JANE}`, SK: 'PROFILE' } }).resolves({
      Item: {
        ...requesterProfileItem({ referralEarnings: 6, referralHeld: 20, referralPaidOut: 40, referralCount: 12 }),
      },
    });
    const profile = await dynamoWithdrawalStore.getProfile(JANE);
    expect(profile).toEqual({
      _id: JANE,
      username: 'jane_doe',
      email: 'jane.doe@example.com',
      isActive: true,
      balances: { available: 6, held: 20, lifetime: 24, paidOut: 40, clawedBack: 0, owed: 0 },
      referralCount: 12,
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
    dynamo.on(GetCommand).resolves({});
    await expect(dynamoWithdrawalStore.getProfile('nobody')).resolves.toBeUndefined();
  });

  it("lists a user's withdrawals newest first from GSI3", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [toWithdrawalItem(pendingWithdrawal())] });
    const rows = await dynamoWithdrawalStore.listOwn(JANE, 100);
    expect(rows).toEqual([pendingWithdrawal()]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${JANE}`, ':prefix': 'WITHDRAWAL#' },
      ScanIndexForward: false,
      Limit: 100,
    });
  });

  it('reads a withdrawal by id consistently, and nothing that is not one', async () => {
    dynamo.on(GetCommand).resolves({ Item: toWithdrawalItem(pendingWithdrawal()) });
    await expect(dynamoWithdrawalStore.getWithdrawal(SAMPLE_WITHDRAWAL_ID)).resolves.toEqual(pendingWithdrawal());
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}`, SK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}` },
      ConsistentRead: true,
    });
    dynamo.on(GetCommand).resolves({ Item: { PK: 'x', entity: 'Payment' } });
    await expect(dynamoWithdrawalStore.getWithdrawal('x')).resolves.toBeUndefined();
  });

  it('reads the tab counts from STATS#WITHDRAWALS / TOTAL (0 when nothing was counted yet)', async () => {
    dynamo.on(GetCommand).resolves({ Item: { total: 7, pending: 1, approved: 4, rejected: 2, pendingAmount: 20 } });
    await expect(dynamoWithdrawalStore.withdrawalCounts()).resolves.toEqual({
      total: 7,
      pending: 1,
      approved: 4,
      rejected: 2,
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({ PK: 'STATS#WITHDRAWALS', SK: 'TOTAL' });
    dynamo.on(GetCommand).resolves({});
    await expect(dynamoWithdrawalStore.withdrawalCounts()).resolves.toEqual({
      total: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
    });
  });

  it("reads the page's profiles in one BatchGetItem and answers their live available balance", async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [requesterProfileItem({ referralEarnings: 4 })] },
        UnprocessedKeys: { [TABLE]: { Keys: [{ PK: 'USER#rick', SK: 'PROFILE' }] } },
      })
      .resolves({ Responses: { [TABLE]: [{ _id: 'rick', username: 'rick', email: 'r@example.com' }] } });
    const users = await dynamoWithdrawalStore.rowUsers([JANE, 'rick']);
    expect(Object.fromEntries(users)).toEqual({
      [JANE]: { username: 'jane_doe', email: 'jane.doe@example.com', referralEarnings: 4 },
      rick: { username: 'rick', email: 'r@example.com', referralEarnings: 0 },
    });
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls[0]?.args[0].input.RequestItems?.[TABLE]).toEqual({
      Keys: [
        { PK: `USER#${JANE}`, SK: 'PROFILE' },
        { PK: 'USER#rick', SK: 'PROFILE' },
      ],
      ConsistentRead: true,
    });
    expect(calls).toHaveLength(2);
  });
});

describe('admin lists and the bounded search', () => {
  const row = (i: number) =>
    toWithdrawalItem(pendingWithdrawal({ _id: `W${i}`, createdAt: `2026-11-2${i}T00:00:00.000Z` }));

  it('queries GSI1 for all and GSI2 for a status, newest first, with the limit and the cursor', async () => {
    const next = { PK: 'WITHDRAWAL#W1', SK: 'WITHDRAWAL#W1', GSI2PK: 'WITHDRAWALS#pending', GSI2SK: 'x' };
    dynamo.on(QueryCommand).resolves({ Items: [row(1)], LastEvaluatedKey: next });
    const all = await dynamoWithdrawalStore.listWithdrawals('all', { limit: 10, budget: 200 });
    expect(all.items.map((w) => w._id)).toEqual(['W1']);
    const pending = await dynamoWithdrawalStore.listWithdrawals('pending', {
      limit: 5,
      cursor: encodeCursor(next) ?? undefined,
      budget: 200,
    });
    expect(pending.nextCursor).toBe(encodeCursor(next));
    const [first, second] = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(first).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': 'WITHDRAWALS' },
      ScanIndexForward: false,
      Limit: 10,
    });
    expect(second).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list',
      ExpressionAttributeValues: { ':list': 'WITHDRAWALS#pending' },
      ExclusiveStartKey: next,
      Limit: 5,
    });
    expect(first).not.toHaveProperty('FilterExpression');
  });

  it('refuses a cursor of another list (400)', async () => {
    const forged = encodeCursor({ PK: 'x', SK: 'x', GSI1PK: 'PAYMENTS', GSI1SK: 'x' }) ?? undefined;
    await expect(
      dynamoWithdrawalStore.listWithdrawals('all', { limit: 5, cursor: forged, budget: 200 }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const otherTab = encodeCursor({ PK: 'x', SK: 'x', GSI2PK: 'WITHDRAWALS#approved', GSI2SK: 'x' }) ?? undefined;
    await expect(
      dynamoWithdrawalStore.listWithdrawals('pending', { limit: 5, cursor: otherTab, budget: 200 }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('reads on until the page is full, then resumes right after the last row it answered', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [row(1)],
        ScannedCount: 60,
        LastEvaluatedKey: { PK: 'a', SK: 'a', GSI1PK: 'WITHDRAWALS', GSI1SK: 'a' },
      })
      .resolvesOnce({
        Items: [row(2), row(3)],
        ScannedCount: 60,
        LastEvaluatedKey: { PK: 'b', SK: 'b', GSI1PK: 'WITHDRAWALS', GSI1SK: 'b' },
      });
    const page = await dynamoWithdrawalStore.listWithdrawals('all', { limit: 2, contains: 'tjrab', budget: 200 });
    expect(page.items.map((w) => w._id)).toEqual(['W1', 'W2']);
    expect(decodeCursor(page.nextCursor ?? undefined, {})).toEqual({
      PK: 'WITHDRAWAL#W2',
      SK: 'WITHDRAWAL#W2',
      GSI1PK: 'WITHDRAWALS',
      GSI1SK: row(2).GSI1SK,
    });
    const inputs = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(inputs[0]).toMatchObject({
      FilterExpression: 'contains(searchText, :q)',
      ExpressionAttributeValues: { ':list': 'WITHDRAWALS', ':q': 'tjrab' },
      Limit: 200,
    });
    expect(inputs[1]?.Limit).toBe(140);
  });

  it('stops at the evaluation budget and hands back a cursor to search further', async () => {
    const last = { PK: 'z', SK: 'z', GSI2PK: 'WITHDRAWALS#approved', GSI2SK: 'z' };
    dynamo.on(QueryCommand).resolves({ Items: [], ScannedCount: 200, LastEvaluatedKey: last });
    const page = await dynamoWithdrawalStore.listWithdrawals('approved', {
      limit: 20,
      contains: 'nobody',
      budget: 200,
    });
    expect(page).toEqual({ items: [], nextCursor: encodeCursor(last) });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
  });
});

describe('the payout verdict', () => {
  const check = (status: 'match' | 'pending' | 'error') => ({
    status,
    checkedAt: AT,
    confirmedAt: null,
    from: null,
    to: null,
    amount: null,
    blockNumber: null,
    reasons: [],
  });
  const approved = (payoutCheck: ReturnType<typeof check> | null = null) =>
    toWithdrawalItem(pendingWithdrawal({ status: 'approved', approvedDate: AT, payoutTxid: PAYOUT_TXID, payoutCheck }));

  it('stores a final verdict on the approved withdrawal with that payout TXID', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await dynamoWithdrawalStore.savePayoutCheck(SAMPLE_WITHDRAWAL_ID, PAYOUT_TXID, check('match'))).toEqual({
      kind: 'saved',
    });
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { PK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}`, SK: `WITHDRAWAL#${SAMPLE_WITHDRAWAL_ID}` },
      UpdateExpression: 'SET payoutCheck = :check',
      ConditionExpression: 'attribute_exists(PK) AND #status = :approved AND payoutTxid = :txid',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':check': check('match'), ':approved': 'approved', ':txid': PAYOUT_TXID },
    });
  });

  it('never stores an answer that may still change over a final one: the final one is kept', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    dynamo.on(GetCommand).resolves({ Item: approved(check('match')) });
    expect(await dynamoWithdrawalStore.savePayoutCheck(SAMPLE_WITHDRAWAL_ID, PAYOUT_TXID, check('error'))).toEqual({
      kind: 'kept',
      current: check('match'),
    });
    const input = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.ConditionExpression).toBe(
      'attribute_exists(PK) AND #status = :approved AND payoutTxid = :txid AND (attribute_not_exists(payoutCheck) OR payoutCheck.#status IN (:r0, :r1, :r2))',
    );
    expect(input?.ExpressionAttributeValues).toMatchObject({ ':r0': 'pending', ':r1': 'not-found', ':r2': 'error' });
  });

  it('tries again while a racing approval still holds the item in its transaction', async () => {
    const conflict = Object.assign(new Error('Transaction is ongoing for the item'), {
      name: 'TransactionConflictException',
    });
    dynamo.on(UpdateCommand).rejectsOnce(conflict).resolves({});
    expect(await dynamoWithdrawalStore.savePayoutCheck(SAMPLE_WITHDRAWAL_ID, PAYOUT_TXID, check('pending'))).toEqual({
      kind: 'saved',
    });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(2);
  });

  it('writes again when a refused condition reads as if it held (a racing approval was cancelling)', async () => {
    dynamo.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});
    dynamo.on(GetCommand).resolves({ Item: approved() });
    expect(await dynamoWithdrawalStore.savePayoutCheck(SAMPLE_WITHDRAWAL_ID, PAYOUT_TXID, check('pending'))).toEqual({
      kind: 'saved',
    });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(2);
  });

  it('answers missing for a withdrawal gone, not approved, or approved with another payout', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    for (const item of [
      undefined,
      toWithdrawalItem(pendingWithdrawal()),
      { ...approved(), payoutTxid: 'f'.repeat(64) },
    ]) {
      dynamo.on(GetCommand).resolves({ Item: item });
      expect(await dynamoWithdrawalStore.savePayoutCheck(SAMPLE_WITHDRAWAL_ID, PAYOUT_TXID, check('match'))).toEqual({
        kind: 'missing',
      });
    }
  });

  it('stores no payout attributes until there is a payout (a null verdict would fail the write condition)', () => {
    const item = toWithdrawalItem(pendingWithdrawal());
    expect(item).not.toHaveProperty('payoutTxid');
    expect(item).not.toHaveProperty('payoutCheck');
    expect(approved(check('match'))).toMatchObject({ payoutTxid: PAYOUT_TXID, payoutCheck: check('match') });
  });

  it('reads the payout TXID and its verdict back from the item', () => {
    expect(fromWithdrawalItem(approved(check('pending')))).toMatchObject({
      payoutTxid: PAYOUT_TXID,
      payoutCheck: check('pending'),
    });
    expect(fromWithdrawalItem(toWithdrawalItem(pendingWithdrawal()))).toMatchObject({
      payoutTxid: null,
      payoutCheck: null,
    });
  });
});
