import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  FREE_TRIAL_DAYS,
  subscriptionSummaryOf,
  type PaymentStatsResponse,
  type Subscription,
} from '@goldbot/shared';
import { PURCHASE_MESSAGES } from '../../../src/domain/commerce/purchase.js';
import { REVIEW_MESSAGES } from '../../../src/domain/commerce/payment-decisions.js';
import { api, idTokenFor, newCustomer, withOrder, type TestCustomer } from '../http-client.js';
import { mailsTo } from '../mailbox.js';
import {
  auditEntriesFor,
  buy,
  decidePayment,
  delta,
  expectReconciled,
  getItem,
  ledgerOf,
  newTxid,
  paymentByTxid,
  paymentStats,
  priceOf,
  purchaseBody,
  subscriptionItemsOf,
  subscriptionSummary,
  submitPurchase,
  todayUtc,
} from '../fixtures.js';
import { RACERS, expectOutcome, printFigures, race, record } from './race.js';

/**
 * Contested commerce operations under 50 parallel requests over real HTTP (docs/data-model.md,
 * "Transactions: money and uniqueness"): one effect, and the balances and aggregates moved exactly once.
 * Aggregates are compared as before/after deltas (other suites share the table; files run one at
 * a time, so nothing else moves them meanwhile).
 */

/** The dashboard's figures (admin-payment-stats) and STATS#PAYMENTS / TOTAL's hidden counters, flat. */
async function revenueFigures() {
  const { paymentStats: s, packageData }: PaymentStatsResponse = await paymentStats();
  const total = (await getItem('STATS#PAYMENTS', 'TOTAL')) ?? {};
  const line = (name: string) => packageData.find((p) => p.name === name)?.revenue ?? 0;
  return {
    totalAmount: s.total.amount,
    completedCount: s.total.completedCount,
    pendingCount: s.total.pendingCount,
    pendingAmount: Number(total.pendingAmount ?? 0),
    rejectedCount: Number(total.rejectedCount ?? 0),
    todayAmount: s.today.amount,
    todayCount: s.today.count,
    monthAmount: s.thisMonth.amount,
    yearAmount: s.thisYear.amount,
    basic: line('Basic Package'),
    pro: line('Pro Package'),
    ultimate: line('Ultimate Package'),
  };
}
type RevenueFigures = Awaited<ReturnType<typeof revenueFigures>>;
const unmoved = (changes: Partial<RevenueFigures>): RevenueFigures => ({
  totalAmount: 0,
  completedCount: 0,
  pendingCount: 0,
  pendingAmount: 0,
  rejectedCount: 0,
  todayAmount: 0,
  todayCount: 0,
  monthAmount: 0,
  yearAmount: 0,
  basic: 0,
  pro: 0,
  ultimate: 0,
  ...changes,
});
/** What `count` approvals of Basic payments of `amount` each move: completed, no longer pending, today, month, year, Basic. */
const basicApprovals = (count: number, amount: number) =>
  unmoved({
    totalAmount: count * amount,
    completedCount: count,
    pendingCount: -count,
    pendingAmount: -count * amount,
    todayAmount: count * amount,
    todayCount: count,
    monthAmount: count * amount,
    yearAmount: count * amount,
    basic: count * amount,
  });

/** STATS#SUBSCRIPTIONS / MONTH#<this month>'s rejected counter (not shown by the history summary). */
const monthRejected = async () =>
  Number((await getItem('STATS#SUBSCRIPTIONS', `MONTH#${todayUtc().slice(0, 7)}`))?.rejected ?? 0);

const verifiedMails = async (customer: TestCustomer) =>
  (await mailsTo(customer.email)).filter((m) => /payment is verified/.test(m.subject));

/** 50 customers, made once for the races that need different buyers. */
let crowdOf50: Promise<TestCustomer[]> | undefined;
const crowd = () => {
  crowdOf50 ??= Promise.all(Array.from({ length: RACERS }, (_, i) => newCustomer(`race-crowd${i}`)));
  return crowdOf50;
};

beforeAll(async () => {
  const wallet = await api('/api/payment/wallet-details', { token: await idTokenFor('user') });
  if (wallet.status !== 200) throw new Error('the commerce races buy with USDT: no active USDT wallet');
}, 60_000);

afterAll(() => printFigures('payments'));

describe('approving and rejecting one payment, 50 times at once', () => {
  it('50 approvals: one transition, the referrer credited once, STATS#PAYMENTS moved once, one audit entry, one mail', async () => {
    const [referrer, buyer] = await Promise.all([newCustomer('race-referrer'), newCustomer('race-approved')]);
    const { payment, subscriptionId } = await buy(buyer, 'basic', { referralCode: referrer.referralCode });
    const figuresBefore = await revenueFigures();
    const summaryBefore = await subscriptionSummary();

    const { answers, tally } = await race(RACERS, () => decidePayment('approve', payment._id));
    record('payment approve x50', tally);
    const { winners } = expectOutcome(
      answers,
      (a) => a.status === 200 && a.body.message === REVIEW_MESSAGES.approved(buyer.username),
      [
        { status: 200, message: REVIEW_MESSAGES.alreadyApproved },
        { status: 409, message: REVIEW_MESSAGES.tryAgain },
      ],
    );
    expect(winners[0]?.body.payment).toMatchObject({ _id: payment._id, status: 'completed', referralCredited: true });
    for (const a of answers.filter((x) => x.status === 200)) expect(a.body.payment.status).toBe('completed');

    // Stored state: the payment completed, its one subscription active.
    expect((await paymentByTxid(payment.transactionId)).status).toBe('completed');
    const subs = await subscriptionItemsOf(buyer.userId);
    expect(subs.map((s) => [s._id, s.status])).toEqual([[subscriptionId, 'active']]);

    // The referrer: credited once, the ledger has one credit, the balances reconcile.
    expect(await expectReconciled(referrer.userId)).toEqual({
      available: 2,
      held: 0,
      lifetime: 2,
      paidOut: 0,
      count: 1,
    });
    expect((await ledgerOf(referrer.userId)).map((e) => [e.type, e.amount, e.sourceId])).toEqual([
      ['credit', 2, payment._id],
    ]);

    // Aggregates moved by exactly one approval.
    const amount = payment.amount;
    expect(delta(await revenueFigures(), figuresBefore)).toEqual(basicApprovals(1, amount));
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(
      subscriptionSummaryOf({ pending: -1, active: 1 }),
    );

    expect((await auditEntriesFor(payment._id)).map((e) => e.action)).toEqual(['payment.approve']);
    expect(await verifiedMails(buyer)).toHaveLength(1);
  });

  it('50 rejections: one transition, no balance moved, pendingCount back once, one audit entry', async () => {
    const [referrer, buyer] = await Promise.all([newCustomer('race-referrer-r'), newCustomer('race-rejected')]);
    const { payment, subscriptionId } = await buy(buyer, 'basic', { referralCode: referrer.referralCode });
    const figuresBefore = await revenueFigures();
    const summaryBefore = await subscriptionSummary();
    const rejectedBefore = await monthRejected();

    const { answers, tally } = await race(RACERS, () => decidePayment('reject', payment._id));
    record('payment reject x50', tally);
    expectOutcome(answers, (a) => a.status === 200 && a.body.message === REVIEW_MESSAGES.rejected(buyer.username), [
      { status: 200, message: REVIEW_MESSAGES.alreadyRejected },
      { status: 409, message: REVIEW_MESSAGES.tryAgain },
    ]);

    expect((await paymentByTxid(payment.transactionId)).status).toBe('rejected');
    expect((await subscriptionItemsOf(buyer.userId)).map((s) => [s._id, s.status])).toEqual([
      [subscriptionId, 'rejected'],
    ]);
    expect(await expectReconciled(referrer.userId)).toEqual({
      available: 0,
      held: 0,
      lifetime: 0,
      paidOut: 0,
      count: 0,
    });
    expect(delta(await revenueFigures(), figuresBefore)).toEqual(
      unmoved({ pendingCount: -1, pendingAmount: -payment.amount, rejectedCount: 1 }),
    );
    // STATS#SUBSCRIPTIONS: pending −1, rejected +1 (the screen's summary has no rejected figure).
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(subscriptionSummaryOf({ pending: -1 }));
    expect((await monthRejected()) - rejectedBefore).toBe(1);
    expect((await auditEntriesFor(payment._id)).map((e) => e.action)).toEqual(['payment.reject']);
    expect(await verifiedMails(buyer)).toHaveLength(0);
  });

  it('25 approvals racing 25 rejections: exactly one decision wins, the loser is told which one', async () => {
    const [referrer, buyer] = await Promise.all([newCustomer('race-referrer-m'), newCustomer('race-contested')]);
    const { payment } = await buy(buyer, 'basic', { referralCode: referrer.referralCode });
    const figuresBefore = await revenueFigures();

    const { answers, tally } = await race(RACERS, (i) =>
      decidePayment(i % 2 === 0 ? 'approve' : 'reject', payment._id),
    );
    record('payment approve/reject 25+25', tally);
    const transition = (a: (typeof answers)[number]) =>
      a.status === 200 &&
      [REVIEW_MESSAGES.approved(buyer.username), REVIEW_MESSAGES.rejected(buyer.username)].includes(a.body.message);
    const { winners } = expectOutcome(answers, transition, [
      { status: 200, message: REVIEW_MESSAGES.alreadyApproved },
      { status: 200, message: REVIEW_MESSAGES.alreadyRejected },
      { status: 409, message: REVIEW_MESSAGES.approvedByOther },
      { status: 409, message: REVIEW_MESSAGES.rejectedByOther },
      { status: 409, message: REVIEW_MESSAGES.tryAgain },
    ]);
    const approved = winners[0]?.body.message === REVIEW_MESSAGES.approved(buyer.username);
    const final = approved ? 'completed' : 'rejected';
    expect((await paymentByTxid(payment.transactionId)).status).toBe(final);
    // Every other answer agrees with the winner: "already <winner>" or "already <winner> by another admin".
    for (const a of answers.filter((x) => !transition(x) && x.status !== 429)) {
      const expected = approved
        ? [REVIEW_MESSAGES.alreadyApproved, REVIEW_MESSAGES.approvedByOther, REVIEW_MESSAGES.tryAgain]
        : [REVIEW_MESSAGES.alreadyRejected, REVIEW_MESSAGES.rejectedByOther, REVIEW_MESSAGES.tryAgain];
      expect(expected).toContain(a.body.message);
    }
    expect(await expectReconciled(referrer.userId)).toMatchObject({
      lifetime: approved ? 2 : 0,
      count: approved ? 1 : 0,
    });
    const amount = payment.amount;
    expect(delta(await revenueFigures(), figuresBefore)).toEqual(
      approved ? basicApprovals(1, amount) : unmoved({ pendingCount: -1, pendingAmount: -amount, rejectedCount: 1 }),
    );
    expect((await auditEntriesFor(payment._id)).map((e) => e.action)).toEqual([
      approved ? 'payment.approve' : 'payment.reject',
    ]);
    expect(await verifiedMails(buyer)).toHaveLength(approved ? 1 : 0);
  });
});

describe('submitting one TXID, 50 times at once', () => {
  it('one customer: one payment, the 49 repeats answer the same pending subscription, pendingCount +1', async () => {
    const buyer = await newCustomer('race-txid-one');
    const body = await purchaseBody('pro');
    // The customer opened the payment window once: all 50 submissions name that one order.
    const submitted = await withOrder(buyer.token, body);
    const figuresBefore = await revenueFigures();
    const summaryBefore = await subscriptionSummary();

    const { answers, tally } = await race(RACERS, () => submitPurchase(buyer, submitted));
    record('TXID submit, one customer x50', tally);
    const { winners } = expectOutcome(answers, (a) => a.status === 201, [
      { status: 200, message: PURCHASE_MESSAGES.submitted('Pro Package') },
      { status: 409, message: PURCHASE_MESSAGES.busy },
    ]);
    const subscriptionId = winners[0]?.body.pendingSubscription._id;
    for (const replay of answers.filter((a) => a.status === 200)) {
      expect(replay.body.pendingSubscription._id).toBe(subscriptionId);
    }
    expect((await subscriptionItemsOf(buyer.userId)).map((s) => [s._id, s.status])).toEqual([
      [subscriptionId, 'pending'],
    ]);
    const marker = await getItem(`TXID#${body.txid}`, 'TXID');
    expect(marker).toMatchObject({ userId: buyer.userId, subscriptionId });
    const payment = await paymentByTxid(body.txid);
    expect(payment).toMatchObject({ _id: marker?.paymentId, status: 'pending', amount: body.amount });

    expect(delta(await revenueFigures(), figuresBefore)).toEqual(
      unmoved({ pendingCount: 1, pendingAmount: body.amount }),
    );
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(
      subscriptionSummaryOf({ total: 1, proPackages: 1, pending: 1 }),
    );
    const pendingMails = (await mailsTo(buyer.email)).filter((m) => /payment received/.test(m.subject));
    expect(pendingMails).toHaveLength(1);
  });

  it('50 customers: one of them gets the payment, the others "submitted for another order", pendingCount +1', async () => {
    const buyers = await crowd();
    const txid = newTxid();
    const price = await priceOf('ultimate');
    const figuresBefore = await revenueFigures();
    const summaryBefore = await subscriptionSummary();

    // Upper and lower case alike: a TXID is one transfer whatever its case.
    const { answers, tally } = await race(RACERS, (i) =>
      submitPurchase(buyers[i] as TestCustomer, {
        packageName: 'Ultimate Package',
        txid: i % 2 === 0 ? txid : txid.toUpperCase(),
        amount: price,
        referralCode: null,
      }),
    );
    record('TXID submit, 50 customers', tally);
    const { winners } = expectOutcome(answers, (a) => a.status === 201, [
      { status: 409, message: PAYMENT_MESSAGES.txidClaimedElsewhere },
      { status: 409, message: PURCHASE_MESSAGES.busy },
    ]);
    const winner = buyers[answers.indexOf(winners[0] as (typeof answers)[number])] as TestCustomer;
    const marker = await getItem(`TXID#${txid}`, 'TXID');
    expect(marker).toMatchObject({ userId: winner.userId, subscriptionId: winners[0]?.body.pendingSubscription._id });

    // Exactly one subscription among the 50 buyers, the winner's.
    const rows = await Promise.all(buyers.map((b) => subscriptionItemsOf(b.userId)));
    expect(rows.flat().map((s) => [s.userId, s.status])).toEqual([[winner.userId, 'pending']]);
    expect(delta(await revenueFigures(), figuresBefore)).toEqual(unmoved({ pendingCount: 1, pendingAmount: price }));
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(
      subscriptionSummaryOf({ total: 1, ultimatePackages: 1, pending: 1 }),
    );
  }, 60_000);
});

describe('the free trial, 50 times at once', () => {
  it('one customer: one subscription, freeTrialStartedAt set once, the summary +1, one mail', async () => {
    const customer = await newCustomer('race-trial');
    const summaryBefore = await subscriptionSummary();

    const { answers, tally } = await race(RACERS, () =>
      api<{ message: string; subscription: Subscription }>('/api/payment/create-free-trial', {
        method: 'POST',
        token: customer.token,
        body: {},
      }),
    );
    record('free trial x50', tally);
    const { winners } = expectOutcome(answers, (a) => a.status === 201, [
      { status: 409, message: PAYMENT_MESSAGES.freeTrialUsed },
      { status: 409, message: PURCHASE_MESSAGES.busy },
    ]);
    const trial = winners[0]?.body.subscription;
    expect(trial).toMatchObject({ packageName: 'Free Trial', status: 'active', startDate: todayUtc() });

    const rows = await subscriptionItemsOf(customer.userId);
    expect(rows.map((s) => [s._id, s.packageSlug, s.status])).toEqual([[trial?._id, 'freeTrial', 'active']]);
    const profile = await getItem(`USER#${customer.userId}`, 'PROFILE');
    // Set by the winning transaction, in the same write as its subscription.
    expect(profile?.freeTrialStartedAt).toBe(rows[0]?.createdAt);
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(
      subscriptionSummaryOf({ total: 1, freeTrials: 1, active: 1 }),
    );
    const endDate = new Date(`${todayUtc()}T00:00:00.000Z`);
    endDate.setUTCDate(endDate.getUTCDate() + FREE_TRIAL_DAYS);
    expect(trial?.endDate).toBe(endDate.toISOString().slice(0, 10));
    expect((await mailsTo(customer.email)).filter((m) => /free trial/i.test(m.subject))).toHaveLength(1);
  });
});

describe('50 different payments on the same aggregates and the same referrer at once', () => {
  it('every 2xx moved the counters and the referrer exactly once, every refusal moved nothing', async () => {
    const buyers = await crowd();
    const referrer = await newCustomer('race-hot-referrer');
    const figuresBefore = await revenueFigures();
    const summaryBefore = await subscriptionSummary();
    const price = await priceOf('basic');
    const amount = price - 10;

    // 50 Basic purchases with the same code at once: all of them add to STATS#PAYMENTS / TOTAL and
    // STATS#SUBSCRIPTIONS / MONTH#<m> (conflicts are retried; a purchase still refused says so).
    const bodies = buyers.map(() => ({
      packageName: 'Basic Package',
      txid: newTxid(),
      amount,
      referralCode: referrer.referralCode,
    }));
    const submitted = await race(RACERS, (i) =>
      submitPurchase(buyers[i] as TestCustomer, bodies[i] as (typeof bodies)[number]),
    );
    record('submit 50 different payments', submitted.tally);
    const created = submitted.answers.filter((a) => a.status === 201).length;
    expectOutcome(
      submitted.answers,
      (a) => a.status === 201,
      [{ status: 409, message: PURCHASE_MESSAGES.busy }],
      created,
    );
    expect(delta(await revenueFigures(), figuresBefore)).toEqual(
      unmoved({ pendingCount: created, pendingAmount: created * amount }),
    );
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(
      subscriptionSummaryOf({ total: created, basicPackages: created, pending: created }),
    );

    // 50 approvals at once, each crediting the same referrer and moving the same seven counters.
    const payments = await Promise.all(
      bodies.filter((_, i) => submitted.answers[i]?.status === 201).map((b) => paymentByTxid(b.txid)),
    );
    const approvedBefore = await revenueFigures();
    const approved = await race(payments.length, (i) => decidePayment('approve', payments[i]?._id ?? ''));
    record(`approve ${payments.length} different payments`, approved.tally);
    const transitions = approved.answers.filter((a) => a.status === 200).length;
    expectOutcome(
      approved.answers,
      (a) => a.status === 200 && /has been successfully approved!$/.test(a.body.message),
      [{ status: 409, message: REVIEW_MESSAGES.tryAgain }],
      transitions,
    );
    expect(await expectReconciled(referrer.userId)).toEqual({
      available: 2 * transitions,
      held: 0,
      lifetime: 2 * transitions,
      paidOut: 0,
      count: transitions,
    });
    expect(delta(await revenueFigures(), approvedBefore)).toEqual(basicApprovals(transitions, amount));
    // A refused approval left its payment pending: approving it again completes the set.
    for (const [i, answer] of approved.answers.entries()) {
      if (answer.status === 200) continue;
      expect((await decidePayment('approve', payments[i]?._id ?? '')).status).toBe(200);
    }
    expect(await expectReconciled(referrer.userId)).toMatchObject({ lifetime: 2 * created, count: created });
    expect(delta(await subscriptionSummary(), summaryBefore)).toEqual(
      subscriptionSummaryOf({ total: created, basicPackages: created, active: created }),
    );
  }, 60_000);
});
