import { REFERRAL, toCents, type PackageSlug, type Payment } from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { toPaymentView, type PaymentRecord } from '../records/payment-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import { commitOrFindApplied, retryConflicts } from '../use-case-runtime.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { creditAfterOwed } from '../refunds/refund-rules.js';
import { basicPeriod, proPeriod, ultimatePeriod, utcDay, type Period } from './package-dates.js';
import { mailAfterCommit, type OnMailFailure } from '../email/mail-failure.js';

/**
 * The admin's decisions on a payment (docs/data-model.md, "Approve a payment", "Reject a
 * payment"): approval, by an admin or by the system on an on-chain match, and rejection. Both
 * share the already-decided answers and the retry of a conflicted transaction. Storage and mail
 * are injected; the store turns plans into the conditional transactions and reports how they
 * ended. The admin's lists and their search are payment-lists.ts.
 */
export const REVIEW_MESSAGES = {
  notFound: 'Payment not found. It may have been removed.',
  approved: (username: string) => `Payment for ${username} has been successfully approved!`,
  rejected: (username: string) => `Payment for ${username} has been rejected.`,
  alreadyApproved: 'This payment was already approved.',
  alreadyRejected: 'This payment was already rejected.',
  approvedByOther: 'This payment was already approved by another admin.',
  rejectedByOther: 'This payment was already rejected by another admin.',
  subscriptionNotPending: 'The subscription of this payment is no longer pending. Please reload and try again.',
  tryAgain: 'The payment is being changed by another request. Please try again.',
  txidPaidAnother:
    "This payment's TXID has since paid another payment (the chain matched its transfer to another order), so it cannot be approved: reject it, or ask the customer for the TXID of their own transfer.",
} as const;

/** What the approval reads besides the payment (one BatchGetItem, consistent). */
export interface ApprovalContext {
  subscription: SubscriptionRecord | undefined;
  /** The payer's profile; undefined when it is gone. */
  payer: { username: string; email: string; basicPaidThrough: string | null } | undefined;
  /** Whether the referrer's profile exists (a credit needs it). */
  referrerExists: boolean;
  /**
   * What the referrer owes from rewards taken back by refunds (`referralOwed`, 0 when none): a new
   * credit settles it first (docs/data-model.md, "Why `referralEarnings` stays consistent").
   */
  referrerOwed?: number;
}

export interface ApprovalPlan {
  payment: PaymentRecord;
  subscription: SubscriptionRecord;
  adminId: string;
  /** ISO instant of the approval. */
  at: string;
  period: Period;
  /** Basic chained after a paid-through month that is still running. */
  isExtension: boolean;
  /** Basic only: the profile's `basicPaidThrough` as read (the optimistic lock) and its new value. */
  paidThrough: { read: string | null; next: string } | null;
  /**
   * Basic bought with a code of another user whose profile exists. `offset` of the `amount` settles
   * what the referrer owed (`owedRead`, the optimistic lock on it); the rest becomes available.
   */
  referralCredit: {
    referrerId: string;
    amount: number;
    ledgerId: string;
    offset: number;
    owedRead: number;
  } | null;
  audit: AuditEntry;
}

export interface RejectionPlan {
  payment: PaymentRecord;
  subscription: SubscriptionRecord;
  adminId: string;
  at: string;
  audit: AuditEntry;
}

/** How a decision transaction ended (the store reads the cancellation reasons). */
export type DecisionOutcome =
  | { kind: 'committed' }
  /** The payment's `#status = :pending` failed: another decision got there first. */
  | { kind: 'payment-not-pending' }
  | { kind: 'subscription-not-pending' }
  /** A value the plan was built on changed (`basicPaidThrough`, the referrer's profile): read again. */
  | { kind: 'context-changed' }
  /** Cancelled only by TransactionConflict (another transaction on the same items, e.g. a counter). */
  | { kind: 'conflict' }
  /** The TXID's marker names another payment: its transfer paid that one (an approval only). */
  | { kind: 'txid-elsewhere' };

/** What the decisions read and commit; the DynamoDB store (data/payment-review-store.ts) implements it. */
export interface PaymentDecisionStore {
  /** Consistent read. */
  getPayment(id: string): Promise<PaymentRecord | undefined>;
  loadApprovalContext(payment: PaymentRecord): Promise<ApprovalContext>;
  getSubscription(userId: string, subscriptionId: string): Promise<SubscriptionRecord | undefined>;
  commitApproval(plan: ApprovalPlan): Promise<DecisionOutcome>;
  commitRejection(plan: RejectionPlan): Promise<DecisionOutcome>;
  /**
   * Frees an order's exact amount now, if that order still holds it (a rejected payment's order
   * holds nothing any more); otherwise nothing happens.
   */
  endOrderHold(amountCents: number, orderId: string, nowSeconds: number): Promise<void>;
}

/** The package's verified mail, sent after the approval committed (dates `YYYY-MM-DD`, null end = lifetime). */
export interface VerifiedMail {
  /** The approved payment: the mail's effect (a failed send is kept in the outbox once per approval). */
  paymentId: string;
  to: string;
  packageSlug: PackageSlug;
  username: string;
  packageName: string;
  startDate: string;
  endDate: string | null;
}

export interface PaymentDecisionDeps {
  store: PaymentDecisionStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  /** Waits before retrying a conflicted transaction (tests pass a no-op). */
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface ApprovalDeps extends PaymentDecisionDeps {
  sendVerifiedMail: (mail: VerifiedMail) => Promise<void>;
  /** A failed mail is reported (by the payment's id) and never undoes the approval. */
  onMailFailure: OnMailFailure;
}

export interface DecisionResult {
  message: string;
  payment: Payment;
}

// ---------------------------------------------------------------------------------------------
// Approval

const datesOf = (payment: PaymentRecord, approvedAt: Date, paidThrough: string | null) => {
  switch (payment.packageSlug) {
    case 'basic': {
      const period = basicPeriod(approvedAt, paidThrough);
      const today = utcDay(approvedAt);
      return { period, isExtension: paidThrough !== null && paidThrough >= today };
    }
    case 'pro':
      return { period: proPeriod(approvedAt), isExtension: false };
    case 'ultimate':
      return { period: ultimatePeriod(approvedAt), isExtension: false };
    default:
      // Only the three paid packages are ever bought with a payment (the free trial has no payment).
      throw new ConflictError(`A payment for the ${payment.packageName} cannot be approved.`);
  }
};

/** The buyer paid the whole discounted price (the discount was not capped) and at least the reward. */
export const buyerPaidDiscountedPrice = (payment: Pick<PaymentRecord, 'amount' | 'originalAmount'>): boolean =>
  toCents(payment.amount) >=
  Math.max(toCents(REFERRAL.rewardUsd), toCents(payment.originalAmount - REFERRAL.discountUsd));

/** The reward a referral purchase credits (and a refund of it takes back). */
export const referralRewardOf = (payment: Pick<PaymentRecord, 'referralReward'>): number =>
  payment.referralReward > 0 ? payment.referralReward : REFERRAL.rewardUsd;

/** The referral reward of a Basic bought with another user's code (docs/data-model.md, "Approve a payment"). */
function referralCreditOf(payment: PaymentRecord, context: ApprovalContext, ledgerId: string) {
  const referrerId = payment.referralUserId;
  if (payment.packageSlug !== 'basic' || !referrerId || referrerId === payment.userId || !context.referrerExists) {
    return null;
  }
  // Only a buyer who paid at least the discounted Basic price earns the referrer the reward: never
  // more than the buyer paid (a Basic priced under the discount would otherwise mint credit).
  if (!buyerPaidDiscountedPrice(payment)) return null;
  const amount = referralRewardOf(payment);
  const owedRead = context.referrerOwed ?? 0;
  return { referrerId, amount, ledgerId, offset: creditAfterOwed(amount, owedRead).offset, owedRead };
}

/**
 * Who approves, as the audit log says it: an admin ('payment.approve', the default) or the system
 * approving an on-chain 'match' ('payment.auto-approve', actor SYSTEM_ACTOR, with the
 * verdict in `details`). Either way the approval is the same plan and the same transaction.
 */
export interface ApprovalAudit {
  action: 'payment.approve' | 'payment.auto-approve';
  /** Added to the entry's details. */
  details?: Record<string, unknown>;
}

/** A decision's audit entry: who decided what, on which payment, with the payment's facts. */
function paymentAudit(
  payment: PaymentRecord,
  entry: { id: string; actor: string; action: AuditEntry['action']; at: string },
  details: Record<string, unknown> = {},
): AuditEntry {
  return {
    _id: entry.id,
    actor: entry.actor,
    action: entry.action,
    target: { type: 'payment', id: payment._id },
    details: {
      userId: payment.userId,
      packageName: payment.packageName,
      amount: payment.amount,
      transactionId: payment.transactionId,
      subscriptionId: payment.subscriptionId,
      ...details,
    },
    at: entry.at,
  };
}

export function planApproval(
  payment: PaymentRecord,
  context: ApprovalContext & { subscription: SubscriptionRecord },
  adminId: string,
  now: Date,
  newId: (nowMs: number) => string,
  auditAs: ApprovalAudit = { action: 'payment.approve' },
): ApprovalPlan {
  const paidThrough = context.payer?.basicPaidThrough ?? null;
  const { period, isExtension } = datesOf(payment, now, paidThrough);
  const at = now.toISOString();
  const referralCredit = referralCreditOf(payment, context, newId(now.getTime()));
  return {
    payment,
    subscription: context.subscription,
    adminId,
    at,
    period,
    isExtension,
    paidThrough:
      payment.packageSlug === 'basic' && period.endDate !== null ? { read: paidThrough, next: period.endDate } : null,
    referralCredit,
    audit: paymentAudit(
      payment,
      { id: newId(now.getTime()), actor: adminId, action: auditAs.action, at },
      {
        startDate: period.startDate,
        endDate: period.endDate,
        ...(referralCredit ? { referrerId: referralCredit.referrerId, referralReward: referralCredit.amount } : {}),
        ...auditAs.details,
      },
    ),
  };
}

/** The answer for a payment that another decision already settled (docs/data-model.md, "How failures are answered"). */
function alreadyDecided(current: PaymentRecord | undefined, wanted: 'completed' | 'rejected'): DecisionResult {
  if (!current) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (current.status === wanted) {
    return {
      message: wanted === 'completed' ? REVIEW_MESSAGES.alreadyApproved : REVIEW_MESSAGES.alreadyRejected,
      payment: toPaymentView(current),
    };
  }
  if (current.status === 'completed') throw new ConflictError(REVIEW_MESSAGES.approvedByOther);
  if (current.status === 'rejected') throw new ConflictError(REVIEW_MESSAGES.rejectedByOther);
  throw new ConflictError(REVIEW_MESSAGES.tryAgain);
}

/**
 * The payment's subscription is no longer pending. Usually another decision on this payment
 * committed between the read of the payment and the read of its subscription (a double click,
 * two admins): then the answer is the one for a payment decided meanwhile ("already approved",
 * or 409 naming the other decision). Only a subscription that moved while its payment is still
 * pending is the "reload" conflict.
 */
async function subscriptionMoved(store: PaymentDecisionStore, paymentId: string): Promise<'payment-not-pending'> {
  const current = await store.getPayment(paymentId);
  if (current && current.status !== 'pending') return 'payment-not-pending';
  throw new ConflictError(REVIEW_MESSAGES.subscriptionNotPending);
}

interface DecisionLoop<P> {
  /** The plan, or 'payment-not-pending' when reading its inputs showed another decision won. */
  plan: () => Promise<P | 'payment-not-pending'>;
  commit: (plan: P) => Promise<DecisionOutcome>;
  /** Replans allowed after a 'context-changed' outcome. */
  contextRetries: number;
}

/** Commits a plan, retrying conflicts with jitter and re-reading once when its inputs moved. */
async function runDecision<P>(
  deps: PaymentDecisionDeps,
  loop: DecisionLoop<P>,
): Promise<{ kind: 'committed'; plan: P } | { kind: 'payment-not-pending' }> {
  const first = await loop.plan();
  if (first === 'payment-not-pending') return { kind: 'payment-not-pending' };
  let plan = first;
  let replans = 0;
  // A commit cancelled only by conflicts is tried again with the one backoff (lib/retry.ts).
  const commit = (current: P) => retryConflicts(deps, () => loop.commit(current));
  for (;;) {
    const outcome = await commit(plan);
    switch (outcome.kind) {
      case 'committed':
        return { kind: 'committed', plan };
      case 'payment-not-pending':
        return outcome;
      case 'subscription-not-pending':
        throw new ConflictError(REVIEW_MESSAGES.subscriptionNotPending);
      case 'txid-elsewhere':
        throw new ConflictError(REVIEW_MESSAGES.txidPaidAnother);
      case 'context-changed': {
        if (replans >= loop.contextRetries) throw new ConflictError(REVIEW_MESSAGES.tryAgain);
        replans += 1;
        const next = await loop.plan();
        if (next === 'payment-not-pending') return { kind: 'payment-not-pending' };
        plan = next;
        break;
      }
      case 'conflict':
        throw new ConflictError(REVIEW_MESSAGES.tryAgain);
    }
  }
}

/** The payment reads approved by this very plan: its time and its administrator. */
const approvedByPlan = (payment: PaymentRecord | undefined, plan: ApprovalPlan): boolean =>
  payment?.status === 'completed' && payment.approvedAt === plan.at && payment.approvedBy === plan.adminId;

/**
 * Approves a pending payment in one conditional transaction: payment completed, subscription
 * active with its dates, Basic's paid-through month moved, the referrer credited, the aggregates
 * and the audit entry. A repeat answers 200 "already approved"; a rejected payment 409.
 */
export async function approvePayment(
  deps: ApprovalDeps,
  paymentId: string,
  adminId: string,
  auditAs?: ApprovalAudit,
): Promise<DecisionResult> {
  const { store } = deps;
  const payment = await store.getPayment(paymentId);
  if (!payment) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (payment.status !== 'pending') return alreadyDecided(payment, 'completed');

  let payer: ApprovalContext['payer'];
  const outcome = await runDecision(deps, {
    contextRetries: 1,
    plan: async () => {
      const context = await store.loadApprovalContext(payment);
      const subscription = context.subscription;
      if (!subscription || subscription.status !== 'pending' || subscription.paymentId !== payment._id) {
        return subscriptionMoved(store, payment._id);
      }
      payer = context.payer;
      return planApproval(payment, { ...context, subscription }, adminId, deps.now(), deps.newId, auditAs);
    },
    commit: (plan) =>
      commitOrFindApplied(
        () => store.commitApproval(plan),
        async () => approvedByPlan(await store.getPayment(paymentId), plan),
        { kind: 'committed' } as const,
        'payment-not-pending',
      ),
  });
  if (outcome.kind !== 'committed') return alreadyDecided(await store.getPayment(paymentId), 'completed');
  const { plan } = outcome;
  const approved: PaymentRecord = {
    ...payment,
    status: 'completed',
    approvedAt: plan.at,
    approvedBy: adminId,
    referralCredited: plan.referralCredit !== null,
    updatedAt: plan.at,
  };
  await mailAfterCommit(
    () =>
      deps.sendVerifiedMail({
        paymentId: payment._id,
        to: payer?.email ?? payment.email,
        packageSlug: payment.packageSlug,
        username: payer?.username ?? payment.username,
        packageName: payment.packageName,
        startDate: plan.period.startDate,
        endDate: plan.period.endDate,
      }),
    deps.onMailFailure,
    payment._id,
  );
  return { message: REVIEW_MESSAGES.approved(payment.username), payment: toPaymentView(approved) };
}

// ---------------------------------------------------------------------------------------------
// Rejection

/**
 * Rejects a pending payment: payment and subscription rejected, the counters moved, no
 * balance touched, and the TXID marker stays (a rejected transfer cannot be submitted again).
 */
export async function rejectPayment(
  deps: PaymentDecisionDeps,
  paymentId: string,
  adminId: string,
): Promise<DecisionResult> {
  const { store } = deps;
  const payment = await store.getPayment(paymentId);
  if (!payment) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (payment.status !== 'pending') return alreadyDecided(payment, 'rejected');

  const outcome = await runDecision<RejectionPlan>(deps, {
    contextRetries: 0,
    plan: async () => {
      const subscription = await store.getSubscription(payment.userId, payment.subscriptionId);
      if (!subscription || subscription.status !== 'pending' || subscription.paymentId !== payment._id) {
        return subscriptionMoved(store, payment._id);
      }
      const now = deps.now();
      const at = now.toISOString();
      return {
        payment,
        subscription,
        adminId,
        at,
        audit: paymentAudit(payment, { id: deps.newId(now.getTime()), actor: adminId, action: 'payment.reject', at }),
      };
    },
    commit: (plan) => store.commitRejection(plan),
  });
  if (outcome.kind !== 'committed') return alreadyDecided(await store.getPayment(paymentId), 'rejected');
  if (payment.orderId !== undefined && payment.orderAmount !== undefined) {
    // A rejection frees the order's amount for the next order (only while that order still holds it).
    await store.endOrderHold(toCents(payment.orderAmount), payment.orderId, Math.floor(deps.now().getTime() / 1000));
  }
  const rejected: PaymentRecord = {
    ...payment,
    status: 'rejected',
    rejectedAt: outcome.plan.at,
    rejectedBy: adminId,
    updatedAt: outcome.plan.at,
  };
  return { message: REVIEW_MESSAGES.rejected(payment.username), payment: toPaymentView(rejected) };
}
