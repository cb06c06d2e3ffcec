import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHAIN_CHECK_RECHECKABLE, type WithdrawalListQuery } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { balancesOf } from '../domain/withdrawals/balances.js';
import type {
  DecisionOutcome,
  DecisionPlan,
  RequestOutcome,
  RequestPlan,
  RowUser,
  WithdrawalProfile,
  WithdrawalStore,
} from '../domain/withdrawals/withdrawals.js';
import type { PayoutCheckStore } from '../domain/withdrawals/payout-check.js';
import { toAuditItem } from './audit-entity.js';
import { toLedgerItem } from './ledger-entity.js';
import { withdrawalStatsKey } from './stats-entity.js';
import { addCounters, putNew, transactOr, updateItem, type TransactItems } from './transaction-items.js';
import {
  batchGetItems,
  cancellationCodes,
  cancellationReasons,
  getItem,
  isConditionFailure,
  onlyConflicts,
  queryListPage,
  queryTable,
  type Item,
} from './table-reads.js';
import { profileKey } from './user-profile-entity.js';
import { backoffMs, sleep } from '../lib/retry.js';
import type { WithdrawalRecord } from '../domain/records/withdrawal-record.js';
import {
  USER_WITHDRAWALS_SK_PREFIX,
  WITHDRAWALS_LIST,
  fromWithdrawalItem,
  pendingWithdrawalMarkerKey,
  toPendingMarkerItem,
  toWithdrawalItem,
  userWithdrawalsPartition,
  withdrawalKey,
  withdrawalStatusList,
} from './withdrawal-entity.js';

/**
 * DynamoDB side of referral withdrawals (docs/data-model.md, "Withdrawals", the withdrawal transactions, "Lists and pagination", "Search, stated honestly"): GetItems by
 * key, Queries on GSI1/GSI2/GSI3 (never a Scan), one BatchGetItem for the rows' live balances, and
 * one TransactWriteItems per request or decision whose cancellation reasons become an outcome.
 */

/** Positions in the request transaction. */
const REQUEST = { withdrawal: 0, marker: 1, profile: 2, ledger: 3, stats: 4 } as const;
/** Positions in the decision transaction (approve or reject). */
const DECISION = { withdrawal: 0, marker: 1, profile: 2, ledger: 3, stats: 4, audit: 5 } as const;

/** `ADD` of the withdrawal aggregate's counters. */
const addWithdrawalCounters = (counters: Record<string, number>) => addCounters(withdrawalStatsKey(), counters);

/** The request: the withdrawal, the one-pending marker, the hold on the profile, its ledger entry, the aggregates. */
export function requestTransaction(plan: RequestPlan): TransactItems {
  const { withdrawal, ledgerId } = plan;
  const amount = withdrawal.amount;
  return [
    putNew(toWithdrawalItem(withdrawal)),
    putNew(toPendingMarkerItem(withdrawal.userId, withdrawal._id, withdrawal.createdAt), true),
    updateItem(
      profileKey(withdrawal.userId),
      'SET referralEarnings = referralEarnings - :amt, referralHeld = if_not_exists(referralHeld, :zero) + :amt, updatedAt = :at',
      { ':amt': amount, ':zero': 0, ':at': withdrawal.createdAt, ':true': true },
      {
        condition:
          'attribute_exists(PK) AND referralEarnings >= :amt AND (attribute_not_exists(isActive) OR isActive = :true)',
        returnOld: true,
      },
    ),
    putNew(
      toLedgerItem({
        _id: ledgerId,
        userId: withdrawal.userId,
        type: 'hold',
        amount,
        sourceType: 'withdrawal',
        sourceId: withdrawal._id,
        actor: withdrawal.userId,
        createdAt: withdrawal.createdAt,
      }),
    ),
    addWithdrawalCounters({ total: 1, pending: 1, pendingAmount: amount }),
  ];
}

/** Settle (approve: held → paid out) or release (reject: held → available), conditioned on `#status = :pending`. */
export function decisionTransaction(plan: DecisionPlan): TransactItems {
  const { withdrawal, decision, at } = plan;
  const amount = withdrawal.amount;
  const approved = decision === 'approved';
  return [
    updateItem(
      withdrawalKey(withdrawal._id),
      `SET #status = :decided, ${approved ? 'approvedDate' : 'rejectedDate'} = :at, adminNote = :note, processedBy = :admin, updatedAt = :at, GSI2PK = :list${approved ? ', payoutTxid = :txid' : ''}`,
      {
        ':decided': decision,
        ':pending': 'pending',
        ':at': at,
        ':note': plan.adminNote,
        ':admin': plan.adminId,
        ':list': withdrawalStatusList(decision),
        ...(approved ? { ':txid': plan.payoutTxid } : {}),
      },
      { names: { '#status': 'status' }, condition: '#status = :pending', returnOld: true },
    ),
    {
      Delete: {
        TableName: tableName,
        Key: pendingWithdrawalMarkerKey(withdrawal.userId),
        ConditionExpression: 'withdrawalId = :w',
        ExpressionAttributeValues: { ':w': withdrawal._id },
      },
    },
    updateItem(
      profileKey(withdrawal.userId),
      approved
        ? 'SET referralHeld = referralHeld - :amt, referralPaidOut = if_not_exists(referralPaidOut, :zero) + :amt, updatedAt = :at'
        : 'SET referralHeld = referralHeld - :amt, referralEarnings = if_not_exists(referralEarnings, :zero) + :amt, updatedAt = :at',
      { ':amt': amount, ':zero': 0, ':at': at },
      { condition: 'attribute_exists(PK) AND referralHeld >= :amt' },
    ),
    putNew(
      toLedgerItem({
        _id: plan.ledgerId,
        userId: withdrawal.userId,
        type: approved ? 'settle' : 'release',
        amount,
        sourceType: 'withdrawal',
        sourceId: withdrawal._id,
        actor: plan.adminId,
        createdAt: at,
      }),
    ),
    addWithdrawalCounters(
      approved
        ? { pending: -1, approved: 1, pendingAmount: -amount, approvedAmount: amount }
        : { pending: -1, rejected: 1, pendingAmount: -amount },
    ),
    putNew(toAuditItem(plan.audit)),
  ];
}

/** A number or boolean of a cancellation's ALL_OLD item (DynamoDB's attribute-value form, `{N: '12'}`). */
function oldValue(item: unknown, name: string): number | boolean | undefined {
  const value = (item as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (!value || typeof value !== 'object') return undefined;
  if ('N' in value) return Number(value.N);
  if ('BOOL' in value) return value.BOOL === true;
  return undefined;
}

/** Maps a cancelled request to its outcome (the marker first: a pending request explains everything). */
export function requestOutcomeOf(error: unknown): RequestOutcome {
  const reasons = cancellationReasons(error);
  const codes = reasons.map((r) => r.Code ?? 'None');
  if (codes.length === 0) throw error;
  if (codes[REQUEST.marker] === 'ConditionalCheckFailed') return { kind: 'pending-exists' };
  if (codes[REQUEST.profile] === 'ConditionalCheckFailed') {
    const old = reasons[REQUEST.profile]?.Item;
    if (oldValue(old, 'isActive') === false) return { kind: 'inactive' };
    const available = oldValue(old, 'referralEarnings');
    return { kind: 'insufficient', available: typeof available === 'number' ? available : null };
  }
  if (onlyConflicts(codes)) return { kind: 'conflict' };
  throw error;
}

export function decisionOutcomeOf(error: unknown): DecisionOutcome {
  const codes = cancellationCodes(error);
  if (codes.length === 0) throw error;
  if (codes[DECISION.withdrawal] === 'ConditionalCheckFailed') return { kind: 'not-pending' };
  if (codes[DECISION.marker] === 'ConditionalCheckFailed' || codes[DECISION.profile] === 'ConditionalCheckFailed') {
    return { kind: 'hold-missing' };
  }
  if (onlyConflicts(codes)) return { kind: 'conflict' };
  throw error;
}

const LISTS = {
  all: { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' },
  status: { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK' },
} as const;

function listOf(status: WithdrawalListQuery['status']) {
  return status === 'all'
    ? { ...LISTS.all, value: WITHDRAWALS_LIST }
    : { ...LISTS.status, value: withdrawalStatusList(status) };
}

const count = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

function toWithdrawalProfile(item: Item): WithdrawalProfile {
  return {
    _id: String(item._id),
    username: String(item.username ?? ''),
    email: String(item.email ?? ''),
    isActive: item.isActive !== false,
    balances: balancesOf(item),
    referralCount: count(item.referralCount),
  };
}

/** Writes of a payout verdict before it is given up (each waiting a little longer). */
const PAYOUT_SAVE_ATTEMPTS = 4;

const isTransactionConflict = (error: unknown) =>
  error instanceof Error && error.name === 'TransactionConflictException';

/**
 * The condition of a payout verdict's write: the withdrawal is approved with that payout TXID, and a
 * verdict that may still change (pending, not found, error) never replaces a final one.
 */
export function payoutCheckCondition(mayChange: boolean) {
  const base = 'attribute_exists(PK) AND #status = :approved AND payoutTxid = :txid';
  return mayChange
    ? `${base} AND (attribute_not_exists(payoutCheck) OR payoutCheck.#status IN (${CHAIN_CHECK_RECHECKABLE.map((_, i) => `:r${i}`).join(', ')}))`
    : base;
}

export const dynamoWithdrawalStore: WithdrawalStore & PayoutCheckStore = {
  async getProfile(userId) {
    const item = await getItem(profileKey(userId), true);
    return item ? toWithdrawalProfile(item) : undefined;
  },

  async commitRequest(plan) {
    return transactOr(requestTransaction(plan), { kind: 'committed' }, requestOutcomeOf);
  },

  async listOwn(userId, limit) {
    const result = await queryTable({
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userWithdrawalsPartition(userId), ':prefix': USER_WITHDRAWALS_SK_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    });
    return (result.Items ?? []).map(fromWithdrawalItem);
  },

  async listWithdrawals(status, page) {
    const { items, nextCursor } = await queryListPage(listOf(status), page);
    return { items: items.map(fromWithdrawalItem), nextCursor };
  },

  async withdrawalCounts() {
    const item = (await getItem(withdrawalStatsKey())) ?? {};
    return {
      total: count(item.total),
      pending: count(item.pending),
      approved: count(item.approved),
      rejected: count(item.rejected),
    };
  },

  async rowUsers(userIds) {
    const users = new Map<string, RowUser>();
    const items = await batchGetItems(userIds.map((id) => profileKey(id)));
    for (const item of items) {
      const profile = toWithdrawalProfile(item);
      users.set(profile._id, {
        username: profile.username,
        email: profile.email,
        referralEarnings: profile.balances.available,
      });
    }
    return users;
  },

  async getWithdrawal(id) {
    const item = await getItem(withdrawalKey(id), true);
    return item && item.entity === 'Withdrawal' ? fromWithdrawalItem(item) : undefined;
  },

  async savePayoutCheck(withdrawalId, payoutTxid, check) {
    const mayChange = CHAIN_CHECK_RECHECKABLE.includes(check.status);
    const update = new UpdateCommand({
      TableName: tableName,
      Key: withdrawalKey(withdrawalId),
      UpdateExpression: 'SET payoutCheck = :check',
      ConditionExpression: payoutCheckCondition(mayChange),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':check': check,
        ':approved': 'approved',
        ':txid': payoutTxid,
        ...(mayChange ? Object.fromEntries(CHAIN_CHECK_RECHECKABLE.map((s, i) => [`:r${i}`, s])) : {}),
      },
    });
    // A second admin's approval of the same withdrawal may still be cancelling its transaction,
    // which refuses this write for a moment (TransactionConflict, or locally a failed condition
    // that reading shows should have held): tried again, briefly.
    let current: WithdrawalRecord | undefined;
    for (let attempt = 1; attempt <= PAYOUT_SAVE_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await sleep(backoffMs(attempt - 1, { baseMs: 100 }));
      try {
        await documentClient.send(update);
        return { kind: 'saved' };
      } catch (error) {
        if (isTransactionConflict(error)) continue;
        if (!isConditionFailure(error)) throw error;
      }
      current = await dynamoWithdrawalStore.getWithdrawal(withdrawalId);
      if (current?.status !== 'approved' || current.payoutTxid !== payoutTxid) return { kind: 'missing' };
      // A final verdict is there and this one may still change: the final one stays.
      if (current.payoutCheck && !CHAIN_CHECK_RECHECKABLE.includes(current.payoutCheck.status)) {
        return { kind: 'kept', current: current.payoutCheck };
      }
    }
    return { kind: 'kept', current: current?.payoutCheck ?? null };
  },

  async commitDecision(plan) {
    return transactOr(decisionTransaction(plan), { kind: 'committed' }, decisionOutcomeOf);
  },
};
