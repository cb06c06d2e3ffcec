import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { paymentDecisionResponseSchema } from '@goldbot/shared';
import { CONFLICT_TRIES } from '../../src/lib/retry.js';
import {
  REVIEW_MESSAGES,
  approvePayment,
  buyerPaidDiscountedPrice,
  planApproval,
  rejectPayment,
} from '../../src/domain/commerce/payment-decisions.js';
import { utcDay } from '../../src/domain/commerce/package-dates.js';
import { ConflictError, NotFoundError } from '../../src/domain/errors.js';
import { FakeStore, NOW, deps } from '../helpers/payment-review-fake.js';
import { SAMPLE_BUYER, SAMPLE_REFERRER, pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';

/** The admin's decisions on a payment against an in-memory store that records what it was asked. */
/** Approving a payment another admin approved meanwhile answers "already approved" and mails nothing. */
async function expectAlreadyApprovedWithoutMail() {
  const approvedMeanwhile = new FakeStore(pendingPayment());
  approvedMeanwhile.outcomes = [{ kind: 'payment-not-pending' }];
  const d = deps(approvedMeanwhile);
  await expect(approvePayment(d, pendingPayment()._id, ADMIN)).resolves.toMatchObject({
    message: 'This payment was already approved.',
  });
  expect(d.sendVerifiedMail).not.toHaveBeenCalled();
}

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

  it.each([
    ['chains a Basic extension after the paid-through month', '2027-01-31', '2027-02-01', '2027-02-28', true],
    ['starts afresh after a Basic that has run out', '2026-10-31', '2026-12-01', '2026-12-31', false],
  ])('%s', async (_label, basicPaidThrough, startDate, endDate, isExtension) => {
    const store = new FakeStore(pendingPayment());
    store.payer = { username: 'jane_doe', email: 'jane.doe@example.com', basicPaidThrough };
    await approvePayment(deps(store), pendingPayment()._id, ADMIN);
    expect(store.approvals[0]).toMatchObject({
      period: { startDate, endDate },
      isExtension,
      paidThrough: { read: basicPaidThrough, next: endDate },
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
    await expectAlreadyApprovedWithoutMail();

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
    await expectAlreadyApprovedWithoutMail();
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
