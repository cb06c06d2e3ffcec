import {
  REFUND,
  REFUND_MESSAGES,
  type AdminRefundsQuery,
  type Refund,
  type RefundApproveInput,
  type RefundCounts,
  type RefundRequestInput,
  type RefundStatus,
  type SubscriptionRefund,
} from '@goldbot/shared';
import { backoffMs } from '../../lib/retry.js';
import { referralRewardOf } from '../commerce/payment-decisions.js';
import { utcDay } from '../commerce/package-dates.js';
import { amountPaidOf } from '../commerce/receipts.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { AuditEntry } from '../records/audit-entry.js';
import type { PaymentRecord } from '../records/payment-record.js';
import {
  keptClawback,
  toRefundView,
  toSubscriptionRefund,
  type ReferralClawback,
  type RefundRecord,
} from '../records/refund-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import { clawbackOf, judgeRefundRequest, rechainBasic, type BasicMonth } from './refund-rules.js';
import { commitOrFindApplied, commitWithRetries, type UseCaseRuntime } from '../use-case-runtime.js';
import { mailAfterCommit, type OnMailFailure } from '../email/mail-failure.js';

/**
 * Refunds (the customer's Billing History, the admin's Refunds screen; docs/data-model.md, "Refund
 * request" and its transactions). A request is opened by the customer within the guarantee, or by an
 * admin for any completed payment; an admin then approves it with the payout's transaction id or
 * refuses it with a reason. Each step is one conditional transaction, so a double click, a retry or
 * two admins racing decide a refund once and move money once. On approval the purchase's period
 * ends (later Basic months move back into its place), the payment reads refunded, revenue counts the
 * refund apart and the referrer's reward is taken back. Storage and mail are injected.
 *
 * Just over 600 lines on purpose: the request, the approval and the refusal share the refund's
 * plans, its already-decided answers and the records they build; the rules that need no storage
 * (eligibility, the clawback, the Basic months moved back) are already apart in refund-rules.ts.
 */

export interface RequestPlan {
  refund: RefundRecord;
  /** The payment as read: the transaction re-checks its status and that no other request holds it. */
  payment: PaymentRecord;
  /** An admin may open a new request for a payment whose earlier request was refused. */
  replacesRefused: boolean;
  /** The admin's entry; null when the customer asked (not an admin action). */
  audit: AuditEntry | null;
}

export type RequestOutcome =
  | { kind: 'committed' }
  /** The payment's condition failed: it changed since it was read (another request, a decision). */
  | { kind: 'payment-changed' }
  | { kind: 'conflict' };

/** What an approval reads besides the refund (in parallel: the payment, the profiles, the payer's rows). */
export interface RefundApprovalContext {
  payment: PaymentRecord | undefined;
  /** The payer's live name, e-mail and paid-through Basic month; undefined when the profile is gone. */
  payer: { username: string; email: string; basicPaidThrough: string | null } | undefined;
  /** Every subscription row of the payer (one Query of their item collection). */
  subscriptions: SubscriptionRecord[];
  /** The referrer's balances when the purchase credited one whose profile exists; else null. */
  referrer: { available: number; owed: number } | null;
}

/** A later Basic month recomputed as if the refunded one had not been bought. */
export interface MovedRow {
  /** The row as read: its dates are the optimistic lock. */
  row: SubscriptionRecord;
  period: { startDate: string; endDate: string };
  isExtension: boolean;
}

export interface ApprovalPlan {
  refund: RefundRecord;
  payment: PaymentRecord;
  /** The purchase's row as read (active or expired): it becomes refunded. */
  subscription: SubscriptionRecord;
  adminId: string;
  at: string;
  payoutTxid: string;
  note: string | null;
  moved: MovedRow[];
  /** Basic only: the profile's paid-through month as read and its recomputed value (null: none left). */
  paidThrough: { read: string | null; next: string | null } | null;
  /** The referrer's reward taken back, with the balances read (the optimistic lock). */
  clawback: (ReferralClawback & { availableRead: number; owedRead: number; ledgerId: string }) | null;
  audit: AuditEntry;
}

export interface RefusalPlan {
  refund: RefundRecord;
  adminId: string;
  at: string;
  reason: string;
  audit: AuditEntry;
}

export type DecisionOutcome =
  | { kind: 'committed' }
  /** `#status = :pending` failed: another decision got there first. */
  | { kind: 'not-pending' }
  /** The payout's transaction id already proves another refund. */
  | { kind: 'payout-used' }
  /** Something the plan was built on changed (a date, a balance, the paid-through month): read again. */
  | { kind: 'context-changed' }
  | { kind: 'conflict' };

export interface RefundPage {
  items: RefundRecord[];
  nextCursor: string | null;
}

export interface RefundStore {
  /** Consistent read by id. */
  getPayment(id: string): Promise<PaymentRecord | undefined>;
  /** Consistent read by id. */
  getRefund(id: string): Promise<RefundRecord | undefined>;
  /** The payer's live name and e-mail (the refusal's mail); undefined when the profile is gone. */
  getPayer(userId: string): Promise<{ username: string; email: string } | undefined>;
  commitRequest(plan: RequestPlan): Promise<RequestOutcome>;
  /** One status's requests, newest first (a GSI2 Query). */
  listRefunds(status: RefundStatus, page: { limit: number; cursor?: string }): Promise<RefundPage>;
  /** STATS#REFUNDS / TOTAL. */
  refundCounts(): Promise<RefundCounts>;
  loadApprovalContext(refund: RefundRecord): Promise<RefundApprovalContext>;
  commitApproval(plan: ApprovalPlan): Promise<DecisionOutcome>;
  commitRefusal(plan: RefusalPlan): Promise<DecisionOutcome>;
}

export interface RefundDeps extends UseCaseRuntime {
  store: RefundStore;
}

/** The customer's mail after a decision (refundApproved carries the payout TXID, refundRefused the reason). */
export type RefundMail = {
  /** The decided refund: the mail's effect (a failed send is kept in the outbox once per decision). */
  refundId: string;
  to: string;
  username: string;
  packageName: string;
  amountPaid: number;
  trc20Address: string;
} & ({ decision: 'approved'; payoutTxid: string; note: string | null } | { decision: 'refused'; reason: string });

export interface RefundDecisionDeps extends RefundDeps {
  sendRefundMail: (mail: RefundMail) => Promise<void>;
  /** A failed mail is reported (by the refund's id) and never undoes the decision. */
  onMailFailure: OnMailFailure;
}

/** Transactions replanned after their inputs moved, before the answer is 409 "try again". */
const CONTEXT_RETRIES = 2;

const refusalError = (refusal: { status: 404 | 409; message: string }) =>
  refusal.status === 404 ? new NotFoundError(refusal.message) : new ConflictError(refusal.message);

// ---------------------------------------------------------------------------------------------
// Opening a request: the customer, or an admin

type Asker = { kind: 'customer'; userId: string } | { kind: 'admin'; adminId: string };

export function planRequest(
  payment: PaymentRecord,
  input: RefundRequestInput,
  asker: Asker,
  now: Date,
  newId: (nowMs: number) => string,
): RequestPlan {
  const at = now.toISOString();
  const id = newId(now.getTime());
  const refund: RefundRecord = {
    _id: id,
    paymentId: payment._id,
    subscriptionId: payment.subscriptionId,
    userId: payment.userId,
    username: payment.username,
    email: payment.email,
    packageSlug: payment.packageSlug,
    packageName: payment.packageName,
    amount: payment.amount,
    amountPaid: amountPaidOf(payment),
    transactionId: payment.transactionId,
    paymentApprovedAt: payment.approvedAt ?? null,
    trc20Address: input.trc20Address,
    reason: input.reason,
    origin: asker.kind,
    createdBy: asker.kind === 'admin' ? asker.adminId : null,
    status: 'pending',
    requestedAt: at,
    decidedAt: null,
    decidedBy: null,
    payoutTxid: null,
    note: null,
    refusalReason: null,
    referralClawback: null,
    createdAt: at,
    updatedAt: at,
  };
  return {
    refund,
    payment,
    replacesRefused: asker.kind === 'admin' && payment.refundStatus === 'refused',
    audit:
      asker.kind === 'admin'
        ? {
            _id: newId(now.getTime()),
            actor: asker.adminId,
            action: 'refund.create',
            target: { type: 'refund', id },
            details: {
              paymentId: payment._id,
              userId: payment.userId,
              packageName: payment.packageName,
              amount: payment.amount,
              trc20Address: input.trc20Address,
              reason: input.reason,
              to: 'pending',
            },
            at,
          }
        : null,
  };
}

async function openRefund(deps: RefundDeps, input: RefundRequestInput, asker: Asker): Promise<RefundRecord> {
  const judge = (payment: PaymentRecord | undefined) =>
    judgeRefundRequest(payment, asker.kind === 'customer' ? asker : { kind: 'admin' }, deps.now());
  const payment = await deps.store.getPayment(input.paymentId);
  const refusal = judge(payment);
  if (refusal || !payment) throw refusalError(refusal ?? { status: 404, message: REFUND_MESSAGES.paymentNotFound });

  const plan = planRequest(payment, input, asker, deps.now(), deps.newId);
  const outcome = await commitWithRetries(deps, () => deps.store.commitRequest(plan), REFUND_MESSAGES.tryAgain);
  if (outcome.kind === 'payment-changed') {
    // Another request or decision got there first (a double click): answer from what won.
    const again = judge(await deps.store.getPayment(input.paymentId));
    throw again ? refusalError(again) : new ConflictError(REFUND_MESSAGES.tryAgain);
  }
  return plan.refund;
}

/**
 * `payment-refund-request`: the customer asks for a refund of their own completed payment within
 * the guarantee's days of its approval, once per payment. Someone else's payment is 404, as one
 * that does not exist; after the guarantee, 409 naming its days.
 */
export async function requestRefund(
  deps: RefundDeps,
  userId: string,
  input: RefundRequestInput,
): Promise<{ message: string; refund: SubscriptionRefund }> {
  const refund = await openRefund(deps, input, { kind: 'customer', userId });
  return { message: REFUND_MESSAGES.requested, refund: toSubscriptionRefund(refund) };
}

/**
 * `admin-refund-create`: an admin opens a refund of any completed payment, at any time (the monthly
 * no-profit guarantee), again after a refused one; admins then approve it like any other.
 */
export async function createRefund(
  deps: RefundDeps,
  adminId: string,
  input: RefundRequestInput,
): Promise<{ message: string; refund: Refund }> {
  const refund = await openRefund(deps, input, { kind: 'admin', adminId });
  return { message: REFUND_MESSAGES.created, refund: toRefundView(refund) };
}

// ---------------------------------------------------------------------------------------------
// The admin's list

export async function listRefundsForAdmin(store: RefundStore, query: AdminRefundsQuery) {
  const [page, counts] = await Promise.all([
    store.listRefunds(query.status, { limit: query.limit, cursor: query.cursor }),
    store.refundCounts(),
  ]);
  return { refunds: page.items.map(toRefundView), nextCursor: page.nextCursor, counts };
}

// ---------------------------------------------------------------------------------------------
// Decisions

/** Decided by this very plan (its time and admin): its transaction was applied and the answer lost. */
const decidedByPlan = (
  current: RefundRecord | undefined,
  status: RefundStatus,
  plan: { at: string; adminId: string },
): boolean => current?.status === status && current.decidedAt === plan.at && current.decidedBy === plan.adminId;

/**
 * Commits a decision, trying again a transaction that only conflicted; an answer lost on the way
 * is read back from the refund (commitOrFindApplied).
 */
const commitDecision = <P extends { at: string; adminId: string }>(
  deps: RefundDeps,
  refundId: string,
  decision: 'approved' | 'refused',
  plan: P,
  commit: (plan: P) => Promise<DecisionOutcome>,
) =>
  commitWithRetries(
    deps,
    () =>
      commitOrFindApplied(
        () => commit(plan),
        async () => decidedByPlan(await deps.store.getRefund(refundId), decision, plan),
        { kind: 'committed' } as const,
        'not-pending',
      ),
    REFUND_MESSAGES.tryAgain,
  );

/**
 * Mails the customer the decision, to the payer's live address (the request's copy when their
 * profile is gone); a failure, the payer's read included, is reported and never undoes it.
 */
async function mailDecision(
  deps: RefundDecisionDeps,
  refund: RefundRecord,
  payer: () => Promise<{ username: string; email: string } | undefined>,
  decision: { decision: 'approved'; payoutTxid: string; note: string | null } | { decision: 'refused'; reason: string },
): Promise<void> {
  await mailAfterCommit(
    async () => {
      const live = await payer();
      await deps.sendRefundMail({
        refundId: refund._id,
        to: live?.email ?? refund.email,
        username: live?.username ?? refund.username,
        packageName: refund.packageName,
        amountPaid: refund.amountPaid,
        trc20Address: refund.trc20Address,
        ...decision,
      });
    },
    deps.onMailFailure,
    refund._id,
  );
}

/** The answer for a refund another decision already settled (a repeat is a harmless 200, the other decision 409). */
function alreadyDecided(current: RefundRecord | undefined, wanted: RefundStatus): { message: string; refund: Refund } {
  if (!current) throw new NotFoundError(REFUND_MESSAGES.notFound);
  if (current.status === 'pending') throw new ConflictError(REFUND_MESSAGES.tryAgain);
  const message = REFUND_MESSAGES.alreadyDecided(current.status);
  if (current.status !== wanted) throw new ConflictError(message);
  return { message, refund: toRefundView(current) };
}

const isPaid = (sub: SubscriptionRecord) => sub.status === 'active' || sub.status === 'expired';

/** The calendar days from `start` to `end`, both included (`YYYY-MM-DD`, read as UTC). */
const daysIn = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

/**
 * The payer's paid Basic months as the recomputation reads them: bought ones and those support gave
 * (a support extension chained after the refunded month moves back like a bought one). A month
 * support ended is out: it no longer pays for any day, so it neither moves nor counts in the
 * paid-through month (support's end already moved that back).
 */
const basicMonthsOf = (subscriptions: readonly SubscriptionRecord[]): BasicMonth[] =>
  subscriptions.flatMap((sub) =>
    sub.packageSlug === 'basic' && isPaid(sub) && !sub.endedAt && sub.startDate && sub.endDate
      ? [
          {
            id: sub._id,
            approvedAt: sub.approvedAt ?? sub.createdAt,
            startDate: sub.startDate,
            endDate: sub.endDate,
            ...(sub.paymentMethod === 'support' ? { supportDays: daysIn(sub.startDate, sub.endDate) } : {}),
          },
        ]
      : [],
  );

/** Whether the payment and its purchase still read as this pending refund left them (completed, paid). */
function stillRefundable(refund: RefundRecord, context: RefundApprovalContext): boolean {
  const { payment } = context;
  if (!payment || payment.status !== 'completed' || payment.refundId !== refund._id) return false;
  const subscription = context.subscriptions.find((sub) => sub._id === payment.subscriptionId);
  return subscription !== undefined && isPaid(subscription) && subscription.paymentId === payment._id;
}

/**
 * The approval of a pending refund (docs/data-model.md, "Approve a refund"), from what was read: the
 * purchase's row ends as refunded, later Basic months move back into its place, the profile's
 * paid-through month follows, and the referrer's reward is taken back.
 */
export function planRefundApproval(
  refund: RefundRecord,
  context: RefundApprovalContext,
  adminId: string,
  input: RefundApproveInput,
  now: Date,
  newId: (nowMs: number) => string,
): ApprovalPlan {
  const { payment } = context;
  const subscription = payment && context.subscriptions.find((sub) => sub._id === payment.subscriptionId);
  if (!payment || !subscription || !stillRefundable(refund, context)) throw new ConflictError(REFUND_MESSAGES.tryAgain);
  const at = now.toISOString();
  const today = utcDay(now);

  let moved: MovedRow[] = [];
  let paidThrough: ApprovalPlan['paidThrough'] = null;
  if (payment.packageSlug === 'basic') {
    const rechained = rechainBasic(basicMonthsOf(context.subscriptions), subscription._id, today);
    if (rechained.moved.length > REFUND.maxMovedMonths) throw new ConflictError(REFUND_MESSAGES.tooManyMonths);
    const byId = new Map(context.subscriptions.map((sub) => [sub._id, sub]));
    moved = rechained.moved.flatMap((m) => {
      const row = byId.get(m.id);
      return row ? [{ row, period: { startDate: m.startDate, endDate: m.endDate }, isExtension: m.isExtension }] : [];
    });
    paidThrough = { read: context.payer?.basicPaidThrough ?? null, next: rechained.paidThrough };
  }

  let clawback: ApprovalPlan['clawback'] = null;
  if (payment.referralCredited && payment.referralUserId && context.referrer) {
    const amount = referralRewardOf(payment);
    const taken = clawbackOf(amount, context.referrer.available);
    clawback = {
      referrerId: payment.referralUserId,
      amount,
      ...taken,
      availableRead: context.referrer.available,
      owedRead: context.referrer.owed,
      ledgerId: newId(now.getTime()),
    };
  }

  return {
    refund,
    payment,
    subscription,
    adminId,
    at,
    payoutTxid: input.payoutTxid,
    note: input.note,
    moved,
    paidThrough,
    clawback,
    audit: {
      _id: newId(now.getTime()),
      actor: adminId,
      action: 'refund.approve',
      target: { type: 'refund', id: refund._id },
      details: {
        from: 'pending',
        to: 'approved',
        paymentId: payment._id,
        userId: payment.userId,
        packageName: payment.packageName,
        amount: payment.amount,
        amountPaid: refund.amountPaid,
        trc20Address: refund.trc20Address,
        payoutTxid: input.payoutTxid,
        note: input.note,
        subscriptionId: subscription._id,
        ...(moved.length > 0
          ? {
              movedMonths: moved.map((m) => ({
                subscriptionId: m.row._id,
                from: { startDate: m.row.startDate, endDate: m.row.endDate },
                to: m.period,
              })),
            }
          : {}),
        ...(clawback
          ? {
              referrerId: clawback.referrerId,
              referralClawback: clawback.amount,
              fromAvailable: clawback.fromAvailable,
              owed: clawback.owed,
            }
          : {}),
      },
      at,
    },
  };
}

/** The refund as the approval leaves it. */
const approvedRecord = (plan: ApprovalPlan): RefundRecord => ({
  ...plan.refund,
  status: 'approved',
  decidedAt: plan.at,
  decidedBy: plan.adminId,
  payoutTxid: plan.payoutTxid,
  note: plan.note,
  referralClawback: keptClawback(plan.clawback),
  updatedAt: plan.at,
});

/**
 * `admin-refund-approve`: one conditional transaction ends the purchase, moves later Basic months
 * back, marks the payment refunded, counts the refund apart in the revenue aggregates, takes the
 * referrer's reward back and writes the audit entry; then the customer is mailed the payout TXID.
 * A repeat answers 200 "already approved"; a refused refund 409.
 */
export async function approveRefund(
  deps: RefundDecisionDeps,
  refundId: string,
  adminId: string,
  input: RefundApproveInput,
): Promise<{ message: string; refund: Refund }> {
  const { store } = deps;
  const refund = await store.getRefund(refundId);
  if (!refund) throw new NotFoundError(REFUND_MESSAGES.notFound);
  if (refund.status !== 'pending') return alreadyDecided(refund, 'approved');

  let context: RefundApprovalContext | undefined;
  let plan: ApprovalPlan | undefined;
  for (let attempt = 1; ; attempt += 1) {
    context = await store.loadApprovalContext(refund);
    if (!stillRefundable(refund, context)) {
      // Another approval got there first. Its transaction is atomic, but reads of single items
      // are not: the payment may already read refunded while the refund still reads pending.
      const current = await store.getRefund(refundId);
      if (current?.status !== 'pending') return alreadyDecided(current, 'approved');
      if (attempt > CONTEXT_RETRIES) throw new ConflictError(REFUND_MESSAGES.tryAgain);
      await deps.sleep(backoffMs(attempt, { random: deps.random }));
      continue;
    }
    plan = planRefundApproval(refund, context, adminId, input, deps.now(), deps.newId);
    const outcome = await commitDecision(deps, refundId, 'approved', plan, (candidate) =>
      store.commitApproval(candidate),
    );
    if (outcome.kind === 'committed') break;
    if (outcome.kind === 'not-pending') return alreadyDecided(await store.getRefund(refundId), 'approved');
    if (outcome.kind === 'payout-used') throw new ConflictError(REFUND_MESSAGES.payoutTxidUsed);
    if (attempt > CONTEXT_RETRIES) throw new ConflictError(REFUND_MESSAGES.tryAgain);
    await deps.sleep(backoffMs(attempt, { random: deps.random }));
  }

  const approved = approvedRecord(plan);
  await mailDecision(deps, refund, async () => context.payer, {
    decision: 'approved',
    payoutTxid: plan.payoutTxid,
    note: plan.note,
  });
  return { message: REFUND_MESSAGES.approved, refund: toRefundView(approved) };
}

export function planRefusal(
  refund: RefundRecord,
  adminId: string,
  reason: string,
  now: Date,
  newId: (nowMs: number) => string,
): RefusalPlan {
  const at = now.toISOString();
  return {
    refund,
    adminId,
    at,
    reason,
    audit: {
      _id: newId(now.getTime()),
      actor: adminId,
      action: 'refund.refuse',
      target: { type: 'refund', id: refund._id },
      details: {
        from: 'pending',
        to: 'refused',
        paymentId: refund.paymentId,
        userId: refund.userId,
        packageName: refund.packageName,
        amount: refund.amount,
        reason,
      },
      at,
    },
  };
}

/**
 * `admin-refund-refuse`: the refund is refused with the reason (mailed to the customer); nothing
 * else changes: the payment stays completed and the purchase runs on. A repeat answers 200
 * "already refused"; an approved refund 409.
 */
export async function refuseRefund(
  deps: RefundDecisionDeps,
  refundId: string,
  adminId: string,
  reason: string,
): Promise<{ message: string; refund: Refund }> {
  const { store } = deps;
  const refund = await store.getRefund(refundId);
  if (!refund) throw new NotFoundError(REFUND_MESSAGES.notFound);
  if (refund.status !== 'pending') return alreadyDecided(refund, 'refused');

  const plan = planRefusal(refund, adminId, reason, deps.now(), deps.newId);
  const outcome = await commitDecision(deps, refundId, 'refused', plan, (refusal) => store.commitRefusal(refusal));
  if (outcome.kind === 'not-pending') return alreadyDecided(await store.getRefund(refundId), 'refused');
  if (outcome.kind !== 'committed') throw new ConflictError(REFUND_MESSAGES.tryAgain);

  const refused: RefundRecord = {
    ...refund,
    status: 'refused',
    decidedAt: plan.at,
    decidedBy: adminId,
    refusalReason: reason,
    updatedAt: plan.at,
  };
  await mailDecision(deps, refund, () => store.getPayer(refund.userId), { decision: 'refused', reason });
  return { message: REFUND_MESSAGES.refused, refund: toRefundView(refused) };
}
