import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Payment, Wallet } from '@goldbot/shared';
import { LOCAL_DEV_WALLET_ADDRESS } from '../../../scripts/local/stack.js';
import { api, idTokenFor, newCustomer, type TestCustomer } from './http-client.js';
import {
  admin,
  auditEntriesFor,
  billingHistory,
  db,
  decidePayment,
  ledgerOf,
  type PaidSlug,
  paymentByTxid,
  priceOf,
  purchaseBody,
  sessionOf,
  submitPurchase,
  table,
} from './fixtures.js';
import { mailsTo } from './mailbox.js';

/**
 * The admin side of the money loop over real HTTP: customers submit USDT payments
 * through the customer route, the admin finds them (search by username, e-mail, TXID), approves or
 * rejects them, and the subscription, the referrer's balance, the aggregates, the audit trail and
 * the verified mail follow. Wallets: add, update, the one-active switch, duplicates, the locked
 * address. The races: ten approvals at once give one transition and one credit.
 */

type Customer = TestCustomer;

async function submit(buyer: Customer, slug: PaidSlug, options: { txid?: string; referralCode?: string } = {}) {
  const body = await purchaseBody(slug, options);
  const res = await submitPurchase(buyer, body);
  return { res, txid: body.txid, amount: body.amount };
}

interface PaymentList {
  pendingPayments?: Payment[];
  payments?: Payment[];
  nextCursor: string | null;
  summary: { total: number; pending: number; completed: number };
}
const listPending = async (query = '') =>
  api<PaymentList>(`/api/payment/pending-usdt-payments${query}`, { token: await admin() });
const listAll = async (query = '') => api<PaymentList>(`/api/payment/all-payments${query}`, { token: await admin() });

const approve = (id: string) => decidePayment('approve', id);
const reject = (id: string) => decidePayment('reject', id);

/** Submits each purchase in turn (each 201), then the admin approves them in the same order (each 200). */
async function submitThenApprove(buyer: Customer, slugs: readonly PaidSlug[]) {
  const submitted = [];
  for (const slug of slugs) submitted.push(await submit(buyer, slug));
  expect(submitted.map((s) => s.res.status)).toEqual(slugs.map(() => 201));
  for (const { txid } of submitted) expect((await approve((await paymentByTxid(txid))._id)).status).toBe(200);
}

async function statsItem(sk: string) {
  const result = await db().send(new GetCommand({ TableName: table(), Key: { PK: 'STATS#PAYMENTS', SK: sk } }));
  return result.Item ?? {};
}

/** UTC calendar days relative to today, computed here independently of the server's rules. */
const day = (date: Date) => date.toISOString().slice(0, 10);
const today = () => day(new Date());
const monthStart = (offset: number) => {
  const now = new Date();
  return day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)));
};
const monthEnd = (offset: number) => {
  const now = new Date();
  return day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0)));
};

describe('admin wallets over HTTP', () => {
  const wallets = async () =>
    (await api<{ wallets: Wallet[] }>('/api/payment/wallets', { token: await admin() })).body.wallets;
  const save = async (body: Record<string, unknown>) =>
    api<{ message: string; wallet: Wallet }>('/api/payment/wallet', { method: 'POST', token: await admin(), body });

  it('lists the local development wallet the bootstrap seeded, active for USDT', async () => {
    const seeded = (await wallets()).find((w) => w.address === LOCAL_DEV_WALLET_ADDRESS);
    expect(seeded).toMatchObject({ currency: 'USDT', network: 'TRC20' });
    const details = await api<{ walletAddress: string; network: string }>('/api/payment/wallet-details', {
      token: await idTokenFor('user'),
    });
    if (seeded?.isActive) expect(details.body).toEqual({ walletAddress: LOCAL_DEV_WALLET_ADDRESS, network: 'TRC20' });
  });

  it('adds, updates and switches the active wallet of a currency, one active at a time, with audit entries', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await save({ address: `0xETH-A-${tag}`, network: 'ERC20', currency: 'ETH', isActive: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Wallet added successfully',
      wallet: { address: `0xETH-A-${tag}`, network: 'ERC20', currency: 'ETH', isActive: true },
    });
    const a = first.body.wallet;

    const second = await save({ address: `0xETH-B-${tag}`, network: 'ERC20', currency: 'ETH', isActive: true });
    expect(second.status).toBe(201);
    const b = second.body.wallet;
    let eth = (await wallets()).filter((w) => w.currency === 'ETH');
    expect(eth.filter((w) => w.isActive).map((w) => w._id)).toEqual([b._id]);
    expect(eth.find((w) => w._id === a._id)?.isActive).toBe(false);

    // Re-activating the first one switches the second off, in the same transaction.
    const back = await save({ _id: a._id, address: a.address, network: 'Ethereum', currency: 'ETH', isActive: true });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      message: 'Wallet updated successfully',
      wallet: { _id: a._id, address: a.address, network: 'Ethereum', isActive: true, createdAt: a.createdAt },
    });
    eth = (await wallets()).filter((w) => w.currency === 'ETH');
    expect(eth.filter((w) => w.isActive).map((w) => w._id)).toEqual([a._id]);

    // Deactivating the active one leaves the currency without an active wallet.
    const off = await save({ _id: a._id, address: a.address, network: 'Ethereum', currency: 'ETH', isActive: false });
    expect(off.status).toBe(200);
    eth = (await wallets()).filter((w) => w.currency === 'ETH');
    expect(eth.filter((w) => w._id === a._id || w._id === b._id).every((w) => !w.isActive)).toBe(true);
    const pointer = await db().send(
      new GetCommand({ TableName: table(), Key: { PK: 'ACTIVEWALLET#ETH', SK: 'ACTIVEWALLET' } }),
    );
    expect(pointer.Item).toBeUndefined();

    expect((await auditEntriesFor(a._id)).map((e) => e.action).sort()).toEqual([
      'wallet.add',
      'wallet.update',
      'wallet.update',
    ]);
    expect((await auditEntriesFor(b._id))[0]).toMatchObject({ action: 'wallet.add', entity: 'AuditEntry' });
  });

  it('refuses a duplicate address (409), a changed address (400) and an unknown id (404)', async () => {
    const address = `bc1-local-${randomUUID().slice(0, 8)}`;
    const added = await save({ address, network: 'Bitcoin', currency: 'BTC' });
    expect(added.status).toBe(201);
    expect(added.body.wallet.isActive).toBe(false);

    const duplicate = await save({ address, network: 'Bitcoin', currency: 'BTC' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: 'A wallet with this address already exists.' });

    const moved = await save({
      _id: added.body.wallet._id,
      address: `${address}-x`,
      network: 'Bitcoin',
      currency: 'BTC',
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ errors: { address: 'The address cannot be changed once saved.' } });

    const unknown = await save({ _id: '01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ', address, network: 'Bitcoin', currency: 'BTC' });
    expect(unknown.status).toBe(404);

    const invalid = await save({ address: '', network: '', currency: 'DOGE' });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as unknown as { errors: object }).errors).sort()).toEqual([
      'address',
      'currency',
      'network',
    ]);
    expect((await wallets()).filter((w) => w.address === address)).toHaveLength(1);
  });
});

describe('the payment queue over HTTP', () => {
  it('runs the loop: a Basic with a referral code is found, approved, activated, credited, counted and mailed', async () => {
    const referrer = await newCustomer('referrer');
    const buyer = await newCustomer('buyer');
    const before = (await listPending()).body.summary;
    const referrerBefore = await sessionOf(referrer);
    const basicBefore = await statsItem('PACKAGE#basic');

    const { res, txid, amount } = await submit(buyer, 'basic', { referralCode: referrer.referralCode });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(amount).toBe((await priceOf('basic')) - 10);

    // The admin sees it pending, and finds it by username, e-mail (any case) or TXID (any case).
    const pending = await listPending();
    expect(pending.body.summary).toEqual({
      total: before.total + 1,
      pending: before.pending + 1,
      completed: before.completed,
    });
    for (const search of [buyer.username, buyer.email.toUpperCase(), txid.toUpperCase(), txid.slice(5, 30)]) {
      const found = await listPending(`?search=${encodeURIComponent(search)}`);
      expect(found.status).toBe(200);
      expect(
        found.body.pendingPayments?.map((p) => p.transactionId),
        search,
      ).toEqual([txid]);
    }
    const payment = await paymentByTxid(txid);
    expect(payment).toMatchObject({
      userId: { _id: buyer.userId, username: buyer.username, email: buyer.email },
      packageName: 'Basic Package',
      amount,
      originalAmount: amount + 10,
      hasReferralDiscount: true,
      referralDiscount: 10,
      referralCode: referrer.referralCode,
      referralUserId: { _id: referrer.userId, username: referrer.username },
      referralCredited: false,
      currency: 'USD',
      transactionId: txid,
      status: 'pending',
      paymentMethod: 'usdt',
      walletAddress: expect.any(String),
      network: expect.any(String),
    });

    const approved = await approve(payment._id);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(`Payment for ${buyer.username} has been successfully approved!`);
    expect(approved.body.payment).toMatchObject({ _id: payment._id, status: 'completed', referralCredited: true });

    const [subscription] = await billingHistory(buyer);
    expect(subscription).toMatchObject({
      packageName: 'Basic Package',
      status: 'active',
      startDate: monthStart(1),
      endDate: monthEnd(1),
    });
    expect(await sessionOf(referrer)).toMatchObject({
      referralEarnings: referrerBefore.referralEarnings + 2,
      referralCount: referrerBefore.referralCount + 1,
    });
    expect(await ledgerOf(referrer.userId)).toEqual([
      expect.objectContaining({
        type: 'credit',
        amount: 2,
        sourceType: 'payment',
        sourceId: payment._id,
        refereeId: buyer.userId,
      }),
    ]);

    const after = (await listAll()).body;
    expect(after.summary).toEqual({
      total: before.total + 1,
      pending: before.pending,
      completed: before.completed + 1,
    });
    expect(after.payments?.find((p) => p._id === payment._id)?.status).toBe('completed');
    expect((await listPending()).body.pendingPayments?.map((p) => p._id)).not.toContain(payment._id);
    const basicAfter = await statsItem('PACKAGE#basic');
    expect(Number(basicAfter.completedCount ?? 0)).toBe(Number(basicBefore.completedCount ?? 0) + 1);
    expect(Number(basicAfter.completedAmount ?? 0)).toBe(Number(basicBefore.completedAmount ?? 0) + amount);
    expect(Number((await statsItem(`DAY#${today()}`)).completedCount)).toBeGreaterThan(0);
    expect(await auditEntriesFor(payment._id)).toEqual([
      expect.objectContaining({ action: 'payment.approve', actor: expect.any(String), entity: 'AuditEntry' }),
    ]);

    // The verified mail, with the dates, in the buyer's inbox.
    const mail = (await mailsTo(buyer.email)).find((m) => /verified/i.test(m.subject));
    expect(mail?.subject).toBe('GoldBot: your Basic Package payment is verified');
    const [y, m] = monthStart(1).split('-').map(Number) as [number, number];
    const monthName = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    expect(mail?.body.text).toContain(`${monthName} 1, ${y}`);

    // A repeat is harmless; a reject after it is refused.
    const again = await approve(payment._id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This payment was already approved.');
    const late = await reject(payment._id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: 'This payment was already approved by another admin.' });
    expect((await sessionOf(referrer)).referralEarnings).toBe(referrerBefore.referralEarnings + 2);
  });

  it("finds payments by the first characters of their TXID from the markers' prefix index, a page at a time", async () => {
    const buyers = [await newCustomer('txidstart'), await newCustomer('txidstart')];
    // Two TXIDs that share their first 8 characters, which no other payment of this run has.
    const start = randomBytes(4).toString('hex');
    const txids = buyers.map(() => `${start}${randomBytes(28).toString('hex')}`);
    for (const [i, buyer] of buyers.entries()) {
      expect((await submit(buyer, 'pro', { txid: txids[i] })).res.status).toBe(201);
    }

    const marker = await db().send(new GetCommand({ TableName: table(), Key: { PK: `TXID#${txids[0]}`, SK: 'TXID' } }));
    expect(marker.Item).toMatchObject({ GSI2PK: `TXIDS#${start.slice(0, 2)}`, GSI2SK: txids[0] });

    // Any case, with the 0x some wallets show, in TXID order, one per page.
    const first = await listAll(`?limit=1&search=0x${start.toUpperCase()}`);
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor ?? '';
    // The cursor is a marker's key: the search pages through the index, not through the payments list.
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toMatchObject({
      GSI2PK: `TXIDS#${start.slice(0, 2)}`,
    });
    const second = await listAll(`?limit=1&search=0x${start.toUpperCase()}&cursor=${encodeURIComponent(cursor)}`);
    expect(second.status).toBe(200);
    const sorted = [...txids].sort();
    expect([...(first.body.payments ?? []), ...(second.body.payments ?? [])].map((p) => p.transactionId)).toEqual(
      sorted,
    );
    const firstBuyer = buyers[txids.indexOf(sorted[0] ?? '')];
    expect(first.body.payments?.[0]?.userId).toMatchObject({ _id: firstBuyer?.userId, username: firstBuyer?.username });

    // The pending list finds them the same way, and the first 4 characters are enough.
    const pending = await listPending(`?search=${start.slice(0, 4)}&limit=100`);
    expect(pending.status).toBe(200);
    expect(pending.body.pendingPayments?.map((p) => p.transactionId)).toEqual(expect.arrayContaining(sorted));
  });

  it('chains a Basic extension after the paid-through month', async () => {
    const buyer = await newCustomer('extender');
    await submitThenApprove(buyer, ['basic', 'basic']);
    const subs = await billingHistory(buyer);
    const periods = subs
      .map((s) => [s.status, s.startDate, s.endDate])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(periods).toEqual([
      ['active', monthStart(1), monthEnd(1)],
      ['active', monthStart(2), monthEnd(2)],
    ]);
    expect(subs.find((s) => s.startDate === monthStart(2))?.isExtension).toBe(true);
  });

  it('gives Pro six months from the 1st of next month and Ultimate a lifetime from today', async () => {
    const buyer = await newCustomer('big-spender');
    await submitThenApprove(buyer, ['pro', 'ultimate']);
    const subs = await billingHistory(buyer);
    expect(subs.find((s) => s.packageName === 'Pro Package')).toMatchObject({
      status: 'active',
      startDate: monthStart(1),
      endDate: monthEnd(6),
    });
    expect(subs.find((s) => s.packageName === 'Ultimate Package')).toMatchObject({
      status: 'active',
      startDate: today(),
      endDate: null,
    });
    const mails = (await mailsTo(buyer.email)).map((m) => m.subject);
    expect(mails).toEqual(
      expect.arrayContaining([
        'GoldBot: your Pro Package payment is verified',
        'GoldBot: your Ultimate Package payment is verified',
      ]),
    );
  });

  it('rejects: no balance moves, the subscription is rejected, the TXID stays used, approving later is 409', async () => {
    const referrer = await newCustomer('referrer-r');
    const buyer = await newCustomer('rejected');
    const before = (await listAll()).body.summary;
    const { res, txid } = await submit(buyer, 'basic', { referralCode: referrer.referralCode });
    expect(res.status).toBe(201);
    const payment = await paymentByTxid(txid);

    const rejected = await reject(payment._id);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      message: `Payment for ${buyer.username} has been rejected.`,
      payment: { status: 'rejected', referralCredited: false },
    });
    expect(await sessionOf(referrer)).toMatchObject({ referralEarnings: 0, referralCount: 0 });
    expect(await ledgerOf(referrer.userId)).toEqual([]);
    expect((await billingHistory(buyer))[0]).toMatchObject({ status: 'rejected', startDate: null, endDate: null });
    expect((await listAll()).body.summary).toEqual({ ...before, total: before.total + 1 });
    expect((await listPending(`?search=${txid}`)).body.pendingPayments).toEqual([]);
    expect((await auditEntriesFor(payment._id)).map((e) => e.action)).toEqual(['payment.reject']);

    const resubmitted = await submit(buyer, 'basic', { txid: txid.toUpperCase() });
    expect(resubmitted.res.status).toBe(409);

    const again = await reject(payment._id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This payment was already rejected.');
    const late = await approve(payment._id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: 'This payment was already rejected by another admin.' });
    expect((await billingHistory(buyer))[0]?.status).toBe('rejected');
  });

  it('ten concurrent approvals: exactly one transition and one referral credit', async () => {
    const referrer = await newCustomer('referrer-race');
    const buyer = await newCustomer('racer');
    const { res, txid } = await submit(buyer, 'basic', { referralCode: referrer.referralCode });
    expect(res.status).toBe(201);
    const payment = await paymentByTxid(txid);
    const before = (await listAll()).body.summary;

    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(payment._id)));
    const transitions = answers.filter((a) => a.status === 200 && a.body.message.includes('successfully approved'));
    expect(transitions).toHaveLength(1);
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200 && !answer.body.message.includes('successfully')) {
        expect(answer.body.message).toBe('This payment was already approved.');
      }
    }
    expect(await sessionOf(referrer)).toMatchObject({ referralEarnings: 2, referralCount: 1 });
    expect(await ledgerOf(referrer.userId)).toHaveLength(1);
    expect((await listAll()).body.summary).toEqual({
      ...before,
      pending: before.pending - 1,
      completed: before.completed + 1,
    });
    expect(await auditEntriesFor(payment._id)).toHaveLength(1);
    expect((await billingHistory(buyer)).filter((s) => s.status === 'active')).toHaveLength(1);
    expect((await mailsTo(buyer.email)).filter((m) => /verified/i.test(m.subject))).toHaveLength(1);
  });

  it('approve and reject racing: one decision wins, the other is told', async () => {
    const buyer = await newCustomer('contested');
    const { txid } = await submit(buyer, 'pro');
    const payment = await paymentByTxid(txid);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => approve(payment._id)),
      ...Array.from({ length: 5 }, () => reject(payment._id)),
    ]);
    const winners = answers.filter(
      (a) => a.status === 200 && /successfully approved|has been rejected/.test(a.body.message),
    );
    expect(winners).toHaveLength(1);
    const final = (await paymentByTxid(txid)).status;
    expect(['completed', 'rejected']).toContain(final);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await auditEntriesFor(payment._id)).toHaveLength(1);
  });

  it('pages with a cursor, searches further back with it, refuses forged cursors and unknown ids', async () => {
    const buyer = await newCustomer('pager');
    for (let i = 0; i < 3; i += 1) expect((await submit(buyer, 'pro')).res.status).toBe(201);
    const first = await listPending(`?limit=2&search=${buyer.username}`);
    expect(first.body.pendingPayments).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await listPending(
      `?limit=2&search=${buyer.username}&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(second.body.pendingPayments).toHaveLength(1);
    const ids = [...(first.body.pendingPayments ?? []), ...(second.body.pendingPayments ?? [])].map((p) => p._id);
    expect(new Set(ids).size).toBe(3);
    const created = [...(first.body.pendingPayments ?? []), ...(second.body.pendingPayments ?? [])].map(
      (p) => p.createdAt,
    );
    expect(created).toEqual([...created].sort().reverse());

    const unfiltered = await listAll('?limit=1');
    expect(unfiltered.body.payments).toHaveLength(1);
    const forged = Buffer.from(JSON.stringify({ PK: 'x', SK: 'x', GSI1PK: 'USERS', GSI1SK: 'x' })).toString(
      'base64url',
    );
    expect((await listAll(`?cursor=${forged}`)).status).toBe(400);
    expect((await listAll('?limit=500')).status).toBe(400);
    expect((await approve('01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ')).status).toBe(404);
    expect((await reject('01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ')).status).toBe(404);
  });

  it('refuses customers on every admin payment and wallet route', async () => {
    const token = await idTokenFor('user');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/payment/pending-usdt-payments'],
      ['GET', '/api/payment/all-payments'],
      ['POST', '/api/payment/approve-usdt-payment/01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ', {}],
      ['POST', '/api/payment/reject-usdt-payment/01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ', {}],
      ['GET', '/api/payment/wallets'],
      [
        'POST',
        '/api/payment/wallet',
        { address: 'CUSTOMER-WALLET', network: 'TRC20', currency: 'USDT', isActive: true },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});
