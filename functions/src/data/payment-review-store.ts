import { tableName } from '../adapters/dynamodb.js';
import type {
  ApprovalContext,
  ApprovalPlan,
  DecisionOutcome,
  PaymentDecisionStore,
  RejectionPlan,
} from '../domain/commerce/payment-decisions.js';
import type { PaymentList, PaymentListStore } from '../domain/commerce/payment-lists.js';
import { toAuditItem } from './audit-entity.js';
import { toLedgerItem } from './ledger-entity.js';
import {
  PAYMENTS_LIST,
  fromPaymentItem,
  paymentKey,
  paymentStatusList,
  txidMarkerKey,
  txidStartList,
  isTxidStartCursor,
} from './payment-entity.js';
import { paymentStatsKeys, subscriptionStatsKey } from './stats-entity.js';
import {
  activationKeys,
  expiryKeys,
  fromSubscriptionItem,
  subscriptionKey,
  subscriptionSearchText,
} from './subscription-entity.js';
import { addCounters, putNew, transactOr, updateItem, type TransactItems } from './transaction-items.js';
import { batchGetItems, cancellationCodes, getItem, onlyConflicts, queryListPage, updateIf } from './table-reads.js';
import { orderAmountKey, orderItemKey } from './order-entity.js';
import { payerOf, profileKey } from './user-profile-entity.js';

/**
 * DynamoDB side of the admin payment queue (docs/data-model.md, "Payments and referral ledger", "Approve a payment", "Reject a payment", "Lists and pagination", "Search, stated honestly"): list
 * Queries on GSI1/GSI2 and on the TXID markers' prefix index in GSI2 (never a Scan), GetItems by
 * key, and one TransactWriteItems per decision whose cancellation reasons are turned into a
 * DecisionOutcome for the use case.
 */

const LISTS = {
  pending: { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', value: paymentStatusList('pending') },
  all: { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: PAYMENTS_LIST },
} as const satisfies Record<PaymentList, { index: string; pk: string; sk: string; value: string }>;

/**
 * Maps a cancelled decision to its outcome; `sensitive` are the indexes whose failure means "read
 * again", `txidCheck` the index of the approval's check that the TXID's marker still names the payment.
 */
function outcomeOf(error: unknown, sensitive: readonly number[], txidCheck?: number): DecisionOutcome {
  const codes = cancellationCodes(error);
  if (codes.length === 0) throw error;
  if (codes[0] === 'ConditionalCheckFailed') return { kind: 'payment-not-pending' };
  if (codes[1] === 'ConditionalCheckFailed') return { kind: 'subscription-not-pending' };
  if (txidCheck !== undefined && codes[txidCheck] === 'ConditionalCheckFailed') return { kind: 'txid-elsewhere' };
  if (sensitive.some((i) => codes[i] === 'ConditionalCheckFailed')) return { kind: 'context-changed' };
  if (onlyConflicts(codes)) return { kind: 'conflict' };
  throw error;
}

/** Revenue is recognised on the UTC day of approval; subscriptions by their creation month. */
function approvalCounters(plan: ApprovalPlan): TransactItems {
  const { payment, at } = plan;
  const month = at.slice(0, 7);
  const revenue = { completedCount: 1, completedAmount: payment.amount };
  return [
    addCounters(paymentStatsKeys.total(), { pendingCount: -1, pendingAmount: -payment.amount, ...revenue }),
    addCounters(paymentStatsKeys.day(at.slice(0, 10)), revenue),
    addCounters(paymentStatsKeys.month(month), revenue),
    addCounters(paymentStatsKeys.year(at.slice(0, 4)), revenue),
    addCounters(paymentStatsKeys.package(payment.packageSlug), revenue),
    addCounters(paymentStatsKeys.packageMonth(month, payment.packageSlug), revenue),
    addCounters(subscriptionStatsKey(plan.subscription.createdAt.slice(0, 7)), { pending: -1, active: 1 }),
  ];
}

export function approvalTransaction(plan: ApprovalPlan): {
  items: TransactItems;
  sensitive: number[];
  txidCheck: number;
} {
  const { payment, subscription, period, at } = plan;
  const subscriptionSets = [
    '#status = :active',
    'startDate = :start',
    'endDate = :end',
    'notificationSent = :false',
    'isExtension = :extension',
    'searchText = :search',
    // The refund window of Billing History runs from here (docs/data-model.md, "Refund request").
    'approvedAt = :at',
    'updatedAt = :at',
  ];
  const subscriptionValues: Record<string, unknown> = {
    ':active': 'active',
    ':pending': 'pending',
    ':start': period.startDate,
    ':end': period.endDate,
    ':false': false,
    ':extension': plan.isExtension,
    ':search': subscriptionSearchText(subscription, 'active'),
    ':at': at,
    ':p': payment._id,
  };
  if (payment.packageSlug === 'basic') {
    const keys = activationKeys(period.startDate, subscription.createdAt, subscription._id);
    subscriptionSets.push('GSI2PK = :g2pk', 'GSI2SK = :g2sk');
    Object.assign(subscriptionValues, { ':g2pk': keys.GSI2PK, ':g2sk': keys.GSI2SK });
  }
  if (period.endDate !== null) {
    const keys = expiryKeys(period.endDate, subscription._id);
    subscriptionSets.push('GSI3PK = :g3pk', 'GSI3SK = :g3sk');
    Object.assign(subscriptionValues, { ':g3pk': keys.GSI3PK, ':g3sk': keys.GSI3SK });
  }

  const items: TransactItems = [
    updateItem(
      paymentKey(payment._id),
      'SET #status = :completed, approvedAt = :at, approvedBy = :admin, updatedAt = :at, GSI2PK = :list, referralCredited = :credited',
      {
        ':completed': 'completed',
        ':pending': 'pending',
        ':at': at,
        ':admin': plan.adminId,
        ':list': paymentStatusList('completed'),
        ':credited': plan.referralCredit !== null,
      },
      { names: { '#status': 'status' }, condition: '#status = :pending', returnOld: true },
    ),
    updateItem(
      subscriptionKey(subscription.userId, subscription._id),
      `SET ${subscriptionSets.join(', ')}`,
      subscriptionValues,
      {
        names: { '#status': 'status' },
        condition: '#status = :pending AND paymentId = :p',
        returnOld: true,
      },
    ),
  ];
  const sensitive: number[] = [];
  if (plan.paidThrough) {
    sensitive.push(items.length);
    const { read, next } = plan.paidThrough;
    items.push(
      updateItem(
        profileKey(payment.userId),
        // One pending payment fewer for the buyer's limit, in the same write as the paid month.
        'SET basicPaidThrough = :next, updatedAt = :at ADD pendingPayments :minusOne',
        { ':next': next, ':at': at, ':minusOne': -1, ...(read === null ? {} : { ':read': read }) },
        {
          condition:
            read === null
              ? 'attribute_exists(PK) AND attribute_not_exists(basicPaidThrough)'
              : 'attribute_exists(PK) AND basicPaidThrough = :read',
        },
      ),
    );
  }
  // One pending payment fewer for the buyer's limit (in the paid-month write above for a Basic).
  else items.push(pendingPaymentDone(payment.userId));
  if (plan.referralCredit) {
    const { referrerId, amount, ledgerId, offset, owedRead } = plan.referralCredit;
    sensitive.push(items.length, items.length + 1);
    items.push(
      addCounters(
        profileKey(referrerId),
        {
          referralCount: 1,
          // What the referrer owes from rewards taken back by refunds is settled first.
          referralEarnings: amount - offset,
          referralLifetime: amount,
          ...(offset > 0 ? { referralOwed: -offset } : {}),
        },
        {
          set: { updatedAt: at },
          // The owed amount as read: a refund taking a reward back meanwhile makes the approval read again.
          condition:
            owedRead > 0
              ? 'attribute_exists(PK) AND referralOwed = :owedRead'
              : 'attribute_exists(PK) AND (attribute_not_exists(referralOwed) OR referralOwed <= :owedRead)',
          conditionValues: { ':owedRead': owedRead },
        },
      ),
      putNew(
        toLedgerItem({
          _id: ledgerId,
          userId: referrerId,
          type: 'credit',
          amount,
          sourceType: 'payment',
          sourceId: payment._id,
          refereeId: payment.userId,
          ...(offset > 0 ? { offset } : {}),
          actor: plan.adminId,
          createdAt: at,
        }),
      ),
    );
  }
  items.push(...approvalCounters(plan));
  sensitive.push(items.length);
  items.push(putNew(toAuditItem(plan.audit)));
  // A TXID completes one payment: its marker must still name this one. The chain moves the marker
  // to the payment its transfer paid (another customer's order, or this customer's claim that took
  // the transfer's TXID); approving this claim as well would let one transfer pay twice.
  const txidCheck = items.length;
  items.push({
    ConditionCheck: {
      TableName: tableName,
      Key: txidMarkerKey(payment.txidNormalized),
      ConditionExpression: 'attribute_not_exists(PK) OR paymentId = :p',
      ExpressionAttributeValues: { ':p': payment._id },
    },
  });
  return { items, sensitive, txidCheck };
}

/** The buyer's count of payments waiting for a decision (their submission limit) goes down by one. */
const pendingPaymentDone = (userId: string) =>
  addCounters(profileKey(userId), { pendingPayments: -1 }, { condition: 'attribute_exists(PK)' });

export function rejectionTransaction(plan: RejectionPlan): TransactItems {
  const { payment, subscription, at } = plan;
  return [
    updateItem(
      paymentKey(payment._id),
      'SET #status = :rejected, rejectedAt = :at, rejectedBy = :admin, updatedAt = :at, GSI2PK = :list',
      {
        ':rejected': 'rejected',
        ':pending': 'pending',
        ':at': at,
        ':admin': plan.adminId,
        ':list': paymentStatusList('rejected'),
      },
      { names: { '#status': 'status' }, condition: '#status = :pending', returnOld: true },
    ),
    updateItem(
      subscriptionKey(subscription.userId, subscription._id),
      'SET #status = :rejected, searchText = :search, updatedAt = :at',
      {
        ':rejected': 'rejected',
        ':pending': 'pending',
        ':search': subscriptionSearchText(subscription, 'rejected'),
        ':at': at,
        ':p': payment._id,
      },
      { names: { '#status': 'status' }, condition: '#status = :pending AND paymentId = :p', returnOld: true },
    ),
    pendingPaymentDone(payment.userId),
    addCounters(paymentStatsKeys.total(), { pendingCount: -1, pendingAmount: -payment.amount, rejectedCount: 1 }),
    addCounters(subscriptionStatsKey(subscription.createdAt.slice(0, 7)), { pending: -1, rejected: 1 }),
    putNew(toAuditItem(plan.audit)),
  ];
}

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

export const dynamoPaymentReviewStore: PaymentListStore & PaymentDecisionStore = {
  async listPayments(list, page) {
    const { items, nextCursor } = await queryListPage(LISTS[list], page);
    return { items: items.map(fromPaymentItem), nextCursor };
  },

  async emailsOf(userIds) {
    const emails = new Map<string, string>();
    for (const item of await batchGetItems(userIds.map((id) => profileKey(id)))) {
      if (typeof item.email === 'string') emails.set(String(item._id), item.email);
    }
    return emails;
  },

  isTxidStartCursor,
  async listPaymentsByTxidStart(list, prefix, { limit, cursor }) {
    const markers = await queryListPage(txidStartList(prefix), { limit, cursor, budget: limit });
    const ids = markers.items.flatMap((marker) => (typeof marker.paymentId === 'string' ? [marker.paymentId] : []));
    // Eventually consistent, like the index the ids came from.
    const found = await batchGetItems(ids.map(paymentKey), false);
    const byId = new Map(
      found.filter((item) => item.entity === 'Payment').map((item) => [String(item._id), fromPaymentItem(item)]),
    );
    // In the markers' order (by TXID), so the page and its cursor agree.
    const items = ids.flatMap((id) => {
      const payment = byId.get(id);
      return payment && (list === 'all' || payment.status === 'pending') ? [payment] : [];
    });
    return { items, nextCursor: markers.nextCursor };
  },

  async paymentIdByTxid(txid) {
    const paymentId = (await getItem(txidMarkerKey(txid)))?.paymentId;
    return typeof paymentId === 'string' ? paymentId : undefined;
  },

  async getPayment(id) {
    const item = await getItem(paymentKey(id), true);
    return item && item.entity === 'Payment' ? fromPaymentItem(item) : undefined;
  },

  async paymentCounts() {
    const item = (await getItem(paymentStatsKeys.total())) ?? {};
    return {
      completed: number(item.completedCount),
      pending: number(item.pendingCount),
      rejected: number(item.rejectedCount),
    };
  },

  async loadApprovalContext(payment): Promise<ApprovalContext> {
    const payerKey = profileKey(payment.userId);
    const subKey = subscriptionKey(payment.userId, payment.subscriptionId);
    const referrerId = payment.referralUserId;
    const referrerKey = referrerId && referrerId !== payment.userId ? profileKey(referrerId) : undefined;
    const items = await batchGetItems([payerKey, subKey, ...(referrerKey ? [referrerKey] : [])]);
    const find = (key: { PK: string; SK: string }) => items.find((i) => i.PK === key.PK && i.SK === key.SK);
    const payer = find(payerKey);
    const subscription = find(subKey);
    const referrer = referrerKey ? find(referrerKey) : undefined;
    return {
      subscription: subscription ? fromSubscriptionItem(subscription) : undefined,
      payer: payerOf(payer, payment),
      referrerExists: referrerKey !== undefined && referrer !== undefined,
      referrerOwed: Number(referrer?.referralOwed ?? 0) || 0,
    };
  },

  async getSubscription(userId, subscriptionId) {
    const item = await getItem(subscriptionKey(userId, subscriptionId), true);
    return item ? fromSubscriptionItem(item) : undefined;
  },

  async commitApproval(plan) {
    const { items, sensitive, txidCheck } = approvalTransaction(plan);
    return transactOr(items, { kind: 'committed' }, (error) => outcomeOf(error, sensitive, txidCheck));
  },

  async endOrderHold(amountCents, orderId, nowSeconds) {
    const ended = await updateIf({
      Key: orderAmountKey(amountCents),
      UpdateExpression: 'SET heldUntil = :now',
      ConditionExpression: 'orderId = :order AND heldUntil > :now',
      ExpressionAttributeValues: { ':order': orderId, ':now': nowSeconds },
    });
    if (!ended) return;
    // From now on the amount may be another order's: this order binds no later transfer.
    await updateIf({
      Key: orderItemKey(orderId),
      UpdateExpression: 'SET releasedAt = if_not_exists(releasedAt, :at)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': new Date(nowSeconds * 1000).toISOString() },
    });
  },

  async commitRejection(plan) {
    return transactOr(rejectionTransaction(plan), { kind: 'committed' }, (error) => outcomeOf(error, [4]));
  },
};
