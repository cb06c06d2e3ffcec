import { describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, refundApproveInputSchema, refundRequestInputSchema } from '@goldbot/shared';
import type { PaymentRecord } from '../../src/domain/records/payment-record.js';
import type { RefundRecord } from '../../src/domain/records/refund-record.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import {
  approveRefund,
  createRefund,
  listRefundsForAdmin,
  planRefundApproval,
  refuseRefund,
  requestRefund,
  type ApprovalPlan,
  type DecisionOutcome,
  type RefundApprovalContext,
  type RefundDecisionDeps,
  type RefundMail,
  type RefundStore,
  type RefusalPlan,
  type RequestOutcome,
  type RequestPlan,
} from '../../src/domain/refunds/refunds.js';
import { SAMPLE_BUYER, SAMPLE_REFERRER } from '../helpers/payment-samples.js';
import {
  SAMPLE_REFUND_ADDRESS,
  activeSubscription,
  completedPayment,
  pendingRefund,
} from '../helpers/refund-samples.js';

/**
 * The refund use cases against a store fake that keeps the transactions' outcomes scriptable: the
 * customer's request (own payment, once, within the guarantee), an admin's refund of any completed
 * payment, the list, and the decisions, decided once, with the customer's mail after the commit.
 */
const ADMIN = 'admin-sub';
const PAYOUT = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';
const input = (paymentId: string) =>
  refundRequestInputSchema.parse({ paymentId, trc20Address: SAMPLE_REFUND_ADDRESS, reason: 'Not for me' });

class FakeRefundStore implements RefundStore {
  payments = new Map<string, PaymentRecord>();
  refunds = new Map<string, RefundRecord>();
  context: Partial<RefundApprovalContext> = {};
  requestPlans: RequestPlan[] = [];
  approvalPlans: ApprovalPlan[] = [];
  refusalPlans: RefusalPlan[] = [];
  /** Outcomes to answer before committing for real, one per commit. */
  script: (RequestOutcome | DecisionOutcome)[] = [];

  async getPayment(id: string) {
    return structuredClone(this.payments.get(id));
  }
  async getRefund(id: string) {
    return structuredClone(this.refunds.get(id));
  }
  async getPayer() {
    return { username: 'jane_now', email: 'jane.now@example.com' };
  }
  async commitRequest(plan: RequestPlan): Promise<RequestOutcome> {
    this.requestPlans.push(plan);
    const scripted = this.script.shift() as RequestOutcome | undefined;
    if (scripted) return scripted;
    const payment = this.payments.get(plan.payment._id);
    const free = !payment?.refundId || (plan.replacesRefused && payment.refundStatus === 'refused');
    if (!payment || !free) return { kind: 'payment-changed' };
    payment.refundId = plan.refund._id;
    payment.refundStatus = 'pending';
    this.refunds.set(plan.refund._id, structuredClone(plan.refund));
    return { kind: 'committed' };
  }
  async listRefunds() {
    return { items: [...this.refunds.values()], nextCursor: 'NEXT' };
  }
  async refundCounts() {
    return { total: this.refunds.size, pending: 1, approved: 0, refused: 0 };
  }
  async loadApprovalContext(refund: RefundRecord): Promise<RefundApprovalContext> {
    return {
      payment: structuredClone(this.payments.get(refund.paymentId)),
      payer: { username: 'jane_now', email: 'jane.now@example.com', basicPaidThrough: null },
      subscriptions: [],
      referrer: null,
      ...this.context,
    };
  }
  async commitApproval(plan: ApprovalPlan): Promise<DecisionOutcome> {
    this.approvalPlans.push(plan);
    const scripted = this.script.shift() as DecisionOutcome | undefined;
    if (scripted) return scripted;
    return this.decide(plan.refund._id, 'approved');
  }
  async commitRefusal(plan: RefusalPlan): Promise<DecisionOutcome> {
    this.refusalPlans.push(plan);
    const scripted = this.script.shift() as DecisionOutcome | undefined;
    if (scripted) return scripted;
    return this.decide(plan.refund._id, 'refused');
  }
  private decide(id: string, status: 'approved' | 'refused'): DecisionOutcome {
    const refund = this.refunds.get(id);
    if (!refund || refund.status !== 'pending') return { kind: 'not-pending' };
    refund.status = status;
    return { kind: 'committed' };
  }
}

function world(payment = completedPayment()) {
  const store = new FakeRefundStore();
  store.payments.set(payment._id, payment);
  const mails: RefundMail[] = [];
  const failures: string[] = [];
  let seq = 0;
  const deps: RefundDecisionDeps = {
    store,
    now: () => new Date(),
    newId: () => `ID${String((seq += 1)).padStart(24, '0')}`,
    sleep: async () => undefined,
    random: () => 0.5,
    sendRefundMail: async (mail) => {
      mails.push(mail);
    },
    onMailFailure: (_error, id) => failures.push(id),
  };
  return { store, deps, mails, failures, payment };
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { statusCode: number; message: string }) => `${error.statusCode} ${error.message}`,
  );

describe('the customer asks for a refund', () => {
  it('opens a pending request for their own completed payment within the guarantee', async () => {
    const { store, deps, payment } = world();
    const answer = await requestRefund(deps, SAMPLE_BUYER._id, input(payment._id));
    expect(answer.message).toBe(REFUND_MESSAGES.requested);
    expect(answer.refund).toMatchObject({ status: 'pending', decidedAt: null, payoutTxid: null, refusalReason: null });
    const [plan] = store.requestPlans;
    expect(plan?.refund).toMatchObject({
      paymentId: payment._id,
      userId: SAMPLE_BUYER._id,
      packageSlug: 'pro',
      amount: payment.amount,
      trc20Address: SAMPLE_REFUND_ADDRESS,
      reason: 'Not for me',
      origin: 'customer',
      createdBy: null,
      paymentApprovedAt: payment.approvedAt,
    });
    // Not an admin action: nothing audited, and never replacing a refused request.
    expect(plan?.audit).toBeNull();
    expect(plan?.replacesRefused).toBe(false);
  });

  it("answers 404 for someone else's payment and for one that does not exist, writing nothing", async () => {
    const { store, deps, payment } = world();
    expect(await statusOf(requestRefund(deps, 'someone-else', input(payment._id)))).toBe(
      `404 ${REFUND_MESSAGES.paymentNotFound}`,
    );
    expect(await statusOf(requestRefund(deps, SAMPLE_BUYER._id, input('NOSUCHPAYMENT')))).toBe(
      `404 ${REFUND_MESSAGES.paymentNotFound}`,
    );
    expect(store.requestPlans).toEqual([]);
  });

  it('answers 409 naming the 7 days once the guarantee is over', async () => {
    const { store, deps, payment } = world(completedPayment({}, 8));
    expect(await statusOf(requestRefund(deps, SAMPLE_BUYER._id, input(payment._id)))).toBe(
      `409 ${REFUND_MESSAGES.guaranteeOver}`,
    );
    expect(store.requestPlans).toEqual([]);
  });

  it('asks once: a second request, or one that lost the race to the first, answers 409', async () => {
    const { deps, payment } = world();
    await requestRefund(deps, SAMPLE_BUYER._id, input(payment._id));
    expect(await statusOf(requestRefund(deps, SAMPLE_BUYER._id, input(payment._id)))).toBe(
      `409 ${REFUND_MESSAGES.alreadyRequested}`,
    );

    // The race: both read a payment without a request; the transaction admits the first only.
    const racing = world();
    const first = requestRefund(racing.deps, SAMPLE_BUYER._id, input(racing.payment._id));
    const second = requestRefund(racing.deps, SAMPLE_BUYER._id, input(racing.payment._id));
    const results = await Promise.all([statusOf(first), statusOf(second)]);
    expect(results.sort()).toEqual([200, `409 ${REFUND_MESSAGES.alreadyRequested}`]);
    expect(racing.store.refunds.size).toBe(1);
  });

  it('retries a transaction that only met another one on a counter', async () => {
    const { store, deps, payment } = world();
    store.script = [{ kind: 'conflict' }, { kind: 'conflict' }];
    await requestRefund(deps, SAMPLE_BUYER._id, input(payment._id));
    expect(store.requestPlans).toHaveLength(3);
    store.script = Array.from({ length: 4 }, () => ({ kind: 'conflict' as const }));
    const other = world();
    other.store.script = Array.from({ length: 4 }, () => ({ kind: 'conflict' as const }));
    expect(await statusOf(requestRefund(other.deps, SAMPLE_BUYER._id, input(other.payment._id)))).toBe(
      `409 ${REFUND_MESSAGES.tryAgain}`,
    );
  });
});

describe('an admin opens a refund', () => {
  it('refunds any completed payment at any time, audited, and again after a refused request', async () => {
    const late = completedPayment({ refundId: 'OLD', refundStatus: 'refused' }, 40);
    const { store, deps } = world(late);
    const answer = await createRefund(deps, ADMIN, input(late._id));
    expect(answer.message).toBe(REFUND_MESSAGES.created);
    expect(answer.refund).toMatchObject({ status: 'pending', origin: 'admin', paymentId: late._id });
    const [plan] = store.requestPlans;
    expect(plan?.replacesRefused).toBe(true);
    expect(plan?.refund.createdBy).toBe(ADMIN);
    expect(plan?.audit).toMatchObject({
      actor: ADMIN,
      action: 'refund.create',
      target: { type: 'refund', id: plan?.refund._id },
      details: { paymentId: late._id, to: 'pending' },
    });
  });

  it('refuses a payment that is not completed, or whose refund is pending', async () => {
    const { deps } = world(completedPayment({ status: 'pending' }));
    expect(await statusOf(createRefund(deps, ADMIN, input(completedPayment()._id)))).toBe(
      `409 ${REFUND_MESSAGES.notCompleted}`,
    );
    const held = world(completedPayment({ refundId: 'R', refundStatus: 'pending' }));
    expect(await statusOf(createRefund(held.deps, ADMIN, input(held.payment._id)))).toBe(
      `409 ${REFUND_MESSAGES.alreadyRequested}`,
    );
  });
});

describe('the admin list', () => {
  it('answers the page of a status with the counts', async () => {
    const { store, payment } = world();
    store.refunds.set('R', pendingRefund(payment));
    const answer = await listRefundsForAdmin(store, { status: 'pending', limit: 20 });
    expect(answer.refunds).toHaveLength(1);
    expect(answer.refunds[0]).toMatchObject({
      userId: { _id: SAMPLE_BUYER._id, username: 'jane_doe' },
      status: 'pending',
      referralClawback: null,
    });
    expect(answer.nextCursor).toBe('NEXT');
    expect(answer.counts).toEqual({ total: 1, pending: 1, approved: 0, refused: 0 });
  });
});

describe('approval', () => {
  const approve = refundApproveInputSchema.parse({ payoutTxid: `0x${PAYOUT.toUpperCase()}`, note: ' Sent ' });

  function pendingWorld(payment = completedPayment({ refundStatus: 'pending' })) {
    const w = world(payment);
    const refund = pendingRefund(payment);
    payment.refundId = refund._id;
    w.store.refunds.set(refund._id, refund);
    w.store.context = { subscriptions: [activeSubscription(payment)] };
    return { ...w, refund };
  }

  it('keeps the payout TXID in its canonical spelling and the note trimmed', () => {
    expect(approve).toEqual({ payoutTxid: PAYOUT, note: 'Sent' });
    expect(refundApproveInputSchema.safeParse({ payoutTxid: 'abc' }).error?.issues[0]?.message).toBe(
      REFUND_MESSAGES.payoutTxidInvalid,
    );
  });

  it('approves once, then mails the customer the payout TXID', async () => {
    const { store, deps, mails, refund } = pendingWorld();
    const answer = await approveRefund(deps, refund._id, ADMIN, approve);
    expect(answer.message).toBe(REFUND_MESSAGES.approved);
    expect(answer.refund).toMatchObject({ status: 'approved', payoutTxid: PAYOUT, note: 'Sent' });
    expect(store.approvalPlans).toHaveLength(1);
    expect(store.approvalPlans[0]?.audit).toMatchObject({
      action: 'refund.approve',
      target: { type: 'refund', id: refund._id },
      details: { from: 'pending', to: 'approved', payoutTxid: PAYOUT },
    });
    expect(mails).toEqual([
      {
        refundId: refund._id,
        decision: 'approved',
        to: 'jane.now@example.com',
        username: 'jane_now',
        packageName: 'Pro Package',
        amountPaid: refund.amountPaid,
        trc20Address: SAMPLE_REFUND_ADDRESS,
        payoutTxid: PAYOUT,
        note: 'Sent',
      },
    ]);
    // Clicked again: "already approved", nothing written or mailed again.
    const again = await approveRefund(deps, refund._id, ADMIN, approve);
    expect(again.message).toBe(REFUND_MESSAGES.alreadyDecided('approved'));
    expect(store.approvalPlans).toHaveLength(1);
    expect(mails).toHaveLength(1);
    // The other decision now: 409.
    expect(await statusOf(refuseRefund(deps, refund._id, ADMIN, 'no'))).toBe(
      `409 ${REFUND_MESSAGES.alreadyDecided('approved')}`,
    );
  });

  it('takes its own decision applied behind a timeout as committed: the mail still goes', async () => {
    for (const decision of ['approved', 'refused'] as const) {
      const { store, deps, refund, mails } = pendingWorld();
      // Applied, then the answer lost: the SDK's retry finds the refund decided by this very plan.
      const applied = async (plan: { refund: { _id: string }; at: string; adminId: string }) => {
        const current = store.refunds.get(plan.refund._id);
        if (current) {
          store.refunds.set(plan.refund._id, {
            ...current,
            status: decision,
            decidedAt: plan.at,
            decidedBy: plan.adminId,
          });
        }
        return { kind: 'not-pending' } as const;
      };
      store.commitApproval = applied;
      store.commitRefusal = applied;
      const answer =
        decision === 'approved'
          ? await approveRefund(deps, refund._id, ADMIN, approve)
          : await refuseRefund(deps, refund._id, ADMIN, 'no profit this month was not the case');
      expect(answer.message, decision).not.toBe(REFUND_MESSAGES.alreadyDecided(decision));
      expect(mails, decision).toHaveLength(1);
    }
  });

  it('answers a lost race from the refund as it is now', async () => {
    const { store, deps, refund, mails } = pendingWorld();
    store.script = [{ kind: 'not-pending' }];
    store.refunds.set(refund._id, { ...refund, status: 'approved' });
    // The refund read first is still pending to this request: it plans, commits and loses.
    const getRefund = store.getRefund.bind(store);
    let reads = 0;
    store.getRefund = async (id) => (reads++ === 0 ? structuredClone(refund) : getRefund(id));
    const answer = await approveRefund(deps, refund._id, ADMIN, approve);
    expect(answer.message).toBe(REFUND_MESSAGES.alreadyDecided('approved'));
    expect(mails).toEqual([]);
  });

  it('refuses a payout TXID already recorded for another refund', async () => {
    const { store, deps, refund } = pendingWorld();
    store.script = [{ kind: 'payout-used' }];
    expect(await statusOf(approveRefund(deps, refund._id, ADMIN, approve))).toBe(
      `409 ${REFUND_MESSAGES.payoutTxidUsed}`,
    );
  });

  it('reads again when its inputs moved, and gives up with 409 after a few tries', async () => {
    const { store, deps, refund } = pendingWorld();
    store.script = [{ kind: 'context-changed' }];
    await approveRefund(deps, refund._id, ADMIN, approve);
    expect(store.approvalPlans).toHaveLength(2);

    const busy = pendingWorld();
    busy.store.script = Array.from({ length: 5 }, () => ({ kind: 'context-changed' as const }));
    expect(await statusOf(approveRefund(busy.deps, busy.refund._id, ADMIN, approve))).toBe(
      `409 ${REFUND_MESSAGES.tryAgain}`,
    );
  });

  it('stands when the mail fails', async () => {
    const { deps, refund, failures } = pendingWorld();
    deps.sendRefundMail = async () => {
      throw new Error('SES down');
    };
    const answer = await approveRefund(deps, refund._id, ADMIN, approve);
    expect(answer.refund.status).toBe('approved');
    expect(failures).toEqual([refund._id]);
  });

  it('answers 404 for an unknown refund', async () => {
    const { deps } = pendingWorld();
    expect(await statusOf(approveRefund(deps, 'NOPE', ADMIN, approve))).toBe(`404 ${REFUND_MESSAGES.notFound}`);
  });
});

describe('the approval plan', () => {
  const now = new Date('2026-12-15T12:00:00.000Z');
  const ids = () => {
    let seq = 0;
    return () => `ID${(seq += 1)}`;
  };
  const basicRow = (id: string, approvedAt: string, startDate: string, endDate: string): SubscriptionRecord => ({
    ...activeSubscription(completedPayment({ packageSlug: 'basic', subscriptionId: id, _id: `P${id}` })),
    _id: id,
    paymentId: `P${id}`,
    approvedAt,
    startDate,
    endDate,
    isExtension: startDate !== '2027-01-01',
  });
  /** A completed Basic payment whose refund R awaits the approval. */
  const basicAwaitingRefund = (overrides: Partial<PaymentRecord>) =>
    completedPayment({
      packageSlug: 'basic',
      packageName: 'Basic Package',
      refundId: 'R',
      refundStatus: 'pending',
      ...overrides,
    });
  /** The plan of approving refund R of `payment`, with jane's account read as `read` says. */
  const approvalOf = (
    payment: PaymentRecord,
    read: {
      basicPaidThrough: string;
      subscriptions: SubscriptionRecord[];
      referrer?: { available: number; owed: number } | null;
    },
  ) =>
    planRefundApproval(
      pendingRefund(payment, { _id: 'R' }),
      {
        payment,
        payer: { username: 'jane', email: 'j@example.com', basicPaidThrough: read.basicPaidThrough },
        subscriptions: read.subscriptions,
        referrer: read.referrer ?? null,
      },
      ADMIN,
      { payoutTxid: PAYOUT, note: null },
      now,
      ids(),
    );

  it('refunding an extended Basic moves the later month back and the paid-through month with it', () => {
    const jan = basicRow('A', '2026-12-10T09:00:00.000Z', '2027-01-01', '2027-01-31');
    const feb = basicRow('B', '2026-12-12T09:00:00.000Z', '2027-02-01', '2027-02-28');
    const mar = basicRow('C', '2026-12-14T09:00:00.000Z', '2027-03-01', '2027-03-31');
    const payment = basicAwaitingRefund({ _id: 'PB', subscriptionId: 'B' });
    const plan = approvalOf(payment, { basicPaidThrough: '2027-03-31', subscriptions: [jan, feb, mar] });
    expect(plan.subscription._id).toBe('B');
    expect(plan.moved).toEqual([
      { row: mar, period: { startDate: '2027-02-01', endDate: '2027-02-28' }, isExtension: true },
    ]);
    expect(plan.paidThrough).toEqual({ read: '2027-03-31', next: '2027-02-28' });
    expect(plan.clawback).toBeNull();
    expect(plan.audit.details).toMatchObject({
      movedMonths: [
        {
          subscriptionId: 'C',
          from: { startDate: '2027-03-01', endDate: '2027-03-31' },
          to: { startDate: '2027-02-01' },
        },
      ],
    });
  });

  it('a support extension after the refunded month moves back; a month support ended neither moves nor pays through', () => {
    const jan = basicRow('A', '2026-12-10T09:00:00.000Z', '2027-01-01', '2027-01-31');
    const feb = basicRow('B', '2026-12-12T09:00:00.000Z', '2027-02-01', '2027-02-28');
    const given: SubscriptionRecord = {
      ...basicRow('S', '2026-12-13T09:00:00.000Z', '2027-03-01', '2027-03-10'),
      paymentMethod: 'support',
      paymentId: null,
      approvedAt: undefined,
      createdAt: '2026-12-13T09:00:00.000Z',
    };
    const ended: SubscriptionRecord = {
      ...basicRow('E', '2026-12-14T09:00:00.000Z', '2027-03-11', '2027-04-10'),
      status: 'expired',
      endedAt: '2026-12-14T10:00:00.000Z',
    };
    const payment = basicAwaitingRefund({ _id: 'PA', subscriptionId: 'A' });
    const plan = approvalOf(payment, { basicPaidThrough: '2027-03-10', subscriptions: [jan, feb, given, ended] });
    expect(plan.moved.map((m) => [m.row._id, m.period])).toEqual([
      ['B', { startDate: '2027-01-01', endDate: '2027-01-31' }],
      // Support's 10 days keep their length, chained after the month that now ends the run.
      ['S', { startDate: '2027-02-01', endDate: '2027-02-10' }],
    ]);
    expect(plan.paidThrough).toEqual({ read: '2027-03-10', next: '2027-02-10' });
  });

  it("takes the referrer's reward back: what is available first, the rest owed", () => {
    const payment = basicAwaitingRefund({
      referralUserId: SAMPLE_REFERRER._id,
      referralReward: 2,
      referralCredited: true,
    });
    const row = basicRow(payment.subscriptionId, payment.approvedAt ?? '', '2027-01-01', '2027-01-31');
    const plan = approvalOf(payment, {
      basicPaidThrough: '2027-01-31',
      subscriptions: [{ ...row, paymentId: payment._id }],
      referrer: { available: 0.5, owed: 1 },
    });
    expect(plan.clawback).toMatchObject({
      referrerId: SAMPLE_REFERRER._id,
      amount: 2,
      fromAvailable: 0.5,
      owed: 1.5,
      availableRead: 0.5,
      owedRead: 1,
    });
    expect(plan.paidThrough).toEqual({ read: '2027-01-31', next: null });
  });

  it('refuses to plan when the payment or its subscription moved (read again)', () => {
    const payment = completedPayment({ refundId: 'OTHER' });
    const refund = pendingRefund(payment, { _id: 'R' });
    const context = { payment, payer: undefined, subscriptions: [activeSubscription(payment)], referrer: null };
    expect(() => planRefundApproval(refund, context, ADMIN, { payoutTxid: PAYOUT, note: null }, now, ids())).toThrow(
      REFUND_MESSAGES.tryAgain,
    );
  });
});

describe('refusal', () => {
  it('refuses once with the reason, mails it to the customer, and leaves the payment completed', async () => {
    const payment = completedPayment({ refundStatus: 'pending' });
    const { store, deps, mails } = world(payment);
    const refund = pendingRefund(payment);
    store.refunds.set(refund._id, refund);
    const answer = await refuseRefund(deps, refund._id, ADMIN, 'The month made a profit.');
    expect(answer).toMatchObject({
      message: REFUND_MESSAGES.refused,
      refund: { status: 'refused', refusalReason: 'The month made a profit.' },
    });
    expect(store.refusalPlans[0]?.audit).toMatchObject({
      action: 'refund.refuse',
      details: { from: 'pending', to: 'refused', reason: 'The month made a profit.' },
    });
    expect(mails).toEqual([
      expect.objectContaining({ decision: 'refused', to: 'jane.now@example.com', reason: 'The month made a profit.' }),
    ]);
    expect((await refuseRefund(deps, refund._id, ADMIN, 'again')).message).toBe(
      REFUND_MESSAGES.alreadyDecided('refused'),
    );
    expect(mails).toHaveLength(1);
  });
});
