import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { adminListQuerySchema, paymentDecisionResponseSchema } from '@goldbot/shared';
import type { PaymentRecord } from '../../src/domain/records/payment-record.js';
import { isTxidStartCursor } from '../../src/data/payment-entity.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { CONFLICT_TRIES } from '../../src/lib/retry.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import {
  REVIEW_MESSAGES,
  SEARCH_EVALUATION_BUDGET,
  approvePayment,
  listPaymentsForAdmin,
  looksLikeTxid,
  txidStartOf,
  planApproval,
  rejectPayment,
  type ApprovalContext,
  type ApprovalDeps,
  type ApprovalPlan,
  type DecisionOutcome,
  type PaymentReviewStore,
  type RejectionPlan,
} from '../../src/domain/commerce/payment-review.js';
import { utcDay } from '../../src/domain/commerce/package-dates.js';
import { buyerPaidDiscountedPrice } from '../../src/domain/commerce/payment-review.js';
import { ConflictError, NotFoundError } from '../../src/domain/errors.js';
import { SAMPLE_BUYER, SAMPLE_REFERRER, pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';
import { fixedRuntime } from '../helpers/use-case-runtime.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';

/** The use cases of the admin payment queue against an in-memory store that records what it was asked. */
const NOW = new Date('2026-11-23T12:00:00.000Z');

class FakeStore implements PaymentReviewStore {
  payments = new Map<string, PaymentRecord>();
  subscriptions = new Map<string, SubscriptionRecord>();
  payer: ApprovalContext['payer'] = {
    username: SAMPLE_BUYER.username,
    email: SAMPLE_BUYER.email,
    basicPaidThrough: null,
  };
  referrerExists = true;
  counts = { completed: 3, pending: 2, rejected: 1 };
  markers = new Map<string, string>();
  outcomes: DecisionOutcome[] = [];
  approvals: ApprovalPlan[] = [];
  rejections: RejectionPlan[] = [];
  listCalls: unknown[] = [];
  contextLoads = 0;
  /** Applied to the stored payment when the next outcome is 'payment-not-pending'. */
  settledMeanwhile: PaymentRecord['status'] = 'completed';

  constructor(payment: PaymentRecord, subscription = pendingSubscription(payment)) {
    this.payments.set(payment._id, payment);
    this.subscriptions.set(subscription._id, subscription);
  }
  async listPayments(list: string, page: unknown) {
    this.listCalls.push({ list, ...(page as object) });
    return { items: [...this.payments.values()], nextCursor: 'next' };
  }
  txidStartCalls: unknown[] = [];
  /** The cursor the TXID-start search hands back (a marker's key, as the store's). */
  txidStartCursor: string | null = null;
  isTxidStartCursor = isTxidStartCursor;
  async listPaymentsByTxidStart(list: string, prefix: string, page: { limit: number; cursor?: string }) {
    this.txidStartCalls.push({ list, prefix, ...page });
    const items = [...this.payments.values()].filter(
      (p) => p.txidNormalized.startsWith(prefix) && (list === 'all' || p.status === 'pending'),
    );
    return { items, nextCursor: this.txidStartCursor };
  }
  async paymentIdByTxid(txid: string) {
    return this.markers.get(txid);
  }
  async getPayment(id: string) {
    return this.payments.get(id);
  }
  async paymentCounts() {
    return this.counts;
  }
  readonly referrerEmails = new Map<string, string>();
  emailLookups = 0;
  async emailsOf(userIds: readonly string[]) {
    this.emailLookups += 1;
    return new Map(
      userIds.flatMap((id) => (this.referrerEmails.has(id) ? [[id, this.referrerEmails.get(id) ?? '']] : [])),
    );
  }
  async loadApprovalContext(payment: PaymentRecord) {
    this.contextLoads += 1;
    return {
      subscription: this.subscriptions.get(payment.subscriptionId),
      payer: this.payer,
      referrerExists: this.referrerExists,
    };
  }
  async getSubscription(_userId: string, id: string) {
    return this.subscriptions.get(id);
  }
  private next(paymentId: string): DecisionOutcome {
    const outcome = this.outcomes.shift() ?? { kind: 'committed' };
    if (outcome.kind === 'payment-not-pending') {
      const current = this.payments.get(paymentId);
      if (current) this.payments.set(paymentId, { ...current, status: this.settledMeanwhile });
    }
    return outcome;
  }
  /** The next approval is applied, and its answer lost: the retry sees the payment approved by this plan. */
  appliedBehindTimeout = false;
  async commitApproval(plan: ApprovalPlan) {
    this.approvals.push(plan);
    if (this.appliedBehindTimeout) {
      this.appliedBehindTimeout = false;
      const current = this.payments.get(plan.payment._id);
      if (current) {
        this.payments.set(plan.payment._id, {
          ...current,
          status: 'completed',
          approvedAt: plan.at,
          approvedBy: plan.adminId,
        });
      }
      return { kind: 'payment-not-pending' } as const;
    }
    return this.next(plan.payment._id);
  }
  readonly endedHolds: { amountCents: number; orderId: string }[] = [];
  async endOrderHold(amountCents: number, orderId: string) {
    this.endedHolds.push({ amountCents, orderId });
  }
  async commitRejection(plan: RejectionPlan) {
    this.rejections.push(plan);
    return this.next(plan.payment._id);
  }
}

function deps(store: FakeStore, overrides: Partial<ApprovalDeps> = {}): ApprovalDeps {
  return {
    store,
    ...fixedRuntime(NOW),
    sendVerifiedMail: vi.fn(async () => undefined),
    ...overrides,
  };
}

const query = (q: Record<string, string> = {}) => adminListQuerySchema.parse(q);

describe('listPaymentsForAdmin', () => {
  it('answers a page of rows with the summary from the aggregates (total = completed + pending + rejected)', async () => {
    const store = new FakeStore(pendingPayment());
    const list = await listPaymentsForAdmin(store, 'pending', query({ limit: '10' }));
    expect(list.summary).toEqual({ total: 6, pending: 2, completed: 3 });
    expect(list.nextCursor).toBe('next');
    expect(list.items[0]).toMatchObject({
      _id: pendingPayment()._id,
      userId: { _id: SAMPLE_BUYER._id, username: 'jane_doe', email: 'jane.doe@example.com' },
      walletAddress: 'EXAMPLE-USDT-TRC20-ADDRESS',
      network: 'TRC20',
    });
    expect(list.items[0]).not.toHaveProperty('searchText');
    expect(store.listCalls).toEqual([
      { list: 'pending', limit: 10, cursor: undefined, contains: undefined, budget: SEARCH_EVALUATION_BUDGET },
    ]);
  });

  it("fills the referrer's e-mail the submit did not store, with one lookup for the page", async () => {
    const referred = pendingPayment({
      referralUserId: 'referrer-1',
      referrerUsername: 'ref_user',
      referrerEmail: null,
    });
    const store = new FakeStore(referred);
    store.referrerEmails.set('referrer-1', 'ref@example.com');
    const list = await listPaymentsForAdmin(store, 'pending', query({}));
    expect(list.items[0]?.referralUserId).toEqual({
      _id: 'referrer-1',
      username: 'ref_user',
      email: 'ref@example.com',
    });
    expect(store.emailLookups).toBe(1);
  });

  it('looks nothing up when no row has a referrer without an e-mail', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin(store, 'pending', query({}));
    expect(store.emailLookups).toBe(0);
  });

  it('searches by a lower-cased substring through the bounded page filter', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin(store, 'all', query({ search: '  Jane.DOE@ ', cursor: 'abc' }));
    expect(store.listCalls).toEqual([
      { list: 'all', limit: 50, cursor: 'abc', contains: 'jane.doe@', budget: SEARCH_EVALUATION_BUDGET },
    ]);
  });

  it('answers a TXID with the one payment its marker names, without a list query', async () => {
    const payment = pendingPayment();
    const store = new FakeStore(payment);
    store.markers.set(payment.txidNormalized, payment._id);
    const list = await listPaymentsForAdmin(store, 'all', query({ search: payment.transactionId.toUpperCase() }));
    expect(list.items.map((p) => p._id)).toEqual([payment._id]);
    expect(list.nextCursor).toBeNull();
    expect(store.listCalls).toEqual([]);
  });

  it('leaves a decided payment out of the pending list even when its TXID is searched', async () => {
    const payment = pendingPayment({ status: 'completed' });
    const store = new FakeStore(payment);
    store.markers.set(payment.txidNormalized, payment._id);
    const list = await listPaymentsForAdmin(store, 'pending', query({ search: payment.transactionId }));
    expect(list.items).toEqual([]);
    expect(store.listCalls).toEqual([]);
  });

  it('falls back to the page filter when a TXID-looking query names no marker (it may be a username)', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin(store, 'all', query({ search: 'JaneDoe2026' }));
    expect(store.listCalls).toEqual([expect.objectContaining({ contains: 'janedoe2026' })]);
  });

  const markerCursor = (txid: string) =>
    encodeCursor({ PK: `TXID#${txid}`, SK: 'TXID', GSI2PK: `TXIDS#${txid.slice(0, 2)}`, GSI2SK: txid }) ?? '';

  it("answers the start of a TXID from the markers' prefix search, with its cursor, and no list query", async () => {
    const payment = pendingPayment();
    const store = new FakeStore(payment);
    store.txidStartCursor = markerCursor(payment.txidNormalized);
    const list = await listPaymentsForAdmin(store, 'all', query({ search: ' 0xA1B2C3 ', limit: '20' }));
    expect(store.txidStartCalls).toEqual([{ list: 'all', prefix: 'a1b2c3', limit: 20, cursor: undefined }]);
    expect(list.items.map((p) => p._id)).toEqual([payment._id]);
    expect(list.nextCursor).toBe(store.txidStartCursor);
    expect(store.listCalls).toEqual([]);
  });

  it('pages on through the prefix search with its own cursor, even when the page has no row', async () => {
    const store = new FakeStore(pendingPayment({ status: 'completed' }));
    const cursor = markerCursor('a1b2ff');
    const list = await listPaymentsForAdmin(store, 'pending', query({ search: 'a1b2', cursor }));
    expect(store.txidStartCalls).toEqual([{ list: 'pending', prefix: 'a1b2', limit: 50, cursor }]);
    expect(list.items).toEqual([]);
    expect(store.listCalls).toEqual([]);
  });

  it('falls back to the page filter when no TXID starts with a hex term (it may be part of a name)', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin(store, 'all', query({ search: 'beef' }));
    expect(store.txidStartCalls).toHaveLength(1);
    expect(store.listCalls).toEqual([expect.objectContaining({ contains: 'beef', cursor: undefined })]);
  });

  it('continues the page filter, not the prefix search, with a cursor the page filter handed out', async () => {
    const store = new FakeStore(pendingPayment());
    const listCursor = encodeCursor({ PK: 'PAYMENT#P', SK: 'PAYMENT#P', GSI1PK: 'PAYMENTS', GSI1SK: '2026' }) ?? '';
    await listPaymentsForAdmin(store, 'all', query({ search: 'beef', cursor: listCursor }));
    expect(store.txidStartCalls).toEqual([]);
    expect(store.listCalls).toEqual([expect.objectContaining({ contains: 'beef', cursor: listCursor })]);
  });

  it('takes 4 or more hex digits, a 0x allowed, as the start of a TXID', () => {
    expect(txidStartOf('a1b2')).toBe('a1b2');
    expect(txidStartOf('0xA1B2C3')).toBe('a1b2c3');
    expect(txidStartOf('a1b')).toBe(null);
    expect(txidStartOf('0xa1b')).toBe(null);
    expect(txidStartOf('jane')).toBe(null);
    expect(txidStartOf('a1b2-c3')).toBe(null);
    expect(txidStartOf('a'.repeat(129))).toBe(null);
  });

  it('knows what a TXID looks like', () => {
    expect(looksLikeTxid('a1b2c3d4e5')).toBe(true);
    expect(looksLikeTxid('a1b2c3d4e')).toBe(false);
    expect(looksLikeTxid('jane.doe@example.com')).toBe(false);
    expect(looksLikeTxid('x'.repeat(129))).toBe(false);
  });
});

describe('approvePayment', () => {
  it('approves a Basic bought with a code: dates, paid-through month, referral credit, audit, mail', async () => {
    const payment = pendingPayment({ referralUserId: SAMPLE_REFERRER._id });
    const store = new FakeStore(payment);
    const d = deps(store);
    const result = await approvePayment(d, payment._id, ADMIN);

    expect(paymentDecisionResponseSchema.parse(result)).toBeTruthy();
    expect(result.message).toBe('Payment for jane_doe has been successfully approved!');
    expect(result.payment).toMatchObject({ status: 'completed', referralCredited: true, updatedAt: NOW.toISOString() });
    const [plan] = store.approvals;
    expect(plan).toMatchObject({
      adminId: ADMIN,
      at: NOW.toISOString(),
      period: { startDate: '2026-12-01', endDate: '2026-12-31' },
      isExtension: false,
      paidThrough: { read: null, next: '2026-12-31' },
      referralCredit: { referrerId: SAMPLE_REFERRER._id, amount: 2 },
      audit: {
        actor: ADMIN,
        action: 'payment.approve',
        target: { type: 'payment', id: payment._id },
        at: NOW.toISOString(),
      },
    });
    expect(d.sendVerifiedMail).toHaveBeenCalledWith({
      paymentId: expect.any(String),
      to: SAMPLE_BUYER.email,
      packageSlug: 'basic',
      username: SAMPLE_BUYER.username,
      packageName: 'Basic Package',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });

  it('refuses to approve a claim whose TXID the chain gave to another payment: one transfer never completes two payments', async () => {
    // Found by the chaos run ("TXID ... completed 2 payments"): a customer submitted someone
    // else's TXID as a claim, the chain bound that transfer to its real payer's order, and an
    // admin approved both payments.
    const payment = pendingPayment();
    const store = new FakeStore(payment);
    store.outcomes = [{ kind: 'txid-elsewhere' }];
    const d = deps(store);
    const refused = await approvePayment(d, payment._id, ADMIN).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect([(refused as ConflictError).statusCode, (refused as ConflictError).message]).toEqual([
      409,
      REVIEW_MESSAGES.txidPaidAnother,
    ]);
    expect(d.sendVerifiedMail).not.toHaveBeenCalled();
  });

  it('chains a Basic extension after the paid-through month', async () => {
    const store = new FakeStore(pendingPayment());
    store.payer = { username: 'jane_doe', email: 'jane.doe@example.com', basicPaidThrough: '2027-01-31' };
    await approvePayment(deps(store), pendingPayment()._id, ADMIN);
    expect(store.approvals[0]).toMatchObject({
      period: { startDate: '2027-02-01', endDate: '2027-02-28' },
      isExtension: true,
      paidThrough: { read: '2027-01-31', next: '2027-02-28' },
    });
  });

  it('starts afresh after a Basic that has run out', async () => {
    const store = new FakeStore(pendingPayment());
    store.payer = { username: 'jane_doe', email: 'jane.doe@example.com', basicPaidThrough: '2026-10-31' };
    await approvePayment(deps(store), pendingPayment()._id, ADMIN);
    expect(store.approvals[0]).toMatchObject({
      period: { startDate: '2026-12-01', endDate: '2026-12-31' },
      isExtension: false,
      paidThrough: { read: '2026-10-31', next: '2026-12-31' },
    });
  });

  it('gives Pro six months from the 1st of next month, with no credit and no paid-through move', async () => {
    const payment = pendingPayment({
      packageSlug: 'pro',
      packageName: 'Pro Package',
      referralUserId: SAMPLE_REFERRER._id,
    });
    const store = new FakeStore(payment);
    const result = await approvePayment(deps(store), payment._id, ADMIN);
    expect(store.approvals[0]).toMatchObject({
      period: { startDate: '2026-12-01', endDate: '2027-05-31' },
      paidThrough: null,
      referralCredit: null,
    });
    expect(result.payment.referralCredited).toBe(false);
  });

  it('gives Ultimate a lifetime from today', async () => {
    const payment = pendingPayment({ packageSlug: 'ultimate', packageName: 'Ultimate Package' });
    const store = new FakeStore(payment);
    const d = deps(store);
    await approvePayment(d, payment._id, ADMIN);
    expect(store.approvals[0]?.period).toEqual({ startDate: '2026-11-23', endDate: null });
    expect(d.sendVerifiedMail).toHaveBeenCalledWith(expect.objectContaining({ endDate: null }));
  });

  it('credits nobody for a self-referral or a referrer whose profile is gone', async () => {
    const self = pendingPayment({ referralUserId: SAMPLE_BUYER._id });
    const selfStore = new FakeStore(self);
    await approvePayment(deps(selfStore), self._id, ADMIN);
    expect(selfStore.approvals[0]?.referralCredit).toBeNull();

    const gone = pendingPayment({ referralUserId: SAMPLE_REFERRER._id });
    const goneStore = new FakeStore(gone);
    goneStore.referrerExists = false;
    const result = await approvePayment(deps(goneStore), gone._id, ADMIN);
    expect(goneStore.approvals[0]?.referralCredit).toBeNull();
    expect(result.payment.referralCredited).toBe(false);
  });

  it('answers 404 for an unknown payment', async () => {
    const store = new FakeStore(pendingPayment());
    await expect(approvePayment(deps(store), 'NOPE', ADMIN)).rejects.toBeInstanceOf(NotFoundError);
    expect(store.approvals).toEqual([]);
  });

  it('answers 200 "already approved" for a completed payment and 409 for a rejected one, writing nothing', async () => {
    const completed = new FakeStore(pendingPayment({ status: 'completed' }));
    const d = deps(completed);
    await expect(approvePayment(d, pendingPayment()._id, ADMIN)).resolves.toMatchObject({
      message: 'This payment was already approved.',
      payment: { status: 'completed' },
    });
    expect(d.sendVerifiedMail).not.toHaveBeenCalled();
    const rejected = new FakeStore(pendingPayment({ status: 'rejected' }));
    await expect(approvePayment(deps(rejected), pendingPayment()._id, ADMIN)).rejects.toThrow(
      new ConflictError('This payment was already rejected by another admin.'),
    );
    expect([...completed.approvals, ...rejected.approvals]).toEqual([]);
  });

  it('answers from the current state when another decision wins the race', async () => {
    const approvedMeanwhile = new FakeStore(pendingPayment());
    approvedMeanwhile.outcomes = [{ kind: 'payment-not-pending' }];
    const d = deps(approvedMeanwhile);
    await expect(approvePayment(d, pendingPayment()._id, ADMIN)).resolves.toMatchObject({
      message: 'This payment was already approved.',
    });
    expect(d.sendVerifiedMail).not.toHaveBeenCalled();

    const rejectedMeanwhile = new FakeStore(pendingPayment());
    rejectedMeanwhile.outcomes = [{ kind: 'payment-not-pending' }];
    rejectedMeanwhile.settledMeanwhile = 'rejected';
    await expect(approvePayment(deps(rejectedMeanwhile), pendingPayment()._id, ADMIN)).rejects.toThrow(
      'This payment was already rejected by another admin.',
    );
  });

  it('takes its own approval applied behind a timeout as committed: the verified mail still goes', async () => {
    const store = new FakeStore(pendingPayment());
    store.appliedBehindTimeout = true;
    const d = deps(store);
    const result = await approvePayment(d, pendingPayment()._id, ADMIN);
    expect(result.message).not.toBe('This payment was already approved.');
    expect(result.payment.status).toBe('completed');
    expect(d.sendVerifiedMail).toHaveBeenCalledTimes(1);
    // Another admin's approval meanwhile is still "already approved", with no mail.
    const other = new FakeStore(pendingPayment());
    other.outcomes = [{ kind: 'payment-not-pending' }];
    const d2 = deps(other);
    await expect(approvePayment(d2, pendingPayment()._id, ADMIN)).resolves.toMatchObject({
      message: 'This payment was already approved.',
    });
    expect(d2.sendVerifiedMail).not.toHaveBeenCalled();
  });

  it(`retries a transaction cancelled only by conflicts up to ${CONFLICT_TRIES - 1} times, with jitter`, async () => {
    const store = new FakeStore(pendingPayment());
    store.outcomes = [{ kind: 'conflict' }, { kind: 'conflict' }, { kind: 'conflict' }];
    const d = deps(store);
    await expect(approvePayment(d, pendingPayment()._id, ADMIN)).resolves.toMatchObject({
      payment: { status: 'completed' },
    });
    expect(store.approvals).toHaveLength(4);
    expect(d.sleep).toHaveBeenCalledTimes(3);

    const busy = new FakeStore(pendingPayment());
    busy.outcomes = Array.from({ length: 4 }, () => ({ kind: 'conflict' as const }));
    await expect(approvePayment(deps(busy), pendingPayment()._id, ADMIN)).rejects.toBeInstanceOf(ConflictError);
    expect(busy.approvals).toHaveLength(4);
  });

  it('reads the paid-through month again and replans once when it moved meanwhile', async () => {
    const store = new FakeStore(pendingPayment());
    store.outcomes = [{ kind: 'context-changed' }];
    const original = store.loadApprovalContext.bind(store);
    store.loadApprovalContext = async (payment) => {
      const context = await original(payment);
      // A parallel approval of another Basic of the same user moved it to December.
      const payer = context.payer;
      if (store.contextLoads === 2 && payer) return { ...context, payer: { ...payer, basicPaidThrough: '2026-12-31' } };
      return context;
    };
    await approvePayment(deps(store), pendingPayment()._id, ADMIN);
    expect(store.approvals.map((p) => p.period)).toEqual([
      { startDate: '2026-12-01', endDate: '2026-12-31' },
      { startDate: '2027-01-01', endDate: '2027-01-31' },
    ]);

    const twice = new FakeStore(pendingPayment());
    twice.outcomes = [{ kind: 'context-changed' }, { kind: 'context-changed' }];
    await expect(approvePayment(deps(twice), pendingPayment()._id, ADMIN)).rejects.toBeInstanceOf(ConflictError);
  });

  it('answers from the winner when another decision committed between the reads of the payment and its subscription', async () => {
    // The race of 50 approvals at once: the payment read pending, then the winner committed,
    // so the subscription reads active. The answer is the winner's, not "reload".
    const decidedBetweenReads = (status: 'completed' | 'rejected') => {
      const payment = pendingPayment();
      const store = new FakeStore(payment);
      const firstRead = store.getPayment.bind(store);
      store.getPayment = async (id) => {
        const seen = await firstRead(id);
        store.getPayment = firstRead;
        store.payments.set(id, { ...payment, status });
        store.subscriptions.set(
          payment.subscriptionId,
          pendingSubscription(payment, { status: status === 'completed' ? 'active' : 'rejected' }),
        );
        return seen;
      };
      return store;
    };
    const approved = decidedBetweenReads('completed');
    await expect(approvePayment(deps(approved), pendingPayment()._id, ADMIN)).resolves.toMatchObject({
      message: 'This payment was already approved.',
    });
    await expect(rejectPayment(deps(decidedBetweenReads('completed')), pendingPayment()._id, ADMIN)).rejects.toThrow(
      'This payment was already approved by another admin.',
    );
    await expect(
      rejectPayment(deps(decidedBetweenReads('rejected')), pendingPayment()._id, ADMIN),
    ).resolves.toMatchObject({
      message: 'This payment was already rejected.',
    });
    expect(approved.approvals).toEqual([]);
  });

  it('refuses when the subscription of the payment is no longer pending', async () => {
    const payment = pendingPayment();
    const store = new FakeStore(payment, pendingSubscription(payment, { status: 'active' }));
    await expect(approvePayment(deps(store), payment._id, ADMIN)).rejects.toThrow(
      'The subscription of this payment is no longer pending. Please reload and try again.',
    );
    expect(store.approvals).toEqual([]);
  });

  it('keeps the approval when the mail fails, and reports the failure', async () => {
    const store = new FakeStore(pendingPayment());
    const failure = new Error('SES is down');
    const d = deps(store, { sendVerifiedMail: vi.fn(async () => Promise.reject(failure)) });
    await expect(approvePayment(d, pendingPayment()._id, ADMIN)).resolves.toMatchObject({
      payment: { status: 'completed' },
    });
    expect(d.onMailFailure).toHaveBeenCalledWith(failure, pendingPayment()._id);
  });
});

describe('the referral credit needs the discounted Basic price paid', () => {
  it('credits $2 only when the buyer paid the whole discounted price, and never more than was paid', () => {
    expect(buyerPaidDiscountedPrice({ amount: 50, originalAmount: 60 })).toBe(true);
    expect(buyerPaidDiscountedPrice({ amount: 2, originalAmount: 12 })).toBe(true);
    // A Basic priced under the discount: the buyer paid $0 (or less than the reward).
    expect(buyerPaidDiscountedPrice({ amount: 0, originalAmount: 5 })).toBe(false);
    expect(buyerPaidDiscountedPrice({ amount: 1, originalAmount: 11 })).toBe(false);
  });
});

describe('rejectPayment', () => {
  it('rejects a pending payment with an audit entry', async () => {
    const store = new FakeStore(pendingPayment({ referralUserId: SAMPLE_REFERRER._id }));
    const result = await rejectPayment(deps(store), pendingPayment()._id, ADMIN);
    expect(result.message).toBe('Payment for jane_doe has been rejected.');
    expect(result.payment).toMatchObject({ status: 'rejected', referralCredited: false });
    expect(store.rejections[0]).toMatchObject({
      adminId: ADMIN,
      audit: { action: 'payment.reject', actor: ADMIN, target: { type: 'payment', id: pendingPayment()._id } },
    });
  });

  it('answers 200 "already rejected", 409 for an approved payment, 404 for an unknown one', async () => {
    await expect(
      rejectPayment(deps(new FakeStore(pendingPayment({ status: 'rejected' }))), pendingPayment()._id, ADMIN),
    ).resolves.toMatchObject({ message: 'This payment was already rejected.' });
    await expect(
      rejectPayment(deps(new FakeStore(pendingPayment({ status: 'completed' }))), pendingPayment()._id, ADMIN),
    ).rejects.toThrow('This payment was already approved by another admin.');
    await expect(rejectPayment(deps(new FakeStore(pendingPayment())), 'NOPE', ADMIN)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('answers from the current state when an approval wins the race', async () => {
    const store = new FakeStore(pendingPayment());
    store.outcomes = [{ kind: 'payment-not-pending' }];
    await expect(rejectPayment(deps(store), pendingPayment()._id, ADMIN)).rejects.toThrow(
      'This payment was already approved by another admin.',
    );
  });
});

describe('planApproval date rules (property)', () => {
  const instants = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2199-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  const lastDay = (day: string) => {
    const [y, m] = day.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  };

  it('a Basic covers exactly one whole month, after today and after any paid-through month still running', () => {
    fc.assert(
      fc.property(instants, fc.option(instants), (approvedAt, paidThroughAt) => {
        const paidThrough = paidThroughAt ? utcDay(paidThroughAt) : null;
        const payment = pendingPayment();
        const plan = planApproval(
          payment,
          {
            subscription: pendingSubscription(payment),
            payer: { username: 'u', email: 'u@example.com', basicPaidThrough: paidThrough },
            referrerExists: false,
          },
          ADMIN,
          approvedAt,
          () => 'ID',
        );
        const today = utcDay(approvedAt);
        const { startDate, endDate } = plan.period;
        expect(startDate.endsWith('-01')).toBe(true);
        expect(endDate).toBe(lastDay(startDate));
        expect(startDate > today).toBe(true);
        expect(plan.paidThrough).toEqual({ read: paidThrough, next: endDate });
        const chained = paidThrough !== null && paidThrough >= today;
        expect(plan.isExtension).toBe(chained);
        if (chained) expect(startDate > paidThrough).toBe(true);
        // Never a gap of more than the month in between: the start is in the month right after.
        const after = chained ? paidThrough : today;
        const [y, m] = after.split('-').map(Number) as [number, number];
        expect(startDate).toBe(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10));
      }),
    );
  });
});
