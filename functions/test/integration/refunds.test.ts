import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REFUND_MESSAGES,
  TRON_EXPLORER_TRANSACTION_URL,
  adminRefundsResponseSchema,
  refundRequestResponseSchema,
  refundResponseSchema,
  type Payment,
  type Refund,
  type RefundStatus,
} from '@goldbot/shared';
import { api, newCustomer, type TestCustomer } from './http-client.js';
import {
  admin,
  auditEntriesFor,
  balancesOf,
  billingHistory,
  buy,
  clawbacksOf,
  db,
  decidePayment,
  decideWithdrawal,
  delta,
  expectReconciled,
  getItem,
  ledgerOf,
  type PaidSlug,
  paymentByTxid,
  paymentStats,
  requestWithdrawal,
  subscriptionSummary,
  table,
} from './fixtures.js';
import { mailsTo } from './mailbox.js';

/**
 * Refunds over real HTTP against the local stack (docs/data-model.md, "Refund request" and its
 * transactions): the customer asks from Billing History (own payment, once, within the 7-day
 * guarantee; someone else's is 404, a late one 409), admins list, approve with the payout TXID or
 * refuse with a reason, decided once under concurrent clicks, and open refunds of any completed
 * payment. Then what an approval does, read back: the purchase ends and later Basic months move
 * back, the payment reads refunded, revenue counts the refund apart, the referrer's reward is taken
 * back (owed when already withdrawn, settled from the next credit), the mail and the audit entry.
 */
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const REASON = 'The bot does not suit my broker account.';
const DAY_MS = 86_400_000;
const newPayoutTxid = () => randomBytes(32).toString('hex');

const requestRefund = (customer: TestCustomer, paymentId: string, body: Record<string, unknown> = {}) =>
  api('/api/payment/refund-request', {
    method: 'POST',
    token: customer.token,
    body: { paymentId, trc20Address: ADDRESS, reason: REASON, ...body },
  });
const adminCreate = async (paymentId: string) =>
  api('/api/admin/refunds', {
    method: 'POST',
    token: await admin(),
    body: { paymentId, trc20Address: ADDRESS, reason: 'No profit this month: the monthly guarantee.' },
  });
const approve = async (refundId: string, payoutTxid: string, note?: string) =>
  api(`/api/admin/refunds/${refundId}/approve`, {
    method: 'POST',
    token: await admin(),
    body: { payoutTxid, ...(note ? { note } : {}) },
  });
const refuse = async (refundId: string, reason: string) =>
  api(`/api/admin/refunds/${refundId}/refuse`, { method: 'POST', token: await admin(), body: { reason } });

async function refundsOf(status: RefundStatus) {
  const res = await api(`/api/admin/refunds?status=${status}&limit=100`, { token: await admin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return adminRefundsResponseSchema.parse(res.body);
}

/** A paid package bought and approved: the admin's payment row and its subscription's id. */
async function bought(customer: TestCustomer, slug: PaidSlug, options: { referralCode?: string } = {}) {
  const { payment, subscriptionId } = await buy(customer, slug, options);
  const approved = await decidePayment('approve', payment._id);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { payment: approved.body.payment, subscriptionId };
}

/** Opens the customer's request and answers the refund as the admin's list shows it. */
async function requested(customer: TestCustomer, paymentId: string): Promise<Refund> {
  const res = await requestRefund(customer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { refund } = refundRequestResponseSchema.parse(res.body);
  const found = (await refundsOf('pending')).refunds.find((r) => r._id === refund._id);
  if (!found) throw new Error(`refund ${refund._id} is not in the pending list`);
  return found;
}

/** The payment approved `days` days ago, as an approval that long ago would have left it. */
async function approvedDaysAgo(payment: Payment, subscriptionId: string, days: number) {
  const at = new Date(Date.now() - days * DAY_MS).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `PAYMENT#${payment._id}`, SK: `PAYMENT#${payment._id}` },
      UpdateExpression: 'SET approvedAt = :at',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `USER#${payment.userId._id}`, SK: `SUB#${subscriptionId}` },
      UpdateExpression: 'SET approvedAt = :at',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

let buyer: TestCustomer;
let stranger: TestCustomer;

beforeAll(async () => {
  [buyer, stranger] = await Promise.all([newCustomer('refund-buyer'), newCustomer('refund-stranger')]);
});

describe('the customer asks for a refund', () => {
  it('offers it on a paid purchase for 7 days, takes it once, and shows it as requested', async () => {
    const { payment, subscriptionId } = await bought(buyer, 'pro');
    const row = (await billingHistory(buyer)).find((s) => s._id === subscriptionId);
    expect(row?.refundableUntil).toBeTruthy();
    expect(Date.parse(row?.refundableUntil ?? '') - Date.now()).toBeGreaterThan(6.9 * DAY_MS);

    const countsBefore = (await refundsOf('pending')).counts;
    const refund = await requested(buyer, payment._id);
    expect(refund).toMatchObject({
      paymentId: payment._id,
      subscriptionId,
      userId: { _id: buyer.userId, username: buyer.username },
      status: 'pending',
      origin: 'customer',
      trc20Address: ADDRESS,
      reason: REASON,
      amount: payment.amount,
      amountPaid: payment.orderAmount ?? payment.amount,
    });
    // The pending count the back-office shows as work, from the maintained aggregate.
    expect(delta((await refundsOf('pending')).counts, countsBefore)).toEqual({
      total: 1,
      pending: 1,
      approved: 0,
      refused: 0,
    });
    const after = (await billingHistory(buyer)).find((s) => s._id === subscriptionId);
    expect(after?.refund).toMatchObject({ _id: refund._id, status: 'pending', payoutTxid: null });
    expect(after?.refundableUntil).toBeUndefined();
    expect((await paymentByTxid(payment.transactionId)).refund).toEqual({ _id: refund._id, status: 'pending' });

    // One request per payment.
    const again = await requestRefund(buyer, payment._id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: REFUND_MESSAGES.alreadyRequested });
  });

  it('takes one request when the customer double-clicks (ten at once)', async () => {
    const { payment } = await bought(buyer, 'pro');
    const before = (await refundsOf('pending')).counts;
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestRefund(buyer, payment._id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    for (const loser of answers.filter((a) => a.status === 409)) {
      expect(loser.body).toMatchObject({ message: REFUND_MESSAGES.alreadyRequested });
    }
    expect(delta((await refundsOf('pending')).counts, before)).toMatchObject({ total: 1, pending: 1 });
  });

  it("answers 404 for someone else's payment, as for one that does not exist", async () => {
    const { payment } = await bought(buyer, 'pro');
    const theirs = await requestRefund(stranger, payment._id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message: REFUND_MESSAGES.paymentNotFound });
    const none = await requestRefund(stranger, '01KDX3N8W6Q5ZJ4R2T7B9MATRX');
    expect(none.status).toBe(404);
    expect(none.body).toEqual(theirs.body);
  });

  it('answers 409 naming the 7 days once the guarantee is over; an admin may still refund it', async () => {
    const { payment, subscriptionId } = await bought(buyer, 'pro');
    await approvedDaysAgo(payment, subscriptionId, 8);
    expect((await billingHistory(buyer)).find((s) => s._id === subscriptionId)?.refundableUntil).toBeUndefined();
    const late = await requestRefund(buyer, payment._id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: REFUND_MESSAGES.guaranteeOver });
    expect(String(late.body.message)).toContain('7-day money-back guarantee');

    // The monthly no-profit guarantee: an admin opens it at any time, audited.
    const opened = await adminCreate(payment._id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const { refund } = refundResponseSchema.parse(opened.body);
    expect(refund).toMatchObject({ status: 'pending', origin: 'admin' });
    expect((await auditEntriesFor(refund._id)).map((e) => e.action)).toEqual(['refund.create']);
  });

  it('refuses an address whose checksum does not match, with the sentence', async () => {
    const { payment } = await bought(buyer, 'pro');
    const res = await requestRefund(buyer, payment._id, { trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { trc20Address: REFUND_MESSAGES.addressInvalid } });
  });
});

describe('the admins decide', () => {
  it('approves once: the purchase ends, the payment reads refunded, revenue counts it apart, the customer gets the TXID', async () => {
    const { payment, subscriptionId } = await bought(buyer, 'pro');
    const refund = await requested(buyer, payment._id);
    const [statsBefore, summaryBefore] = await Promise.all([paymentStats(), subscriptionSummary()]);
    const payout = newPayoutTxid();

    const res = await approve(refund._id, `0x${payout.toUpperCase()}`, 'Sent <today>');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(refundResponseSchema.parse(res.body)).toMatchObject({
      message: REFUND_MESSAGES.approved,
      refund: { status: 'approved', payoutTxid: payout, note: 'Sent <today>' },
    });

    // Billing History: refunded, with the payout TXID.
    const row = (await billingHistory(buyer)).find((s) => s._id === subscriptionId);
    expect(row).toMatchObject({ status: 'refunded', refund: { status: 'approved', payoutTxid: payout } });
    // The admin's lists: refunded.
    expect(await paymentByTxid(payment.transactionId)).toMatchObject({
      status: 'refunded',
      refund: { _id: refund._id, status: 'approved' },
    });
    expect((await refundsOf('approved')).refunds.some((r) => r._id === refund._id)).toBe(true);
    expect((await refundsOf('pending')).refunds.some((r) => r._id === refund._id)).toBe(false);

    // Revenue: the gross stays as recorded, the refund is counted apart, the net is the difference.
    const statsAfter = await paymentStats();
    expect(statsAfter.paymentStats.total.amount).toBe(statsBefore.paymentStats.total.amount);
    expect(
      (statsAfter.paymentStats.total.refundedAmount ?? 0) - (statsBefore.paymentStats.total.refundedAmount ?? 0),
    ).toBe(payment.amount);
    expect(statsAfter.paymentStats.total.netAmount).toBe(
      statsAfter.paymentStats.total.amount - (statsAfter.paymentStats.total.refundedAmount ?? 0),
    );
    expect(
      (statsAfter.paymentStats.today.refundedAmount ?? 0) - (statsBefore.paymentStats.today.refundedAmount ?? 0),
    ).toBe(payment.amount);
    expect(delta(await subscriptionSummary(), summaryBefore)).toMatchObject({ active: -1, refunded: 1 });

    // The customer's mail carries the payout TXID, linked to the block explorer.
    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.includes('refund of'));
    expect(mail?.body.text).toContain(payout);
    expect(mail?.body.html).toContain(`href="${TRON_EXPLORER_TRANSACTION_URL}${payout}"`);
    expect(mail?.body.html).toContain('Sent &lt;today&gt;');
    // Audited like every admin decision.
    expect((await auditEntriesFor(refund._id)).map((e) => e.action)).toEqual(['refund.approve']);
    // A purchase refunded cannot be asked for again.
    expect((await requestRefund(buyer, payment._id)).body).toMatchObject({ message: REFUND_MESSAGES.alreadyRefunded });
  });

  it('decides once when the approval is double-clicked (ten at once): one transition, one mail, counted once', async () => {
    const { payment } = await bought(buyer, 'ultimate');
    const refund = await requested(buyer, payment._id);
    const [statsBefore, countsBefore] = await Promise.all([paymentStats(), refundsOf('approved')]);
    const mailsBefore = (await mailsTo(buyer.email)).length;
    const payout = newPayoutTxid();
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(refund._id, payout)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const messages = answers.map((a) => String(a.body.message));
    expect(messages.filter((m) => m === REFUND_MESSAGES.approved)).toHaveLength(1);
    expect(messages.filter((m) => m === REFUND_MESSAGES.alreadyDecided('approved'))).toHaveLength(9);
    const statsAfter = await paymentStats();
    expect(
      (statsAfter.paymentStats.total.refundedCount ?? 0) - (statsBefore.paymentStats.total.refundedCount ?? 0),
    ).toBe(1);
    expect((await refundsOf('approved')).counts.approved - countsBefore.counts.approved).toBe(1);
    expect((await mailsTo(buyer.email)).length - mailsBefore).toBe(1);
    expect(await getItem(`PAYOUTTXID#${payout}`, 'PAYOUTTXID')).toMatchObject({ refundId: refund._id });
    expect(await auditEntriesFor(refund._id)).toHaveLength(1);
    // The other decision now: 409 naming the one that won.
    const refused = await refuse(refund._id, 'Too late');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: REFUND_MESSAGES.alreadyDecided('approved') });
  });

  it('refuses with the reason: the purchase runs on, the customer is told why and cannot ask again', async () => {
    const { payment, subscriptionId } = await bought(buyer, 'pro');
    const refund = await requested(buyer, payment._id);
    const res = await refuse(refund._id, 'The month made a <profit>.');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: REFUND_MESSAGES.refused, refund: { status: 'refused' } });
    const row = (await billingHistory(buyer)).find((s) => s._id === subscriptionId);
    expect(row).toMatchObject({
      status: 'active',
      refund: { status: 'refused', refusalReason: 'The month made a <profit>.' },
    });
    expect((await paymentByTxid(payment.transactionId)).status).toBe('completed');
    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.includes('was not approved'));
    expect(mail?.body.html).toContain('The month made a &lt;profit&gt;.');
    expect((await requestRefund(buyer, payment._id)).body).toMatchObject({
      message: REFUND_MESSAGES.alreadyRequested,
    });
    expect((await auditEntriesFor(refund._id)).map((e) => e.action)).toEqual(['refund.refuse']);
  });

  it('records a payout TXID once: a second refund cannot claim the same transfer', async () => {
    const [first, second] = [await bought(buyer, 'pro'), await bought(buyer, 'pro')];
    const payout = newPayoutTxid();
    const a = await requested(buyer, first.payment._id);
    const b = await requested(buyer, second.payment._id);
    expect((await approve(a._id, payout)).status).toBe(200);
    const reused = await approve(b._id, payout);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ message: REFUND_MESSAGES.payoutTxidUsed });
    expect((await refundsOf('pending')).refunds.some((r) => r._id === b._id)).toBe(true);
  });
});

describe('refunding an extended Basic', () => {
  it('moves the months bought after it back into its place, and the paid-through month with them', async () => {
    const customer = await newCustomer('refund-basic');
    const first = await bought(customer, 'basic');
    const second = await bought(customer, 'basic');
    const third = await bought(customer, 'basic');
    const rows = new Map((await billingHistory(customer)).map((s) => [s._id, s]));
    const [one, two, three] = [first, second, third].map((p) => rows.get(p.subscriptionId));
    expect(two?.isExtension).toBe(true);
    expect(three?.startDate).not.toBe(two?.startDate);

    const refund = await requested(customer, second.payment._id);
    expect((await approve(refund._id, newPayoutTxid())).status).toBe(200);

    const after = new Map((await billingHistory(customer)).map((s) => [s._id, s]));
    expect(after.get(first.subscriptionId)).toMatchObject({ startDate: one?.startDate, endDate: one?.endDate });
    expect(after.get(second.subscriptionId)).toMatchObject({ status: 'refunded' });
    // The third month now is the second one, as if the refunded purchase had never been made.
    expect(after.get(third.subscriptionId)).toMatchObject({
      status: 'active',
      startDate: two?.startDate,
      endDate: two?.endDate,
      isExtension: true,
    });
    expect((await getItem(`USER#${customer.userId}`, 'PROFILE'))?.basicPaidThrough).toBe(two?.endDate);
    const audit = (await auditEntriesFor(refund._id))[0];
    expect(audit?.details).toMatchObject({
      movedMonths: [{ subscriptionId: third.subscriptionId, to: { startDate: two?.startDate } }],
    });
  });
});

describe("the referrer's reward", () => {
  it('is taken back even when already withdrawn: recorded as owed, settled from the next earnings, never negative', async () => {
    const referrer = await newCustomer('refund-referrer');
    const friends = await Promise.all(Array.from({ length: 11 }, (_, i) => newCustomer(`refund-friend${i}`)));
    const purchases = [];
    for (const friend of friends.slice(0, 10)) {
      purchases.push(await bought(friend, 'basic', { referralCode: referrer.referralCode }));
    }
    expect(await balancesOf(referrer.userId)).toMatchObject({ available: 20, lifetime: 20, count: 10 });

    // The referrer withdraws everything: nothing is left available.
    const withdrawal = await requestWithdrawal(referrer, { trc20Address: ADDRESS, amount: 20 });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    // The approval names the payout's TXID (its on-chain check does not decide the approval).
    const settled = await decideWithdrawal('approve', withdrawal.body.withdrawal._id, { payoutTxid: newPayoutTxid() });
    expect(settled.status).toBe(200);
    expect(await balancesOf(referrer.userId)).toMatchObject({ available: 0, held: 0, paidOut: 20 });

    // A friend's purchase is refunded: the $2 cannot come out of nothing, so it is owed.
    const friend = friends[0] as TestCustomer;
    const first = purchases[0] as Awaited<ReturnType<typeof bought>>;
    const refund = await requested(friend, first.payment._id);
    const approved = await approve(refund._id, newPayoutTxid());
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ refund: { referralClawback: { amount: 2, fromAvailable: 0, owed: 2 } } });
    expect(await balancesOf(referrer.userId)).toMatchObject({
      available: 0,
      held: 0,
      lifetime: 20,
      paidOut: 20,
      count: 9,
    });
    expect(await clawbacksOf(referrer.userId)).toEqual({ clawedBack: 2, owed: 2 });
    const clawback = (await ledgerOf(referrer.userId)).find((e) => e.type === 'clawback');
    expect(clawback).toMatchObject({ amount: 2, fromAvailable: 0, owed: 2, sourceId: first.payment._id });
    await expectReconciled(referrer.userId);

    // The next friend's purchase settles what is owed before anything becomes available.
    await bought(friends[10] as TestCustomer, 'basic', { referralCode: referrer.referralCode });
    expect(await balancesOf(referrer.userId)).toMatchObject({ available: 0, lifetime: 22, count: 10 });
    expect(await clawbacksOf(referrer.userId)).toEqual({ clawedBack: 2, owed: 0 });
    const credit = (await ledgerOf(referrer.userId)).filter((e) => e.type === 'credit').find((e) => e.offset);
    expect(credit).toMatchObject({ amount: 2, offset: 2 });
    await expectReconciled(referrer.userId);
  }, 120_000);

  it('comes out of available earnings when there are some', async () => {
    const referrer = await newCustomer('refund-referrer-rich');
    const friend = await newCustomer('refund-friend-rich');
    const other = await newCustomer('refund-friend-other');
    const purchase = await bought(friend, 'basic', { referralCode: referrer.referralCode });
    await bought(other, 'basic', { referralCode: referrer.referralCode });
    const refund = await requested(friend, purchase.payment._id);
    expect((await approve(refund._id, newPayoutTxid())).status).toBe(200);
    expect(await balancesOf(referrer.userId)).toMatchObject({ available: 2, lifetime: 4, count: 1 });
    expect(await clawbacksOf(referrer.userId)).toEqual({ clawedBack: 2, owed: 0 });
    await expectReconciled(referrer.userId);
  });
});
