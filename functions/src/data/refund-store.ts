import { balancesOf } from '../domain/withdrawals/balances.js';
import type {
  ApprovalPlan,
  DecisionOutcome,
  RefundApprovalContext,
  RefundStore,
  RefusalPlan,
  RequestOutcome,
  RequestPlan,
} from '../domain/refunds/refunds.js';
import { keptClawback, toSubscriptionRefund, type RefundRecord } from '../domain/records/refund-record.js';
import { toAuditItem } from './audit-entity.js';
import { toLedgerItem } from './ledger-entity.js';
import { fromPaymentItem, paymentKey, paymentStatusList } from './payment-entity.js';
import {
  fromRefundItem,
  refundKey,
  refundList,
  refundStatusList,
  toPayoutTxidMarkerItem,
  toRefundItem,
} from './refund-entity.js';
import { paymentStatsKeys, refundStatsKey, subscriptionStatsKey } from './stats-entity.js';
import {
  SUBSCRIPTION_SK_PREFIX,
  activationKeys,
  expiryKeys,
  fromSubscriptionItem,
  subscriptionKey,
  subscriptionSearchText,
} from './subscription-entity.js';
import {
  addCounters,
  putNew,
  transactOr,
  updateItem,
  type TransactItem,
  type TransactItems,
} from './transaction-items.js';
import {
  batchGetItems,
  cancellationCodes,
  getItem,
  onlyConflicts,
  queryAllWithPrefix,
  queryListPage,
} from './table-reads.js';
import { payerOf, profileKey } from './user-profile-entity.js';

/**
 * DynamoDB side of refunds (docs/data-model.md, "Refund request", "Request a refund", "Approve a
 * refund", "Refuse a refund"): GetItems by key, the status lists on GSI2 (never a Scan), and one
 * TransactWriteItems per step whose cancellation reasons become an outcome for the use case.
 */

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

/** Runs a transaction; a cancellation is mapped by `outcomeOf` from its per-item reason codes. */
const transact = <O>(items: TransactItems, outcomeOf: (codes: string[]) => O | undefined): Promise<O | 'done'> =>
  transactOr(items, 'done' as const, (error) => {
    const codes = cancellationCodes(error);
    const outcome = codes.length > 0 ? outcomeOf(codes) : undefined;
    if (outcome === undefined) throw error;
    return outcome;
  });

const failed = (codes: readonly string[], index: number) => codes[index] === 'ConditionalCheckFailed';

// ---------------------------------------------------------------------------------------------
// Opening a request

/** The refund's mirror on the purchase's row, which Billing History reads. */
const mirrorUpdate = (refund: RefundRecord, at: string): TransactItem =>
  updateItem(
    subscriptionKey(refund.userId, refund.subscriptionId),
    'SET refund = :refund, updatedAt = :at',
    { ':refund': toSubscriptionRefund(refund), ':at': at, ':p': refund.paymentId },
    { condition: 'paymentId = :p' },
  );

export function requestTransaction(plan: RequestPlan): TransactItems {
  const { refund, payment } = plan;
  const at = refund.createdAt;
  const free = plan.replacesRefused
    ? '(attribute_not_exists(refundId) OR refundStatus = :refused)'
    : 'attribute_not_exists(refundId)';
  return [
    putNew(toRefundItem(refund)),
    updateItem(
      paymentKey(payment._id),
      'SET refundId = :r, refundStatus = :pending, updatedAt = :at',
      {
        ':r': refund._id,
        ':pending': 'pending',
        ':at': at,
        ':completed': 'completed',
        ':u': refund.userId,
        ...(plan.replacesRefused ? { ':refused': 'refused' } : {}),
      },
      // One request per payment: the payment itself is the marker.
      { names: { '#status': 'status' }, condition: `#status = :completed AND userId = :u AND ${free}` },
    ),
    mirrorUpdate(refund, at),
    addCounters(refundStatsKey(), { total: 1, pending: 1, pendingAmount: refund.amount }),
    ...(plan.audit ? [putNew(toAuditItem(plan.audit))] : []),
  ];
}

// ---------------------------------------------------------------------------------------------
// Approval

/** The moved row's new dates, its expiry key and its place in the activation list (Basic, not yet mailed). */
function movedRowUpdate(moved: ApprovalPlan['moved'][number], today: string, at: string): TransactItem {
  const { row, period, isExtension } = moved;
  const sets = ['startDate = :start', 'endDate = :end', 'isExtension = :extension', 'updatedAt = :at'];
  const removes: string[] = [];
  const values: Record<string, unknown> = {
    ':start': period.startDate,
    ':end': period.endDate,
    ':extension': isExtension,
    ':at': at,
    ':active': 'active',
    ':oldStart': row.startDate,
    ':oldEnd': row.endDate,
  };
  const expiry = expiryKeys(period.endDate, row._id);
  sets.push('GSI3PK = :g3pk', 'GSI3SK = :g3sk');
  Object.assign(values, { ':g3pk': expiry.GSI3PK, ':g3sk': expiry.GSI3SK });
  if (!row.notificationSent) {
    // Its "starts today" mail follows the new start; a month that now starts on a past day is
    // already running, so it leaves the activation list.
    if (period.startDate >= today) {
      const activation = activationKeys(period.startDate, row.createdAt, row._id);
      sets.push('GSI2PK = :g2pk', 'GSI2SK = :g2sk');
      Object.assign(values, { ':g2pk': activation.GSI2PK, ':g2sk': activation.GSI2SK });
    } else {
      removes.push('GSI2PK', 'GSI2SK');
    }
  }
  return updateItem(
    subscriptionKey(row.userId, row._id),
    `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    values,
    {
      names: { '#status': 'status' },
      condition: '#status = :active AND startDate = :oldStart AND endDate = :oldEnd',
    },
  );
}

/**
 * The approval's items and which of them mean what when their condition fails: item 0 is the
 * refund's status (another decision won), item 1 the payout marker (the TXID proves another
 * refund); every other conditioned item is an input the plan was built on (read again).
 */
export function approvalTransaction(plan: ApprovalPlan): { items: TransactItems; sensitive: number[] } {
  const { refund, payment, subscription, at } = plan;
  const today = at.slice(0, 10);
  const month = at.slice(0, 7);
  const approved = {
    ...refund,
    status: 'approved' as const,
    decidedAt: at,
    decidedBy: plan.adminId,
    payoutTxid: plan.payoutTxid,
    note: plan.note,
    updatedAt: at,
  };
  const items: TransactItems = [
    updateItem(
      refundKey(refund._id),
      'SET #status = :approved, payoutTxid = :txid, note = :note, decidedAt = :at, decidedBy = :admin, updatedAt = :at, GSI2PK = :list, referralClawback = :clawback',
      {
        ':approved': 'approved',
        ':pending': 'pending',
        ':txid': plan.payoutTxid,
        ':note': plan.note,
        ':at': at,
        ':admin': plan.adminId,
        ':list': refundStatusList('approved'),
        ':clawback': keptClawback(plan.clawback),
      },
      { names: { '#status': 'status' }, condition: '#status = :pending', returnOld: true },
    ),
    putNew(toPayoutTxidMarkerItem(plan.payoutTxid, refund._id, at)),
  ];
  const sensitive: number[] = [];
  const push = (item: TransactItem) => {
    sensitive.push(items.length);
    items.push(item);
  };
  push(
    updateItem(
      paymentKey(payment._id),
      'SET #status = :refunded, GSI2PK = :list, refundStatus = :approved, refundedAt = :at, refundPayoutTxid = :txid, updatedAt = :at',
      {
        ':refunded': 'refunded',
        ':list': paymentStatusList('refunded'),
        ':approved': 'approved',
        ':at': at,
        ':txid': plan.payoutTxid,
        ':completed': 'completed',
        ':r': refund._id,
      },
      { names: { '#status': 'status' }, condition: '#status = :completed AND refundId = :r' },
    ),
  );
  // The purchase's period ends: it leaves the expiry and activation lists with its status.
  push(
    updateItem(
      subscriptionKey(subscription.userId, subscription._id),
      'SET #status = :refunded, refund = :refund, refundedAt = :at, searchText = :search, updatedAt = :at REMOVE GSI2PK, GSI2SK, GSI3PK, GSI3SK',
      {
        ':refunded': 'refunded',
        ':refund': toSubscriptionRefund(approved),
        ':at': at,
        ':search': subscriptionSearchText(subscription, 'refunded'),
        ':p': payment._id,
        ':read': subscription.status,
      },
      { names: { '#status': 'status' }, condition: 'paymentId = :p AND #status = :read' },
    ),
  );
  for (const moved of plan.moved) push(movedRowUpdate(moved, today, at));
  if (plan.paidThrough) {
    const { read, next } = plan.paidThrough;
    push(
      updateItem(
        profileKey(payment.userId),
        next === null ? 'SET updatedAt = :at REMOVE basicPaidThrough' : 'SET basicPaidThrough = :next, updatedAt = :at',
        { ':at': at, ...(next === null ? {} : { ':next': next }), ...(read === null ? {} : { ':read': read }) },
        {
          condition:
            read === null
              ? 'attribute_exists(PK) AND attribute_not_exists(basicPaidThrough)'
              : 'attribute_exists(PK) AND basicPaidThrough = :read',
        },
      ),
    );
  }
  if (plan.clawback) {
    const { referrerId, amount, fromAvailable, owed, availableRead, owedRead, ledgerId } = plan.clawback;
    push(
      addCounters(
        profileKey(referrerId),
        {
          referralEarnings: -fromAvailable,
          referralOwed: owed,
          referralClawedBack: amount,
          referralCount: -1,
        },
        {
          set: { updatedAt: at },
          // The balances as read: the part taken never exceeds what is available.
          condition:
            owedRead > 0
              ? 'referralEarnings = :available AND referralOwed = :owedRead'
              : 'referralEarnings = :available AND (attribute_not_exists(referralOwed) OR referralOwed <= :owedRead)',
          conditionValues: { ':available': availableRead, ':owedRead': owedRead },
        },
      ),
    );
    push(
      putNew(
        toLedgerItem({
          _id: ledgerId,
          userId: referrerId,
          type: 'clawback',
          amount,
          fromAvailable,
          owed,
          sourceType: 'payment',
          sourceId: payment._id,
          refereeId: payment.userId,
          refundId: refund._id,
          actor: plan.adminId,
          createdAt: at,
        }),
      ),
    );
  }
  // Refunds counted apart, in the day of the refund: the revenue a past day recorded stays as it was.
  const refunded = { refundedCount: 1, refundedAmount: payment.amount };
  items.push(
    addCounters(paymentStatsKeys.total(), refunded),
    addCounters(paymentStatsKeys.day(today), refunded),
    addCounters(paymentStatsKeys.month(month), refunded),
    addCounters(paymentStatsKeys.year(at.slice(0, 4)), refunded),
    addCounters(paymentStatsKeys.package(payment.packageSlug), refunded),
    addCounters(paymentStatsKeys.packageMonth(month, payment.packageSlug), refunded),
    addCounters(subscriptionStatsKey(subscription.createdAt.slice(0, 7)), { [subscription.status]: -1, refunded: 1 }),
    addCounters(refundStatsKey(), {
      pending: -1,
      approved: 1,
      pendingAmount: -refund.amount,
      approvedAmount: refund.amount,
    }),
    putNew(toAuditItem(plan.audit)),
  );
  return { items, sensitive };
}

// ---------------------------------------------------------------------------------------------
// Refusal

export function refusalTransaction(plan: RefusalPlan): TransactItems {
  const { refund, at } = plan;
  const refused = {
    ...refund,
    status: 'refused' as const,
    decidedAt: at,
    decidedBy: plan.adminId,
    refusalReason: plan.reason,
    updatedAt: at,
  };
  return [
    updateItem(
      refundKey(refund._id),
      'SET #status = :refused, refusalReason = :reason, decidedAt = :at, decidedBy = :admin, updatedAt = :at, GSI2PK = :list',
      {
        ':refused': 'refused',
        ':pending': 'pending',
        ':reason': plan.reason,
        ':at': at,
        ':admin': plan.adminId,
        ':list': refundStatusList('refused'),
      },
      { names: { '#status': 'status' }, condition: '#status = :pending', returnOld: true },
    ),
    updateItem(
      paymentKey(refund.paymentId),
      'SET refundStatus = :refused, updatedAt = :at',
      { ':refused': 'refused', ':at': at, ':r': refund._id },
      { condition: 'refundId = :r' },
    ),
    mirrorUpdate(refused, at),
    addCounters(refundStatsKey(), { pending: -1, refused: 1, pendingAmount: -refund.amount }),
    putNew(toAuditItem(plan.audit)),
  ];
}

// ---------------------------------------------------------------------------------------------

export const dynamoRefundStore: RefundStore = {
  async getPayment(id) {
    const item = await getItem(paymentKey(id), true);
    return item && item.entity === 'Payment' ? fromPaymentItem(item) : undefined;
  },

  async getRefund(id) {
    const item = await getItem(refundKey(id), true);
    return item && item.entity === 'Refund' ? fromRefundItem(item) : undefined;
  },

  async getPayer(userId) {
    const item = await getItem(profileKey(userId), true);
    return item ? { username: String(item.username ?? ''), email: String(item.email ?? '') } : undefined;
  },

  async commitRequest(plan): Promise<RequestOutcome> {
    const outcome = await transact<RequestOutcome>(requestTransaction(plan), (codes) => {
      if (failed(codes, 1) || failed(codes, 2)) return { kind: 'payment-changed' };
      if (onlyConflicts(codes)) return { kind: 'conflict' };
      return undefined;
    });
    return outcome === 'done' ? { kind: 'committed' } : outcome;
  },

  async listRefunds(status, { limit, cursor }) {
    const page = await queryListPage(refundList(status), { limit, cursor, budget: limit });
    return { items: page.items.map(fromRefundItem), nextCursor: page.nextCursor };
  },

  async refundCounts() {
    const item = await getItem(refundStatsKey());
    return {
      total: number(item?.total),
      pending: number(item?.pending),
      approved: number(item?.approved),
      refused: number(item?.refused),
    };
  },

  async loadApprovalContext(refund): Promise<RefundApprovalContext> {
    const payerKey = profileKey(refund.userId);
    const payment = await getItem(paymentKey(refund.paymentId), true);
    const record = payment && payment.entity === 'Payment' ? fromPaymentItem(payment) : undefined;
    const referrerId = record?.referralCredited ? record.referralUserId : null;
    const referrerKey = referrerId ? profileKey(referrerId) : undefined;
    // The profiles first, then the payer's rows (their item collection is bounded by their
    // purchases): a Basic bought after the paid-through day was read is then either among the rows
    // or has moved that day, which the approval is conditioned on. Read side by side, the rows could
    // predate a purchase whose paid-through day was read, and the dates would be recomputed without it.
    const profiles = await batchGetItems([payerKey, ...(referrerKey ? [referrerKey] : [])]);
    const rows = await queryAllWithPrefix(payerKey.PK, SUBSCRIPTION_SK_PREFIX, { consistent: true });
    const payer = profiles.find((item) => item.PK === payerKey.PK);
    const referrer = referrerKey ? profiles.find((item) => item.PK === referrerKey.PK) : undefined;
    const balances = referrer ? balancesOf(referrer) : undefined;
    return {
      payment: record,
      payer: payerOf(payer, refund),
      subscriptions: rows.map(fromSubscriptionItem),
      referrer: balances ? { available: balances.available, owed: balances.owed } : null,
    };
  },

  async commitApproval(plan): Promise<DecisionOutcome> {
    const { items, sensitive } = approvalTransaction(plan);
    const outcome = await transact<DecisionOutcome>(items, (codes) => {
      if (failed(codes, 0)) return { kind: 'not-pending' };
      if (failed(codes, 1)) return { kind: 'payout-used' };
      if (sensitive.some((i) => failed(codes, i))) return { kind: 'context-changed' };
      if (onlyConflicts(codes)) return { kind: 'conflict' };
      return undefined;
    });
    return outcome === 'done' ? { kind: 'committed' } : outcome;
  },

  async commitRefusal(plan): Promise<DecisionOutcome> {
    const outcome = await transact<DecisionOutcome>(refusalTransaction(plan), (codes) => {
      if (failed(codes, 0)) return { kind: 'not-pending' };
      if (failed(codes, 1) || failed(codes, 2)) return { kind: 'context-changed' };
      if (onlyConflicts(codes)) return { kind: 'conflict' };
      return undefined;
    });
    return outcome === 'done' ? { kind: 'committed' } : outcome;
  },
};
