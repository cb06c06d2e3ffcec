import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  paymentChainCheckResponseSchema,
  scheduledJobEvent,
  type ChainCheck,
  type Payment,
  type Subscription,
  type Wallet,
} from '@goldbot/shared';
import { LOCAL_DEV_WALLET_ADDRESS } from '../../../scripts/local/stack.js';
import { api, newCustomer, stack, type TestCustomer, withOrder } from './http-client.js';
import { admin, auditEntriesFor, db, PACKAGE_NAME, type PaidSlug, priceOf, setAutoApprove, table } from './fixtures.js';
import { loadJobHandler, type JobHandler } from './job-handlers.js';
import { mailsTo } from './mailbox.js';
import { sleep } from '../../src/lib/retry.js';

/**
 * The on-chain TXID pre-check over real HTTP: customers submit USDT payments through
 * the customer route with TXIDs the local TRON double knows (each a fresh alias of a fixture in
 * scripts/local/tron-fixtures, since a TXID pays only once), and the verdict appears on the
 * admin's payment: Match, each kind of Mismatch, Invalid, Pending then Not found, Error on a
 * timeout and on 429s. The admin's on-demand check, automatic approval on and off, and
 * job-chain-recheck (run in this process, as the local scheduler runs it) asking again only while
 * the chain has not answered and the payment is younger than 24 hours.
 */

/** A fixture whose USDT amount covers `price` exactly or more (the seeded prices are 60, 250, 1000). */
const matchFixtureFor = (price: number) =>
  price <= 60 ? 'usdt-60-basic' : price <= 250 ? 'usdt-250-pro' : 'usdt-1000-ultimate';

/** A fresh TXID the double answers like `fixture` (its transfer carrying `amount` when given). */
async function aliasOf(fixture: string, txid = randomBytes(32).toString('hex'), amount?: number): Promise<string> {
  const res = await fetch(`${stack().urls.tron}/__double/alias`, {
    method: 'POST',
    body: JSON.stringify({ txid, fixture, ...(amount === undefined ? {} : { amount: String(amount) }) }),
  });
  expect(res.status).toBe(201);
  return txid;
}

const lookupsOf = async (txid: string) =>
  ((await (await fetch(`${stack().urls.tron}/__double/calls?txid=${txid}`)).json()) as { calls: number }).calls;

interface SubmitAnswer {
  message: string;
  pendingSubscription: Subscription;
  txidWarning?: string;
}

/**
 * Submits `txid` for the buyer's open order of `slug`. With `pays`, the TXID is first made a
 * transfer like that fixture of exactly the order's amount, as the customer's wallet would send it;
 * with `payer`, a transfer of that amount from that address (POST /__double/transfer).
 */
async function submit(
  buyer: TestCustomer,
  slug: PaidSlug,
  txid: string,
  options: { pays?: string; payer?: string } = {},
) {
  const amount = await priceOf(slug);
  const body = await withOrder(buyer.token, { packageName: PACKAGE_NAME[slug], txid, amount, referralCode: null });
  if (options.pays) await aliasOf(options.pays, txid, body.amount);
  if (options.payer) {
    const sent = await fetch(`${stack().urls.tron}/__double/transfer`, {
      method: 'POST',
      body: JSON.stringify({ to: LOCAL_DEV_WALLET_ADDRESS, amount: body.amount, from: options.payer, txid }),
    });
    expect(sent.status).toBe(201);
  }
  const res = await api<SubmitAnswer>('/api/payment/submit-usdt-payment', {
    method: 'POST',
    token: buyer.token,
    body,
  });
  expect(res.status).toBe(201);
  return { ...res, order: body };
}

async function paymentByTxid(txid: string): Promise<Payment> {
  const res = await api<{ payments: Payment[] }>(`/api/payment/all-payments?search=${txid}`, { token: await admin() });
  const payment = res.body.payments[0];
  if (!payment) throw new Error(`no payment with TXID ${txid}`);
  return payment;
}

/** Polls the admin's list until the payment's verdict satisfies `done` (the check runs after the answer). */
async function verdictOf(
  txid: string,
  done: (check: ChainCheck, payment: Payment) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<Payment & { chainCheck: ChainCheck }> {
  const deadline = Date.now() + timeoutMs;
  let last: Payment | undefined;
  while (Date.now() < deadline) {
    last = await paymentByTxid(txid);
    const check = last.chainCheck;
    if (check && done(check, last)) return { ...last, chainCheck: check };
    await sleep(200);
  }
  throw new Error(`no verdict for ${txid} in time: ${JSON.stringify(last?.chainCheck)}`);
}

const checkNow = async (paymentId: string) =>
  api(`/api/payment/chain-check/${paymentId}`, { method: 'POST', token: await admin() });

/** Moves a payment's submission back in time (createdAt and its per-status index key), as if it were older. */
async function submittedAgo(payment: Payment, ms: number): Promise<void> {
  const createdAt = new Date(Date.now() - ms).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `PAYMENT#${payment._id}`, SK: `PAYMENT#${payment._id}` },
      UpdateExpression: 'SET createdAt = :c, GSI2SK = :g2',
      ExpressionAttributeValues: { ':c': createdAt, ':g2': `${createdAt}#${payment._id}` },
    }),
  );
}

/** The payment's last look-up as if it happened `ms` ago (the job backs off from it). */
async function lastCheckedAgo(paymentId: string, ms: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `PAYMENT#${paymentId}`, SK: `PAYMENT#${paymentId}` },
      UpdateExpression: 'SET chainCheck.checkedAt = :at',
      ExpressionAttributeValues: { ':at': new Date(Date.now() - ms).toISOString() },
    }),
  );
}

async function storedCheck(paymentId: string): Promise<ChainCheck | undefined> {
  const result = await db().send(
    new GetCommand({
      TableName: table(),
      Key: { PK: `PAYMENT#${paymentId}`, SK: `PAYMENT#${paymentId}` },
      ConsistentRead: true,
    }),
  );
  return result.Item?.chainCheck as ChainCheck | undefined;
}

let buyer: TestCustomer;

beforeAll(async () => {
  // The fixtures pay the local wallet: make sure it is the active USDT wallet (the bootstrap seeds it so).
  const wallets = (await api<{ wallets: Wallet[] }>('/api/payment/wallets', { token: await admin() })).body.wallets;
  const local = wallets.find((w) => w.address === LOCAL_DEV_WALLET_ADDRESS);
  if (!local) throw new Error('the bootstrap did not seed the local wallet');
  if (!local.isActive) {
    const res = await api('/api/payment/wallet', {
      method: 'POST',
      token: await admin(),
      body: { _id: local._id, address: local.address, network: local.network, currency: 'USDT', isActive: true },
    });
    expect(res.status).toBe(200);
  }
  buyer = await newCustomer('chain');
});

describe('the verdict after submission, through the local TRON double', () => {
  it('match: the admin sees it on the payment, the payment stays pending, the customer sees nothing of it', async () => {
    const price = await priceOf('basic');
    const txid = randomBytes(32).toString('hex');
    const res = await submit(buyer, 'basic', txid, { pays: matchFixtureFor(price) });
    expect(res.body.message).toBe(
      'Payment submitted successfully! Your Basic Package will be activated within 2 hours.',
    );
    expect(res.body.txidWarning).toBeUndefined();

    const payment = await verdictOf(txid);
    expect(payment.status).toBe('pending');
    expect(payment.walletAddress).toBe(LOCAL_DEV_WALLET_ADDRESS);
    expect(payment.chainCheck).toMatchObject({
      status: 'match',
      from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
      to: LOCAL_DEV_WALLET_ADDRESS,
      blockNumber: 86738346,
      reasons: [],
    });
    expect(Number(payment.chainCheck.amount)).toBeGreaterThanOrEqual(price);
    expect(Date.parse(payment.chainCheck.confirmedAt ?? '')).toBeLessThan(Date.parse(payment.createdAt));
    expect(await lookupsOf(txid)).toBeGreaterThanOrEqual(1);

    // The customer's own views carry no verdict, and the pending list the admin works from does.
    const subs = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: buyer.token });
    expect(JSON.stringify(subs.body)).not.toContain('chainCheck');
    expect(JSON.stringify(subs.body)).not.toContain(txid);
    const pending = await api<{ pendingPayments: Payment[] }>(`/api/payment/pending-usdt-payments?search=${txid}`, {
      token: await admin(),
    });
    expect(pending.body.pendingPayments[0]?.chainCheck?.status).toBe('match');
    expect((await api(`/api/payment/chain-check/${payment._id}`, { method: 'POST', token: buyer.token })).status).toBe(
      403,
    );
  });

  it('mismatch, for each reason the chain gives', async () => {
    const cases: [fixture: string, slug: PaidSlug, reason: RegExp][] = [
      [
        'usdt-3.5-to-another-address',
        'basic',
        /^USDT sent to TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn, not to the payment wallet /,
      ],
      ['usdt-failed-out-of-energy', 'basic', /^the transaction failed on chain \(OUT_OF_ENERGY: Not enough energy/],
      ['trx-transfer', 'basic', /^no USDT \(TRC20\) transfer in this transaction$/],
      ['other-token', 'basic', /^no USDT \(TRC20\) transfer in this transaction$/],
      ['usdt-20-short', 'basic', /^20 USDT received, not this order's exact amount of \d+(\.\d+)? USDT$/],
      ['usdt-79-real', 'basic', /^transferred at 2026-10-01T20:47:24.000Z, outside this payment order's time/],
    ];
    const submitted = await Promise.all(
      cases.map(async ([fixture, slug, reason]) => {
        const customer = await newCustomer('chain-mismatch');
        const txid = await aliasOf(fixture);
        await submit(customer, slug, txid);
        return { fixture, txid, reason };
      }),
    );
    for (const { fixture, txid, reason } of submitted) {
      const payment = await verdictOf(txid);
      expect(payment.chainCheck.status, fixture).toBe('mismatch');
      expect(
        payment.chainCheck.reasons.some((r) => reason.test(r)),
        `${fixture}: ${payment.chainCheck.reasons.join(' / ')}`,
      ).toBe(true);
      expect(payment.status).toBe('pending');
    }
  });

  it('invalid: told at submission, saved all the same, never sent to TRON', async () => {
    const customer = await newCustomer('chain-invalid');
    const txid = `NOTATRONTXID${randomBytes(6).toString('hex')}`;
    const res = await submit(customer, 'basic', txid);
    expect(res.body.message).toBe(
      'Payment submitted successfully! Your Basic Package will be activated within 2 hours.',
    );
    expect(res.body.txidWarning).toBe(PAYMENT_MESSAGES.txidNotTron);
    const payment = await verdictOf(txid);
    expect(payment.chainCheck).toMatchObject({ status: 'invalid', reasons: ['not a TRON transaction id'] });
    expect(await lookupsOf(txid.toLowerCase())).toBe(0);
  });

  it('pending right after submission; the admin’s check later says not found', async () => {
    const customer = await newCustomer('chain-unknown');
    const txid = randomBytes(32).toString('hex');
    await submit(customer, 'basic', txid);
    const payment = await verdictOf(txid);
    expect(payment.chainCheck).toMatchObject({
      status: 'pending',
      reasons: ['not confirmed yet'],
      confirmedAt: null,
      amount: null,
    });

    await submittedAgo(payment, 30 * 60_000);
    const res = await checkNow(payment._id);
    expect(res.status).toBe(200);
    const body = paymentChainCheckResponseSchema.parse(res.body);
    expect(body.payment._id).toBe(payment._id);
    expect(body.payment.chainCheck).toMatchObject({ status: 'not-found' });
    expect(body.payment.chainCheck?.reasons[0]).toMatch(/^not found on the TRON network 30 minutes after submission$/);
  });
});

describe('payments only their payer can claim', () => {
  it("a transfer of another customer's order goes to that order: the claimant's verdict says so, never approved; the payer is flagged", async () => {
    const victim = await newCustomer('chain-victim');
    const victimOrder = await withOrder(victim.token, { packageName: PACKAGE_NAME.pro, amount: await priceOf('pro') });
    expect(victimOrder.amount).toBeGreaterThan(await priceOf('pro'));
    expect(victimOrder.amount).toBeLessThan((await priceOf('pro')) + 1);
    // The victim pays the exact amount; a watcher of the wallet claims that transfer for its own order.
    const victimTxid = await aliasOf('usdt-250-pro', randomBytes(32).toString('hex'), victimOrder.amount);
    await setAutoApprove(true);
    try {
      const attacker = await newCustomer('chain-attacker');
      const claim = await submit(attacker, 'pro', victimTxid);
      const claimId = claim.body.pendingSubscription.paymentId ?? '';
      const deadline = Date.now() + 20_000;
      let check = await storedCheck(claimId);
      while (check?.status !== 'mismatch' && Date.now() < deadline) {
        await sleep(200);
        check = await storedCheck(claimId);
      }
      expect(check?.reasons[0]).toBe(
        `${victimOrder.amount} USDT is the exact amount of another order, and the chain bound this transfer to that order`,
      );
      // The chain bound it to the victim's order: the TXID now names the victim's payment.
      const bound = await verdictOf(victimTxid);
      expect(bound.userId._id).toBe(victim.userId);
      expect(bound.chainCheck.status).toBe('match');
      // The sender's address is recorded with the binding; the same address paying another
      // customer's order is flagged, and the automatic approval waits for a person.
      expect(bound.chainCheck.from).toBe('TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL');
      const later = await newCustomer('chain-same-payer');
      const laterTxid = randomBytes(32).toString('hex');
      await submit(later, 'basic', laterTxid, { pays: 'usdt-60-basic' });
      const flagged = await verdictOf(laterTxid, (c) => c.status === 'match');
      expect(flagged.chainCheck.payerPaidOthers).toBe(true);
      expect(flagged.status).toBe('pending');
      expect(flagged.binding?.autoApprovalWithheld).toContain("the sender's address paid other customers' orders");
    } finally {
      await setAutoApprove(false);
    }
  });
});

describe('the admin’s check on demand', () => {
  it('asks again and answers the payment with the new verdict; an unknown payment is 404', async () => {
    const customer = await newCustomer('chain-demand');
    const txid = randomBytes(32).toString('hex');
    await submit(customer, 'basic', txid, { pays: matchFixtureFor(await priceOf('basic')) });
    const first = await verdictOf(txid);
    const before = await lookupsOf(txid);

    const res = await checkNow(first._id);
    expect(res.status).toBe(200);
    const { payment } = paymentChainCheckResponseSchema.parse(res.body);
    expect(payment.chainCheck?.status).toBe('match');
    expect(Date.parse(payment.chainCheck?.checkedAt ?? '')).toBeGreaterThan(Date.parse(first.chainCheck.checkedAt));
    expect(await lookupsOf(txid)).toBe(before + 1);
    expect((await storedCheck(first._id))?.checkedAt).toBe(payment.chainCheck?.checkedAt);

    const unknown = await checkNow('01KDX3N8W6Q5ZJ4R2T7B9MATRX');
    expect(unknown.status).toBe(404);
  });
});

describe('automatic approval of a match', () => {
  it('off (the default): a match waits for the admin; on: the system approves it, audited, and mails the customer', async () => {
    const settings = await api<{ settings: { autoApproveOnMatch: boolean } }>('/api/settings/subscription-settings', {
      token: await admin(),
    });
    expect(settings.body.settings.autoApproveOnMatch).toBe(false);

    const off = await newCustomer('chain-auto-off');
    const offTxid = randomBytes(32).toString('hex');
    await submit(off, 'basic', offTxid, { pays: matchFixtureFor(await priceOf('basic')) });
    expect((await verdictOf(offTxid)).status).toBe('pending');

    await setAutoApprove(true);
    try {
      const on = await newCustomer('chain-auto-on');
      const txid = randomBytes(32).toString('hex');
      // From an address that paid no other customer (the fixtures' sender has, by now).
      await submit(on, 'pro', txid, { payer: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
      const approved = await verdictOf(txid, (_check, payment) => payment.status === 'completed');
      expect(approved.chainCheck.status).toBe('match');

      const subs = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: on.token });
      expect(subs.body.subscriptions[0]).toMatchObject({ packageName: 'Pro Package', status: 'active' });
      const audit = await auditEntriesFor(approved._id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor: 'system',
        action: 'payment.auto-approve',
        details: {
          from: 'pending',
          to: 'completed',
          chainCheck: { status: 'match', to: LOCAL_DEV_WALLET_ADDRESS },
          binding: { source: 'txid-check', txid },
        },
      });
      const deadline = Date.now() + 10_000;
      while ((await mailsTo(on.email)).length < 2 && Date.now() < deadline) await sleep(200);
      expect((await mailsTo(on.email)).map((m) => m.subject)).toHaveLength(2);

      // A mismatch is never approved, even with the setting on.
      const short = await newCustomer('chain-auto-short');
      const shortTxid = await aliasOf('usdt-20-short');
      await submit(short, 'basic', shortTxid);
      expect(await verdictOf(shortTxid)).toMatchObject({ status: 'pending', chainCheck: { status: 'mismatch' } });
    } finally {
      await setAutoApprove(false);
    }
    // The payment that matched while the setting was off is still the admin's to decide.
    expect((await paymentByTxid(offTxid)).status).toBe('pending');
  });
});

describe('job-chain-recheck', () => {
  let handler: JobHandler<Record<string, unknown>>;

  beforeAll(async () => {
    handler = await loadJobHandler('job-chain-recheck');
  });

  const runJob = () => handler(scheduledJobEvent('job-chain-recheck', new Date()));

  it('asks again while the chain has not answered, and stops once it has', async () => {
    const customer = await newCustomer('chain-recheck');
    const txid = randomBytes(32).toString('hex');
    const { order } = await submit(customer, 'basic', txid);
    const pending = await verdictOf(txid);
    expect(pending.chainCheck.status).toBe('pending');

    // Right after its look-up, the job leaves it alone (back-off: the next one is 5 minutes on).
    const early = await runJob();
    expect(early).toMatchObject({ complete: true, failed: 0 });
    expect((await storedCheck(pending._id))?.checkedAt).toBe(pending.chainCheck.checkedAt);

    // Submitted and looked up 10 minutes ago: due again.
    await submittedAgo(pending, 10 * 60_000);
    await lastCheckedAgo(pending._id, 10 * 60_000);
    const first = await runJob();
    expect(first).toMatchObject({ complete: true, failed: 0 });
    const again = await storedCheck(pending._id);
    // Ten minutes on, still unknown to the chain: 'not-found', which is asked about again.
    expect(again?.status).toBe('not-found');
    expect(Date.parse(again?.checkedAt ?? '')).toBeGreaterThan(Date.parse(pending.chainCheck.checkedAt));
    await lastCheckedAgo(pending._id, 11 * 60_000);

    // The transfer is now solidified: the next run finds the match.
    await aliasOf(matchFixtureFor(await priceOf('basic')), txid, order.amount);
    const second = await runJob();
    expect(Number(second.match ?? 0)).toBeGreaterThanOrEqual(1);
    const matched = await storedCheck(pending._id);
    expect(matched?.status).toBe('match');

    // A final verdict is not asked about again.
    const lookups = await lookupsOf(txid);
    await runJob();
    expect(await lookupsOf(txid)).toBe(lookups);
    expect((await storedCheck(pending._id))?.checkedAt).toBe(matched?.checkedAt);
  });

  it('leaves a payment older than 24 hours alone', async () => {
    const customer = await newCustomer('chain-recheck-old');
    const txid = randomBytes(32).toString('hex');
    await submit(customer, 'basic', txid);
    const payment = await verdictOf(txid);
    await submittedAgo(payment, 24 * 3_600_000 + 60_000);
    const lookups = await lookupsOf(txid);
    await runJob();
    expect(await lookupsOf(txid)).toBe(lookups);
    expect((await storedCheck(payment._id))?.checkedAt).toBe(payment.chainCheck.checkedAt);
  });

  it('checks one payment at once when invoked with its id (the submission’s asynchronous invoke in AWS)', async () => {
    const customer = await newCustomer('chain-invoke');
    const txid = randomBytes(32).toString('hex');
    await submit(customer, 'basic', txid);
    const payment = await verdictOf(txid);
    await aliasOf('usdt-failed-out-of-energy', txid);
    const result = await handler({ source: 'goldbot.payment-submitted', paymentId: payment._id });
    expect(result).toEqual({ paymentId: payment._id, status: 'mismatch', autoApproved: false });
    expect((await storedCheck(payment._id))?.status).toBe('mismatch');
  });
});

describe('a slow or rate-limited TRON API', () => {
  it('a timeout is an Error verdict, and the admin’s check answers within its budget', async () => {
    const customer = await newCustomer('chain-slow');
    const txid = await aliasOf('slow');
    const started = Date.now();
    const res = await submit(customer, 'basic', txid);
    // The submission does not wait for TRON.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(res.body.pendingSubscription.status).toBe('pending');

    const payment = await verdictOf(txid, (check) => check.status === 'error', 30_000);
    expect(payment.chainCheck.reasons).toEqual(['The TRON API did not answer within 5 s (3 attempts).']);
    expect(payment.status).toBe('pending');

    const asked = Date.now();
    const again = await checkNow(payment._id);
    expect(again.status).toBe(200);
    expect(Date.now() - asked).toBeLessThan(10_000);
    const { payment: answered } = paymentChainCheckResponseSchema.parse(again.body);
    expect(answered.chainCheck?.status).toBe('error');
    expect(answered.chainCheck?.reasons[0]).toMatch(/^The TRON API did not answer within [\d.]+ m?s/);
  }, 60_000);

  it('a 429 once is retried to a Match; 429s throughout are an Error verdict', async () => {
    const once = await newCustomer('chain-429-once');
    const onceTxid = randomBytes(32).toString('hex');
    await submit(once, 'basic', onceTxid, { pays: 'rate-limited-once' });
    const matched = await verdictOf(onceTxid);
    // Only a second look-up can get past the double's first 429: the adapter retried.
    expect(matched.chainCheck.status).toBe('match');
    expect(await lookupsOf(onceTxid)).toBeGreaterThanOrEqual(2);

    const always = await newCustomer('chain-429');
    const txid = await aliasOf('rate-limited');
    await submit(always, 'basic', txid);
    const payment = await verdictOf(txid, (check) => check.status === 'error', 20_000);
    expect(payment.chainCheck.reasons).toEqual(['The TRON API is rate-limiting requests (HTTP 429) (3 attempts).']);
    // Bounded: three attempts per look-up (the local scheduler's recheck may have made another look-up).
    expect((await lookupsOf(txid)) % 3).toBe(0);
  }, 45_000);
});
