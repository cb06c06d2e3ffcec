import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER,
  PAYMENT_MESSAGES,
  TRANSFER_MESSAGES,
  scheduledJobEvent,
  workCountsResponseSchema,
  type OrderStateResponse,
  type Payment,
  type PaymentOrder,
  type Subscription,
  type UnmatchedTransfer,
} from '@goldbot/shared';
import { LOCAL_DEV_WALLET_ADDRESS } from '../../../scripts/local/stack.js';
import { hexToTronAddress } from '../../src/domain/commerce/tron.js';
import { sleep } from '../../src/lib/retry.js';
import {
  admin,
  auditEntriesFor,
  db,
  decidePayment,
  getItem,
  releaseAmountHolds,
  setAutoApprove,
  table,
} from './fixtures.js';
import { api, newCustomer, stack, type TestCustomer } from './http-client.js';
import { loadJobHandler, type JobHandler, type JobResult } from './job-handlers.js';
import { mailsTo } from './mailbox.js';

/**
 * Payments found on the chain, over the local stack: the customer sends the exact amount (the TRON
 * double's POST /__double/transfer), the wallet watcher (job-watch-wallets, run in this process as
 * the local scheduler runs it) records the transfer and binds it to the order whose amount it
 * carries, and the payment window's poll says "found". A TXID is optional and can never take or
 * block a transfer it does not own: the review's three sequences (a late transfer stolen after a
 * re-draw of its amount, a squatted TXID even after the squatter is rejected, 25 accounts holding
 * a price's amounts) fail here. Also: a replayed TXID, an unmatched transfer assigned by an admin,
 * a page that failed once, two runs racing, and the rules that withhold the automatic approval.
 */
let watcherJob: JobHandler;

beforeAll(async () => {
  watcherJob = await loadJobHandler('job-watch-wallets');
});

/**
 * One run of the wallet watcher that held the lease (the local scheduler may be running one: this
 * waits for it). A run that failed a page or an item throws after its summary, as in Lambda.
 */
async function runWatcher(): Promise<JobResult> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const result = await watcherJob(scheduledJobEvent('job-watch-wallets', new Date()));
    if (!result.leaseHeld) return result;
    if (Date.now() > deadline) throw new Error('the wallet watcher lease stayed held');
    await sleep(1_000);
  }
}

const WALLET = LOCAL_DEV_WALLET_ADDRESS;
/** A sender of the tests' transfers: a fresh T-address each, so no address "paid other customers" unless a test says so. */
const newSender = (): string => hexToTronAddress(randomBytes(20).toString('hex')) ?? '';

/** The customer's wallet sends `amount` USDT to the payment wallet: a confirmed transfer on the double. */
async function sendUsdt(
  amount: number | string,
  options: { from?: string; txid?: string; blockTimestamp?: number } = {},
): Promise<string> {
  const res = await fetch(`${stack().urls.tron}/__double/transfer`, {
    method: 'POST',
    body: JSON.stringify({ to: WALLET, amount, from: options.from ?? newSender(), ...options }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { txid: string }).txid;
}

async function openOrder(customer: TestCustomer, packageName = 'Basic Package'): Promise<PaymentOrder> {
  const res = await api<{ order: PaymentOrder }>('/api/payment/order', {
    method: 'POST',
    token: customer.token,
    body: { packageName, referralCode: null },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

const stateOf = (customer: TestCustomer, orderId: string) =>
  api<OrderStateResponse>(`/api/payment/order/${orderId}`, { token: customer.token });

const submitTxid = (customer: TestCustomer, order: PaymentOrder, txid: string) =>
  api<{ message: string; pendingSubscription: Subscription }>('/api/payment/submit-usdt-payment', {
    method: 'POST',
    token: customer.token,
    body: { orderId: order.orderId, packageName: order.packageName, txid, amount: order.amount, referralCode: null },
  });

/** Every payment of a customer, straight from the table (GSI3 USER#<sub>). */
async function paymentsOf(userId: string): Promise<Record<string, unknown>[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :user AND begins_with(GSI3SK, :payment)',
      ExpressionAttributeValues: { ':user': `USER#${userId}`, ':payment': 'PAYMENT#' },
    }),
  );
  return res.Items ?? [];
}

/** Polls until `check` passes (the on-chain check of a submission runs behind its answer). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`not in time: ${JSON.stringify(last)}`);
    await sleep(250);
    last = await read();
  }
  return last;
}

const paymentRow = async (paymentId: string): Promise<Payment> => {
  const res = await api<{ payments: Payment[] }>(`/api/payment/all-payments?limit=100`, { token: await admin() });
  const found = res.body.payments.find((p) => p._id === paymentId);
  if (!found) throw new Error(`payment ${paymentId} is not listed`);
  return found;
};

/**
 * Moves an order's lifetime back so that it ended at `atSeconds`, as if it had been opened a lifetime
 * before (its item, the customer's copy and its hold).
 */
async function expire(customer: TestCustomer, order: PaymentOrder, atSeconds: number) {
  const cents = Math.round(order.amount * 100);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `ORDER#${order.orderId}`, SK: 'ORDER' },
      UpdateExpression: 'SET expiresAt = :at, createdAt = :created',
      ExpressionAttributeValues: {
        ':at': atSeconds,
        ':created': new Date((atSeconds - ORDER.openMinutes * 60) * 1000).toISOString(),
      },
    }),
  );
  const slug =
    order.packageName === 'Basic Package' ? 'basic' : order.packageName === 'Pro Package' ? 'pro' : 'ultimate';
  const copy = await getItem(`USER#${customer.userId}`, `ORDER#${slug}`);
  if (copy?.orderId === order.orderId) {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { PK: `USER#${customer.userId}`, SK: `ORDER#${slug}` },
        UpdateExpression: 'SET expiresAt = :at',
        ExpressionAttributeValues: { ':at': atSeconds },
      }),
    );
  }
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `AMOUNTPOOL#${Math.floor(cents / 100)}`, SK: `HOLD#${cents}` },
      UpdateExpression: 'SET heldUntil = :at',
      ConditionExpression: 'orderId = :order',
      ExpressionAttributeValues: { ':at': atSeconds, ':order': order.orderId },
    }),
  );
}

/**
 * Holds every amount of a price except `keep` for the next hour (other customers' open orders),
 * so the next order of the price can only get `keep`: the attacker's re-draw, done at once.
 */
async function holdAllBut(priceCents: number, keepCents: number): Promise<() => Promise<void>> {
  const held: number[] = [];
  for (let cents = priceCents + 1; cents <= priceCents + ORDER.maxTagCents; cents += 1) {
    if (cents === keepCents) continue;
    held.push(cents);
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          PK: `AMOUNTPOOL#${Math.floor(cents / 100)}`,
          SK: `HOLD#${cents}`,
          entity: 'OrderAmount',
          amountCents: cents,
          orderId: `HELD${cents}`,
          userId: 'someone-else',
          heldUntil: Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
  }
  return async () => {
    for (const cents of held) {
      await db().send(
        new DeleteCommand({
          TableName: table(),
          Key: { PK: `AMOUNTPOOL#${Math.floor(cents / 100)}`, SK: `HOLD#${cents}` },
        }),
      );
    }
  };
}

afterAll(async () => {
  await setAutoApprove(false);
});

// ---------------------------------------------------------------------------------------------

describe('a payment found on the chain, no TXID typed', () => {
  it('the window goes from waiting to found with the amount; the payment is pending with the chain’s Match', async () => {
    const buyer = await newCustomer('found');
    const order = await openOrder(buyer);
    expect((await stateOf(buyer, order.orderId)).body).toMatchObject({ state: 'waiting', payment: null });
    const txid = await sendUsdt(order.amount);
    await runWatcher();

    const state = await stateOf(buyer, order.orderId);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      order: { orderId: order.orderId, amount: order.amount },
      state: 'found',
      payment: { txid, amount: order.amount, status: 'pending' },
      lateTransfer: null,
    });
    const [item] = await paymentsOf(buyer.userId);
    const payment = await paymentRow(String(item?._id));
    expect(payment).toMatchObject({
      status: 'pending',
      transactionId: txid,
      orderId: order.orderId,
      orderAmount: order.amount,
      walletAddress: WALLET,
      chainCheck: { status: 'match', amount: String(order.amount), to: WALLET, reasons: [] },
      binding: { source: 'watcher', txid, ambiguous: null, predatesOrder: false },
    });
    expect(payment.orderCreatedAt).toBeTruthy();
    expect(payment.orderExpiresAt).toBe(order.expiresAt);
    // The customer's pending mail, with the exact amount.
    const mails = await eventually(
      () => mailsTo(buyer.email),
      (list) => list.some((m) => m.subject.includes('payment received')),
    );
    expect(mails.find((m) => m.subject.includes('payment received'))?.body.text).toContain(order.amount.toFixed(2));

    // The same TXID submitted afterwards is a replay of the found payment (2xx), not 409.
    const again = await submitTxid(buyer, order, txid);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.pendingSubscription.paymentId).toBe(payment._id);
    expect(await paymentsOf(buyer.userId)).toHaveLength(1);
    // Someone else's order is 404, the same as an unknown one.
    const stranger = await newCustomer('found-stranger');
    expect((await stateOf(stranger, order.orderId)).status).toBe(404);
    expect(((await stateOf(stranger, order.orderId)).body as unknown as { message: string }).message).toBe(
      PAYMENT_MESSAGES.orderNotFound,
    );

    // Approved: the window says active.
    expect((await decidePayment('approve', payment._id)).status).toBe(200);
    expect((await stateOf(buyer, order.orderId)).body).toMatchObject({
      state: 'active',
      payment: { status: 'completed' },
    });
  }, 180_000);

  it('a TXID submitted before the watcher ran is a claim the chain completes: one payment, a Match', async () => {
    const buyer = await newCustomer('claim');
    const order = await openOrder(buyer);
    const txid = await sendUsdt(order.amount);
    const claim = await submitTxid(buyer, order, txid);
    expect(claim.status).toBe(201);
    // Its on-chain check finds the transfer and binds it to the order: the claim itself is completed.
    await eventually(
      () => stateOf(buyer, order.orderId),
      (res) => res.body.state === 'found',
    );
    await runWatcher();
    const payments = await paymentsOf(buyer.userId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      _id: claim.body.pendingSubscription.paymentId,
      chainCheck: { status: 'match' },
    });
  }, 180_000);
});

describe('the review’s three sequences now fail', () => {
  it('a late transfer after another customer re-drew its amount: the transfer stays the first customer’s', async () => {
    await setAutoApprove(true);
    try {
      const victim = await newCustomer('late-victim');
      const order = await openOrder(victim);
      // The victim pays while the order is open; the chain confirms it, the watcher has not read it yet.
      const paidAt = Date.now();
      const txid = await sendUsdt(order.amount, { blockTimestamp: paidAt });
      // Then the order closes (as two hours later) and a bot re-draws Basic orders until it holds the amount.
      await expire(victim, order, Math.floor(paidAt / 1000) + 1);
      await sleep(1_500);
      const attacker = await newCustomer('late-attacker');
      const releaseOthers = await holdAllBut(Math.round(order.price * 100), Math.round(order.amount * 100));
      let stolen: PaymentOrder;
      try {
        stolen = await openOrder(attacker);
      } finally {
        await releaseOthers();
      }
      expect(stolen.amount).toBe(order.amount);
      // The bot submits the victim's TXID for its own order: refused when the watcher (the local
      // scheduler's run) has already bound the transfer, else a claim that the chain then refutes.
      const squat = await submitTxid(attacker, stolen, txid);
      expect([201, 409]).toContain(squat.status);
      if (squat.status === 409) expect(squat.body.message).toBe(PAYMENT_MESSAGES.txidOtherOrder);
      await runWatcher();
      const bound = await eventually(
        () => stateOf(victim, order.orderId),
        (res) => res.body.state === 'found' || res.body.state === 'active',
      );
      expect(bound.body.payment).toMatchObject({ txid, amount: order.amount });
      if (squat.status === 201) {
        const attackerPayment = await eventually(
          () => paymentRow(squat.body.pendingSubscription.paymentId ?? ''),
          (p) => p.chainCheck?.status === 'mismatch',
        );
        expect(attackerPayment.status).toBe('pending');
        expect(attackerPayment.chainCheck?.reasons.join(' ')).toContain('bound this transfer to that order');
      }
      expect((await stateOf(attacker, stolen.orderId)).body.state).not.toBe('found');
      // Asking again: the transfer belongs to another order.
      const again = await submitTxid(attacker, stolen, txid);
      expect([again.status, again.body.message]).toEqual([409, PAYMENT_MESSAGES.txidOtherOrder]);
      // The victim's payment: approved automatically when the watcher bound it before the bot's
      // order existed; when the bot's order was already there, the binding is ambiguous (its time
      // also fits the bot's order) and waits for an admin. Never the bot's.
      const [victimPayment] = await paymentsOf(victim.userId);
      const row = await paymentRow(String(victimPayment?._id));
      if (row.status === 'pending') {
        expect(row.binding?.ambiguous).toContain('also fits order');
        expect(row.binding?.autoApprovalWithheld).toEqual(['the binding is ambiguous']);
      } else {
        expect(row).toMatchObject({ status: 'completed', binding: { ambiguous: null } });
      }
      expect(await paymentsOf(attacker.userId)).toHaveLength(squat.status === 201 ? 1 : 0);
    } finally {
      await setAutoApprove(false);
    }
  }, 180_000);

  it('a squatted TXID, even after the squatter is rejected: the real payer gets the payment and a 2xx', async () => {
    const payer = await newCustomer('squat-payer');
    const order = await openOrder(payer);
    const txid = await sendUsdt(order.amount);
    // A bot that watches the wallet submits the TXID first, against an order of its own.
    const squatter = await newCustomer('squatter');
    const squatOrder = await openOrder(squatter, 'Pro Package');
    const squat = await submitTxid(squatter, squatOrder, txid);
    expect(squat.status).toBe(201);
    // The admin rejects the squatter's payment.
    const squatPaymentId = squat.body.pendingSubscription.paymentId ?? '';
    expect((await decidePayment('reject', squatPaymentId)).status).toBe(200);
    // The chain names the payer: their order is found, with or without their TXID.
    await runWatcher();
    await eventually(
      () => stateOf(payer, order.orderId),
      (res) => res.body.state === 'found',
    );
    const mine = await submitTxid(payer, order, txid);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const [payment] = await paymentsOf(payer.userId);
    expect(mine.body.pendingSubscription.paymentId).toBe(payment?._id);
    expect(await getItem(`TXID#${txid}`, 'TXID')).toMatchObject({ paymentId: payment?._id, userId: payer.userId });
    // The squatter asking again is told the transfer is another order's.
    const again = await submitTxid(squatter, squatOrder, txid);
    expect([again.status, again.body.message]).toEqual([409, PAYMENT_MESSAGES.txidOtherOrder]);
  }, 180_000);

  it('25 accounts with random TXIDs cannot hold a price’s amounts: a real buyer still gets an order', async () => {
    const bots: TestCustomer[] = [];
    for (let i = 0; i < 25; i += 1) bots.push(await newCustomer(`holder-${i}`));
    // Each bot: an order and a random TXID, four times (the fourth is refused: 3 pending at most).
    for (let round = 0; round < 4; round += 1) {
      for (let first = 0; first < bots.length; first += 5) {
        await Promise.all(
          bots.slice(first, first + 5).map(async (bot) => {
            const order = await openOrder(bot);
            const res = await submitTxid(bot, order, randomBytes(32).toString('hex'));
            expect([201, 409]).toContain(res.status);
          }),
        );
      }
    }
    const buyer = await newCustomer('holder-victim');
    const order = await openOrder(buyer);
    expect(order.amount).toBeGreaterThan(order.price);
    const txid = await sendUsdt(order.amount);
    await runWatcher();
    expect((await stateOf(buyer, order.orderId)).body).toMatchObject({ state: 'found', payment: { txid } });
    // The bots' hundred unpaid orders would make every later binding of a Basic amount ambiguous.
    await releaseAmountHolds();
  }, 240_000);
});

/** The back-office navigation's count of unmatched transfers waiting for a decision. */
async function unmatchedWaiting(): Promise<number | null> {
  const res = await api('/api/admin/work-counts', { token: await admin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return workCountsResponseSchema.parse(res.body).counts.unmatchedTransfers;
}

describe('transfers that fit no order', () => {
  it('is listed for the admins (mailed once), with the order that came close, and assigned by an admin', async () => {
    const late = await newCustomer('unmatched-late');
    const order = await openOrder(late);
    await expire(late, order, Math.floor(Date.now() / 1000) - (ORDER.graceMinutes + 5) * 60);
    const waiting = await unmatchedWaiting();
    expect(waiting).toEqual(expect.any(Number));
    const txid = await sendUsdt(order.amount);
    await runWatcher();
    // The navigation counts it: one more unmatched transfer waits.
    expect(await unmatchedWaiting()).toBe((waiting ?? 0) + 1);

    // The customer's window: the order expired, and a transfer of its amount came after.
    expect((await stateOf(late, order.orderId)).body).toMatchObject({
      state: 'expired',
      payment: null,
      lateTransfer: { txid, amount: order.amount },
    });
    const list = await api<{ transfers: UnmatchedTransfer[]; nextCursor: string | null }>(
      '/api/admin/unmatched-transfers?limit=100',
      { token: await admin() },
    );
    expect(list.status).toBe(200);
    const listed = list.body.transfers.find((t) => t.txid === txid);
    expect(listed).toMatchObject({
      amount: order.amount,
      to: WALLET,
      reason: 'late',
      status: 'open',
      decision: null,
      closeOrders: [{ orderId: order.orderId, reason: 'same-amount', user: { _id: late.userId, email: late.email } }],
    });
    // The admins were told, once.
    const noticed = await eventually(
      () => mailsTo(stack().admin.email),
      (mails) => mails.some((m) => m.body.text?.includes(txid)),
    );
    await runWatcher();
    expect((await mailsTo(stack().admin.email)).filter((m) => m.body.text?.includes(txid))).toHaveLength(
      noticed.filter((m) => m.body.text?.includes(txid)).length,
    );
    // A second run counts it no second time, and the count is the open transfers of the list.
    expect(await unmatchedWaiting()).toBe((waiting ?? 0) + 1);
    const open = await api<{ transfers: UnmatchedTransfer[] }>('/api/admin/unmatched-transfers?limit=100', {
      token: await admin(),
    });
    expect(await unmatchedWaiting()).toBe(open.body.transfers.filter((t) => t.status === 'open').length);

    // The admin gives it to the customer's Basic: a pending payment, audited; decided once.
    const assigned = await api<{ message: string; transfer: UnmatchedTransfer; payment: Payment }>(
      `/api/admin/unmatched-transfers/${txid}/assign`,
      { method: 'POST', token: await admin(), body: { userId: late.userId, packageName: 'Basic Package' } },
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.transfer).toMatchObject({ status: 'assigned', decision: { userId: late.userId } });
    expect(assigned.body.payment).toMatchObject({
      status: 'pending',
      transactionId: txid,
      orderAmount: order.amount,
      binding: { source: 'admin' },
      chainCheck: { status: 'match' },
    });
    const audit = await auditEntriesFor(txid);
    expect(audit.map((e) => e.action)).toEqual(['transfer.assign']);
    const twice = await api(`/api/admin/unmatched-transfers/${txid}/resolve`, {
      method: 'POST',
      token: await admin(),
      body: { resolution: 'refunded', note: 'sent back' },
    });
    expect([twice.status, twice.body.message]).toEqual([409, TRANSFER_MESSAGES.alreadyDecided('assigned')]);
    // Decided once, uncounted once.
    expect(await unmatchedWaiting()).toBe(waiting);
    // The admin approves it like any payment.
    expect((await decidePayment('approve', assigned.body.payment._id)).status).toBe(200);

    // Another one, closed as ignored with a note; anything unknown is 404.
    const dust = await sendUsdt('0.000001');
    await runWatcher();
    expect(await unmatchedWaiting()).toBe((waiting ?? 0) + 1);
    const ignored = await api<{ transfer: UnmatchedTransfer }>(`/api/admin/unmatched-transfers/${dust}/resolve`, {
      method: 'POST',
      token: await admin(),
      body: { resolution: 'ignored', note: 'dust' },
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body.transfer).toMatchObject({ status: 'ignored', reason: 'no-order', decision: { note: 'dust' } });
    expect(await unmatchedWaiting()).toBe(waiting);
    const unknown = await api(`/api/admin/unmatched-transfers/${'0e'.repeat(32)}/assign`, {
      method: 'POST',
      token: await admin(),
      body: { userId: late.userId, packageName: 'Basic Package' },
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, TRANSFER_MESSAGES.notFound]);
  }, 240_000);
});

describe('the watcher misses nothing and binds once', () => {
  it('a page that failed once is read again by the next run, and the transfer is still caught', async () => {
    const buyer = await newCustomer('page-failed');
    const order = await openOrder(buyer);
    const txid = await sendUsdt(order.amount);
    const path = `/v1/accounts/${WALLET}/transactions/trc20`;
    // Every attempt of the next run's page fails (the adapter tries 3 times).
    const failing = await fetch(`${stack().urls.tron}/__double/fail`, {
      method: 'POST',
      body: JSON.stringify({ path, calls: 3, status: 503 }),
    });
    expect(failing.status).toBe(201);
    await expect(runWatcher()).rejects.toThrow(/item\(s\) failed|stopped before the end/);
    expect((await stateOf(buyer, order.orderId)).body.state).toBe('waiting');
    await runWatcher();
    expect((await stateOf(buyer, order.orderId)).body).toMatchObject({ state: 'found', payment: { txid } });
  }, 180_000);

  it('two runs racing (and the TXID’s own check) make one binding and one payment', async () => {
    const buyer = await newCustomer('race');
    const order = await openOrder(buyer);
    const txid = await sendUsdt(order.amount);
    const [a, b, submitted] = await Promise.all([
      watcherJob(scheduledJobEvent('job-watch-wallets', new Date())),
      watcherJob(scheduledJobEvent('job-watch-wallets', new Date())),
      submitTxid(buyer, order, txid),
    ]);
    // One run held the lease; the other stopped at once.
    expect([a.leaseHeld ?? 0, b.leaseHeld ?? 0].sort()).toEqual([0, 1]);
    expect([200, 201]).toContain(submitted.status);
    await runWatcher();
    await eventually(
      () => stateOf(buyer, order.orderId),
      (res) => res.body.state === 'found',
    );
    expect(await paymentsOf(buyer.userId)).toHaveLength(1);
    const transfer = await getItem(`TRANSFER#${txid}`, 'TRANSFER');
    expect(transfer).toMatchObject({ state: 'bound', binding: { orderId: order.orderId } });
  }, 180_000);
});

describe('the automatic approval (on) never fires on a doubtful binding', () => {
  beforeAll(() => setAutoApprove(true));
  afterAll(() => setAutoApprove(false));

  it('approves a clean one; not one whose payer paid other customers’ orders, nor one dated before its order', async () => {
    const clean = await newCustomer('auto-clean');
    const cleanOrder = await openOrder(clean);
    const sender = newSender();
    await sendUsdt(cleanOrder.amount, { from: sender });
    await runWatcher();
    expect((await stateOf(clean, cleanOrder.orderId)).body.state).toBe('active');

    // The same address now pays another customer's order: a person looks first.
    const other = await newCustomer('auto-other');
    const otherOrder = await openOrder(other);
    await sendUsdt(otherOrder.amount, { from: sender });
    await runWatcher();
    expect((await stateOf(other, otherOrder.orderId)).body.state).toBe('found');
    const [otherPayment] = await paymentsOf(other.userId);
    expect((await paymentRow(String(otherPayment?._id))).binding?.autoApprovalWithheld).toEqual([
      "the sender's address paid other customers' orders",
    ]);

    // A transfer dated before the order was opened (within the clock-skew allowance).
    const early = await newCustomer('auto-early');
    const earlyOrder = await openOrder(early);
    const opened = Date.parse(String((await getItem(`ORDER#${earlyOrder.orderId}`, 'ORDER'))?.createdAt));
    await sendUsdt(earlyOrder.amount, { blockTimestamp: opened - 60_000 });
    await runWatcher();
    expect((await stateOf(early, earlyOrder.orderId)).body.state).toBe('found');
    const [earlyPayment] = await paymentsOf(early.userId);
    expect((await paymentRow(String(earlyPayment?._id))).binding).toMatchObject({
      predatesOrder: true,
      autoApprovalWithheld: ['the transfer is dated before the order was opened'],
    });
  }, 240_000);
});
