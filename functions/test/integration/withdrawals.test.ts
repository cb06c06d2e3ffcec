import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  WITHDRAWAL_MESSAGES,
  adminWithdrawalsResponseSchema,
  userWithdrawalsResponseSchema,
  withdrawalRequestResponseSchema,
  type Withdrawal,
} from '@goldbot/shared';
import { api, idTokenFor, newCustomer, stack, type TestCustomer } from './http-client.js';
import {
  admin,
  allPages,
  decideWithdrawal,
  requestWithdrawal,
  auditEntriesFor,
  balancesOf as profileBalancesOf,
  db,
  earnReferralCredits,
  expectReconciled as expectLedgerReconciled,
  getItem,
  ledgerOf,
  priceOf,
  sessionOf,
  table,
  withdrawalCounts,
  type WithdrawalRequestAnswer,
  type Balances as ProfileBalances,
} from './fixtures.js';
import { mailsTo } from './mailbox.js';

/**
 * Referral withdrawals over real HTTP (docs/data-model.md, the withdrawal transactions and the ledger). Customers earn real
 * credits the way the product pays them: friends buy Basic with their code and the admin approves
 * those payments through the commerce routes. Then every request rule, the hold (available →
 * held), the release on rejection and the settlement on approval with the balances after each
 * step, ten requests at once, five approvals at once, the note in the mail, the admin's tabs,
 * search and counts, and the reconciliation read back from DynamoDB Local for every user:
 * lifetime credited = available + held + paid out, and equal to the ledger.
 */
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const OTHER_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
/** ADDRESS with its last character mistyped: the right shape, a checksum that no longer matches. */
const MISTYPED_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9';
const BUYERS = 10;

type Customer = TestCustomer;

// ---------------------------------------------------------------------------------------------
// Earning through the commerce routes

let buyers: Customer[] = [];

/** `referrer` earns $2 per friend: `count` buyers (the suite's friends in turn) each buy Basic with the code, and the admin approves. */
const earn = (referrer: Customer, count: number) =>
  earnReferralCredits(
    referrer,
    Array.from({ length: count }, (_, i) => buyers[i % buyers.length] as Customer),
  );

// ---------------------------------------------------------------------------------------------
// Reading the truth

/** The four balances a withdrawal moves (fixtures.ts reads the referral count too). */
type Balances = Omit<ProfileBalances, 'count'>;
const withdrawalBalances = ({ available, held, lifetime, paidOut }: ProfileBalances): Balances => ({
  available,
  held,
  lifetime,
  paidOut,
});

/** The four balances straight from DynamoDB Local. */
const balancesOf = async (customer: Customer | string) =>
  withdrawalBalances(await profileBalancesOf(typeof customer === 'string' ? customer : customer.userId));

/** The ledger reconciliation for one user (fixtures.ts expectReconciled): its four withdrawal balances. */
const expectReconciled = async (userId: string) => withdrawalBalances(await expectLedgerReconciled(userId));

const markerOf = (userId: string) => getItem(`USER#${userId}`, 'MARKER#PENDING_WITHDRAWAL');

// ---------------------------------------------------------------------------------------------
// The routes

/** Makes the local TRON double answer `txid` as a real USDT transfer of `usdt` to `to` (a payout). */
async function payoutOnChain(to: string, usdt: string, txid = randomBytes(32).toString('hex')): Promise<string> {
  const res = await fetch(`${stack().urls.tron}/__double/alias`, {
    method: 'POST',
    body: JSON.stringify({ txid, fixture: 'usdt-79-recent', amount: usdt, to }),
  });
  expect(res.status).toBe(201);
  return txid;
}

const adminList = async (query = '') =>
  api<{ withdrawals: Withdrawal[]; nextCursor: string | null; counts: Record<string, number> }>(
    `/api/withdrawal/all${query}`,
    { token: await admin() },
  );

beforeAll(async () => {
  const wallet = await api('/api/payment/wallet-details', { token: await idTokenFor('user') });
  if (wallet.status !== 200) throw new Error('the withdrawal suite earns through purchases: no active USDT wallet');
  // A referred Basic purchase pays the price less the $10 discount.
  expect(await priceOf('basic')).toBeGreaterThanOrEqual(10);
  buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => newCustomer(`friend${i}`)));
}, 120_000);

describe('earning referral credits', () => {
  it('ten friends buying Basic with the code, approved by the admin, credit $20 (lifetime and available)', async () => {
    const referrer = await newCustomer('earner');
    await earn(referrer, 10);
    expect(await sessionOf(referrer)).toMatchObject({ referralEarnings: 20, referralCount: 10 });
    expect(await balancesOf(referrer)).toEqual({ available: 20, held: 0, lifetime: 20, paidOut: 0 });
    const ledger = await ledgerOf(referrer.userId);
    expect(ledger.map((e) => [e.type, e.amount])).toEqual(Array.from({ length: 10 }, () => ['credit', 2]));
    await expectReconciled(referrer.userId);
  }, 60_000);
});

describe('withdrawal requests', () => {
  it('refuses every malformed request with the spec message, and refuses customers without $20', async () => {
    const poor = await newCustomer('poor');
    await earn(poor, 9); // $18
    const cases: [unknown, string, string][] = [
      [{ amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressRequired],
      [{ trc20Address: '   ', amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressRequired],
      [{ trc20Address: ADDRESS.slice(0, 33), amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressInvalid],
      [{ trc20Address: `A${ADDRESS.slice(1)}`, amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressInvalid],
      [{ trc20Address: `${ADDRESS.slice(0, 33)}O`, amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressInvalid],
      // The right shape, one character mistyped: the server checks the Base58Check checksum.
      [{ trc20Address: MISTYPED_ADDRESS, amount: 20 }, 'trc20Address', WITHDRAWAL_MESSAGES.addressInvalid],
      [{ trc20Address: ADDRESS }, 'amount', WITHDRAWAL_MESSAGES.amountRequired],
      [{ trc20Address: ADDRESS, amount: 20.5 }, 'amount', WITHDRAWAL_MESSAGES.amountWhole],
      [{ trc20Address: ADDRESS, amount: 19 }, 'amount', 'Minimum withdrawal amount is $20'],
      [{ trc20Address: ADDRESS, amount: -20 }, 'amount', 'Minimum withdrawal amount is $20'],
    ];
    for (const [body, field, message] of cases) {
      const res = await requestWithdrawal(poor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ errors: { [field]: message } });
    }
    const insufficient = await requestWithdrawal(poor, { trc20Address: ADDRESS, amount: 20 });
    expect(insufficient.status).toBe(400);
    expect(insufficient.body).toMatchObject({
      message: 'Minimum withdrawal amount is $20. Your current earnings are insufficient.',
    });
    expect(await balancesOf(poor)).toEqual({ available: 18, held: 0, lifetime: 18, paidOut: 0 });
    expect(await markerOf(poor.userId)).toBeUndefined();
    const noEarnings = await requestWithdrawal(await newCustomer('nothing'), { trc20Address: ADDRESS, amount: 20 });
    expect(noEarnings.status).toBe(400);
    expect(noEarnings.body).toMatchObject({ message: WITHDRAWAL_MESSAGES.insufficient });
    await expectReconciled(poor.userId);
  }, 60_000);

  it('holds, releases on rejection and settles on approval, with the balance after each step and the mails', async () => {
    const customer = await newCustomer('saver');
    await earn(customer, 11); // $22
    const countsBefore = await withdrawalCounts();

    // More than available: refused, nothing held.
    const tooMuch = await requestWithdrawal(customer, { trc20Address: ADDRESS, amount: 23 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ message: 'Amount exceeds your available earnings' });

    // Hold: available 22 → 2, held 20, at once and in the answer.
    const first = await requestWithdrawal(customer, { trc20Address: ` ${ADDRESS} `, amount: 20 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(withdrawalRequestResponseSchema.parse(first.body)).toMatchObject({
      message: 'Withdrawal request submitted successfully! We will review it within 24 hours.',
      withdrawal: {
        userId: { _id: customer.userId, username: customer.username, email: customer.email, referralEarnings: 2 },
        amount: 20,
        trc20Address: ADDRESS,
        status: 'pending',
        approvedDate: null,
        rejectedDate: null,
        adminNote: null,
      },
      referralEarnings: 2,
      referralHeld: 20,
    });
    expect(await balancesOf(customer)).toEqual({ available: 2, held: 20, lifetime: 22, paidOut: 0 });
    expect((await sessionOf(customer)).referralEarnings).toBe(2);
    expect(await markerOf(customer.userId)).toMatchObject({ withdrawalId: first.body.withdrawal._id });
    expect(await withdrawalCounts()).toMatchObject({
      total: countsBefore.total + 1,
      pending: countsBefore.pending + 1,
      pendingAmount: countsBefore.pendingAmount + 20,
    });

    // One pending at a time.
    const second = await requestWithdrawal(customer, { trc20Address: ADDRESS, amount: 20 });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: WITHDRAWAL_MESSAGES.pendingExists });

    // Release: the admin rejects with a note; the $20 is available again.
    const rejected = await decideWithdrawal('reject', first.body.withdrawal._id, {
      adminNote: 'Wrong <network> & address',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      message: 'Withdrawal rejected successfully!',
      withdrawal: {
        status: 'rejected',
        rejectedDate: expect.any(String),
        approvedDate: null,
        adminNote: 'Wrong <network> & address',
        userId: { referralEarnings: 22 },
      },
    });
    expect(await balancesOf(customer)).toEqual({ available: 22, held: 0, lifetime: 22, paidOut: 0 });
    expect(await markerOf(customer.userId)).toBeUndefined();
    const rejectionMail = (await mailsTo(customer.email)).find((m) => /not approved/.test(m.subject));
    expect(rejectionMail?.subject).toBe('GoldBot: your withdrawal request of $20 was not approved');
    expect(rejectionMail?.body.html).toContain('Wrong &lt;network&gt; &amp; address');
    expect(rejectionMail?.body.text).toContain('Wrong <network> & address');

    // Hold again, the whole balance this time (the spec's "reset to $0").
    const third = await requestWithdrawal(customer, { trc20Address: OTHER_ADDRESS, amount: 22 });
    expect(third.status).toBe(201);
    expect(await balancesOf(customer)).toEqual({ available: 0, held: 22, lifetime: 22, paidOut: 0 });

    // Settle: the admin sends 22 USDT, then approves with the transfer's TXID (as pasted: 0x, upper
    // case) and a note; paid out 22, nothing held, nothing available; the payout checks out on chain.
    const payoutTxid = await payoutOnChain(OTHER_ADDRESS, '22');
    const approved = await decideWithdrawal('approve', third.body.withdrawal._id, {
      adminNote: 'Sent from wallet #2',
      payoutTxid: `0x${payoutTxid.toUpperCase()}`,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'Withdrawal approved successfully! User earnings have been reset to $0.',
      withdrawal: {
        status: 'approved',
        approvedDate: expect.any(String),
        adminNote: 'Sent from wallet #2',
        payoutTxid,
        payoutCheck: { status: 'match', to: OTHER_ADDRESS, amount: '22', reasons: [] },
      },
    });
    // The customer's Withdrawal Center shows the TXID, never the verdict; the admin's list both.
    const own = userWithdrawalsResponseSchema
      .parse((await api('/api/withdrawal/user', { token: customer.token })).body)
      .withdrawals.find((w) => w._id === third.body.withdrawal._id);
    expect(own).toMatchObject({ status: 'approved', payoutTxid });
    expect(own).not.toHaveProperty('payoutCheck');
    const listed = adminWithdrawalsResponseSchema
      .parse((await adminList(`?status=approved&search=${encodeURIComponent(customer.email)}`)).body)
      .withdrawals.find((w) => w._id === third.body.withdrawal._id);
    expect(listed).toMatchObject({ payoutTxid, payoutCheck: { status: 'match' } });
    expect(await balancesOf(customer)).toEqual({ available: 0, held: 0, lifetime: 22, paidOut: 22 });
    expect(await sessionOf(customer)).toMatchObject({ referralEarnings: 0 });
    const approvalMail = (await mailsTo(customer.email)).find(
      (m) => /approved/.test(m.subject) && !/not/.test(m.subject),
    );
    expect(approvalMail?.subject).toBe('GoldBot: your withdrawal of $22 is approved');
    for (const part of ['22 USDT', OTHER_ADDRESS, '24-48 hours', 'Sent from wallet #2', payoutTxid]) {
      expect(approvalMail?.body.text).toContain(part);
    }
    expect(approvalMail?.body.html).toContain(`href="https://tronscan.org/#/transaction/${payoutTxid}"`);

    // Decided is final: the other decision is refused, a repeat is harmless; nothing moves.
    expect((await decideWithdrawal('reject', third.body.withdrawal._id)).status).toBe(409);
    const repeat = await decideWithdrawal('approve', third.body.withdrawal._id);
    expect(repeat.status).toBe(200);
    expect(repeat.body.message).toBe('This withdrawal was already approved.');
    expect((await decideWithdrawal('approve', first.body.withdrawal._id)).status).toBe(409);
    expect(await balancesOf(customer)).toEqual({ available: 0, held: 0, lifetime: 22, paidOut: 22 });

    const ledger = await ledgerOf(customer.userId);
    expect(ledger.filter((e) => e.type !== 'credit').map((e) => [e.type, e.amount, e.sourceId])).toEqual([
      ['hold', 20, first.body.withdrawal._id],
      ['release', 20, first.body.withdrawal._id],
      ['hold', 22, third.body.withdrawal._id],
      ['settle', 22, third.body.withdrawal._id],
    ]);
    expect((await auditEntriesFor(first.body.withdrawal._id)).map((e) => e.action)).toEqual(['withdrawal.reject']);
    expect(await auditEntriesFor(third.body.withdrawal._id)).toEqual([
      expect.objectContaining({ action: 'withdrawal.approve', entity: 'AuditEntry', actor: expect.any(String) }),
    ]);
    expect(await withdrawalCounts()).toMatchObject({
      total: countsBefore.total + 2,
      pending: countsBefore.pending,
      approved: countsBefore.approved + 1,
      rejected: countsBefore.rejected + 1,
      pendingAmount: countsBefore.pendingAmount,
      approvedAmount: countsBefore.approvedAmount + 22,
    });
    await expectReconciled(customer.userId);

    // New credits after a full withdrawal are available again.
    await earn(customer, 1);
    expect(await balancesOf(customer)).toEqual({ available: 2, held: 0, lifetime: 24, paidOut: 22 });
  }, 90_000);

  it('ten requests at once create exactly one withdrawal and hold the money once', async () => {
    const racer = await newCustomer('racer');
    await earn(racer, 12); // $24
    const countsBefore = await withdrawalCounts();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => requestWithdrawal(racer, { trc20Address: ADDRESS, amount: 20 })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    // The pending marker's condition, or (after three retries of a TransactionConflict) "try again".
    for (const a of answers.filter((x) => x.status === 409)) {
      expect([
        WITHDRAWAL_MESSAGES.pendingExists,
        'Your balance was changing at the same moment. Please try again.',
      ]).toContain((a.body as unknown as { message: string }).message);
    }
    expect(await balancesOf(racer)).toEqual({ available: 4, held: 20, lifetime: 24, paidOut: 0 });
    expect((await ledgerOf(racer.userId)).filter((e) => e.type === 'hold')).toHaveLength(1);
    expect(await withdrawalCounts()).toMatchObject({
      total: countsBefore.total + 1,
      pending: countsBefore.pending + 1,
      pendingAmount: countsBefore.pendingAmount + 20,
    });
    const pending = await adminList(`?status=pending&search=${encodeURIComponent(racer.email)}`);
    expect(pending.body.withdrawals).toHaveLength(1);
    await expectReconciled(racer.userId);

    // Five approvals at once: one settles, the others are told it already is; one mail, one entry.
    const id = (answers.find((a) => a.status === 201)?.body as WithdrawalRequestAnswer).withdrawal._id;
    const decisions = await Promise.all(
      Array.from({ length: 5 }, () => decideWithdrawal('approve', id, { adminNote: 'Paid in one go' })),
    );
    // $20 of $24 paid out: the approval says so, with what remains.
    const partial = 'Withdrawal approved successfully! $20 paid out; $4 of earnings remain.';
    expect(partial).toBe(WITHDRAWAL_MESSAGES.approvedPartial(20, 4));
    const transitions = decisions.filter((d) => d.status === 200 && d.body.message === partial);
    expect(transitions).toHaveLength(1);
    for (const d of decisions) {
      expect([200, 409]).toContain(d.status);
      if (d.status === 200 && d.body.message !== partial) {
        expect(d.body.message).toBe('This withdrawal was already approved.');
      }
    }
    // A partial withdrawal leaves the rest available.
    expect(await balancesOf(racer)).toEqual({ available: 4, held: 0, lifetime: 24, paidOut: 20 });
    expect((await ledgerOf(racer.userId)).filter((e) => e.type === 'settle')).toHaveLength(1);
    expect(await auditEntriesFor(id)).toHaveLength(1);
    expect(await withdrawalCounts()).toMatchObject({
      pending: countsBefore.pending,
      approved: countsBefore.approved + 1,
      approvedAmount: countsBefore.approvedAmount + 20,
    });
    const mails = (await mailsTo(racer.email)).filter(
      (m) => m.subject === 'GoldBot: your withdrawal of $20 is approved',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toContain('Paid in one go');
    await expectReconciled(racer.userId);

    // The winner's payout TXID is the one stored and mailed; the double does not know it yet: pending.
    const stored = adminWithdrawalsResponseSchema
      .parse((await adminList(`?status=approved&search=${encodeURIComponent(racer.email)}`)).body)
      .withdrawals.find((w) => w._id === id);
    const payoutTxid = String(stored?.payoutTxid);
    expect(payoutTxid).toMatch(/^[0-9a-f]{64}$/);
    expect(mails[0]?.body.text).toContain(payoutTxid);
    expect(stored?.payoutCheck).toMatchObject({ status: 'pending' });
    // The chain then shows 19 USDT sent, not 20: 'Check on chain' flags the mismatch, the approval stands.
    await payoutOnChain(ADDRESS, '19', payoutTxid);
    const checked = await api<{ withdrawal: Withdrawal }>(`/api/withdrawal/payout-check/${id}`, {
      method: 'POST',
      token: await admin(),
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.withdrawal).toMatchObject({
      status: 'approved',
      payoutTxid,
      payoutCheck: {
        status: 'mismatch',
        amount: '19',
        reasons: ["19 USDT sent to the withdrawal's address, not the approved 20 USDT"],
      },
    });
    expect(await balancesOf(racer)).toEqual({ available: 4, held: 0, lifetime: 24, paidOut: 20 });
  }, 90_000);

  it('an approval needs the payout TXID: 64 hex characters, refused with the reason otherwise', async () => {
    const payee = await newCustomer('payee');
    await earn(payee, 10);
    const request = await requestWithdrawal(payee, { trc20Address: ADDRESS, amount: 20 });
    const id = request.body.withdrawal._id;
    for (const [payoutTxid, message] of [
      [undefined, WITHDRAWAL_MESSAGES.payoutTxidRequired],
      ['  ', WITHDRAWAL_MESSAGES.payoutTxidRequired],
      ['not-a-txid', WITHDRAWAL_MESSAGES.payoutTxidInvalid],
      ['ab'.repeat(31), WITHDRAWAL_MESSAGES.payoutTxidInvalid],
    ] as const) {
      const res = await api(`/api/withdrawal/approve/${id}`, {
        method: 'PUT',
        token: await admin(),
        body: payoutTxid === undefined ? {} : { payoutTxid },
      });
      expect(res.status, String(payoutTxid)).toBe(400);
      expect(res.body).toMatchObject({ errors: { payoutTxid: message } });
    }
    expect(await balancesOf(payee)).toEqual({ available: 0, held: 20, lifetime: 20, paidOut: 0 });
    // A pending withdrawal has no payout to check yet.
    const early = await api(`/api/withdrawal/payout-check/${id}`, { method: 'POST', token: await admin() });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: 'Only an approved withdrawal has a payout to check on chain.' });
  }, 60_000);

  it('approve and reject racing: one decision wins, and the money is either paid or released, once', async () => {
    const contested = await newCustomer('contested');
    await earn(contested, 10);
    const request = await requestWithdrawal(contested, { trc20Address: ADDRESS, amount: 20 });
    expect(request.status).toBe(201);
    const id = request.body.withdrawal._id;
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => decideWithdrawal('approve', id)),
      ...Array.from({ length: 3 }, () => decideWithdrawal('reject', id)),
    ]);
    const winners = answers.filter(
      (a) =>
        a.status === 200 &&
        [WITHDRAWAL_MESSAGES.approved, WITHDRAWAL_MESSAGES.rejected].some((m) => m === a.body.message),
    );
    expect(winners).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const b = await expectReconciled(contested.userId);
    const approved = winners[0]?.body.message === WITHDRAWAL_MESSAGES.approved;
    expect(b).toEqual(
      approved
        ? { available: 0, held: 0, lifetime: 20, paidOut: 20 }
        : { available: 20, held: 0, lifetime: 20, paidOut: 0 },
    );
    expect((await ledgerOf(contested.userId)).filter((e) => e.type === 'settle' || e.type === 'release')).toHaveLength(
      1,
    );
  }, 60_000);

  it('keeps the invariant through a randomized sequence of credits, requests, approvals and rejections', async () => {
    const user = await newCustomer('random');
    await earn(user, 10);
    type Step = { kind: 'credit' } | { kind: 'request'; amount: number } | { kind: 'approve' } | { kind: 'reject' };
    const stepArb: fc.Arbitrary<Step> = fc.oneof(
      fc.constant<Step>({ kind: 'credit' }),
      fc.integer({ min: 20, max: 30 }).map<Step>((amount) => ({ kind: 'request', amount })),
      fc.constant<Step>({ kind: 'approve' }),
      fc.constant<Step>({ kind: 'reject' }),
    );
    // A fixed seed, so a failure replays; it draws requests that pass and fail, both decisions and repeats.
    const [steps] = fc.sample(fc.array(stepArb, { minLength: 14, maxLength: 14 }), { seed: 38, numRuns: 1 });
    const model: Balances = { available: 20, held: 0, lifetime: 20, paidOut: 0 };
    let pending: { id: string; amount: number } | null = null;
    let decided: { id: string; decision: 'approve' | 'reject' } | null = null;
    const seen = new Set<string>();
    for (const step of steps ?? []) {
      if (step.kind === 'credit') {
        await earn(user, 1);
        model.available += 2;
        model.lifetime += 2;
        seen.add('credit');
      } else if (step.kind === 'request') {
        const res = await requestWithdrawal(user, { trc20Address: ADDRESS, amount: step.amount });
        if (pending !== null) {
          expect(res.status).toBe(409);
          seen.add('409');
        } else if (model.available < 20 || step.amount > model.available) {
          expect(res.status).toBe(400);
          seen.add('400');
        } else {
          expect(res.status).toBe(201);
          pending = { id: res.body.withdrawal._id, amount: step.amount };
          model.available -= step.amount;
          model.held += step.amount;
          seen.add('201');
        }
      } else if (pending !== null) {
        const res = await decideWithdrawal(step.kind, pending.id);
        expect(res.status).toBe(200);
        model.held -= pending.amount;
        if (step.kind === 'approve') model.paidOut += pending.amount;
        else model.available += pending.amount;
        decided = { id: pending.id, decision: step.kind };
        pending = null;
        seen.add(step.kind);
      } else if (decided !== null) {
        // Deciding a decided withdrawal again: the same decision is a harmless 200, the other 409.
        const res = await decideWithdrawal(step.kind, decided.id);
        expect(res.status).toBe(step.kind === decided.decision ? 200 : 409);
        seen.add('repeat');
      }
      expect(await expectReconciled(user.userId), JSON.stringify(step)).toEqual(model);
    }
    expect([...seen].sort()).toEqual(['201', '400', '409', 'approve', 'credit', 'reject', 'repeat']);
  }, 120_000);
});

describe('the admin withdrawals screen', () => {
  it('lists tabs newest first with live balances and counts, searches by username, e-mail or address, pages', async () => {
    const owner = await newCustomer('listed');
    await earn(owner, 10);
    const request = await requestWithdrawal(owner, { trc20Address: OTHER_ADDRESS, amount: 20 });
    expect(request.status).toBe(201);
    const id = request.body.withdrawal._id;

    const all = await adminList();
    expect(all.status).toBe(200);
    const parsed = adminWithdrawalsResponseSchema.parse(all.body);
    const stats = await withdrawalCounts();
    expect(parsed.counts).toEqual({
      total: stats.total,
      pending: stats.pending,
      approved: stats.approved,
      rejected: stats.rejected,
    });
    const requestDates = parsed.withdrawals.map((w) => w.requestDate);
    expect(requestDates).toEqual([...requestDates].sort().reverse());
    expect(parsed.withdrawals.find((w) => w._id === id)).toMatchObject({
      userId: { _id: owner.userId, username: owner.username, email: owner.email, referralEarnings: 0 },
      amount: 20,
      trc20Address: OTHER_ADDRESS,
      status: 'pending',
    });
    expect(JSON.stringify(all.body)).not.toMatch(/"PK"|GSI|searchText|processedBy/);

    for (const search of [owner.username.toUpperCase(), owner.email, owner.email.slice(3, 12).toUpperCase()]) {
      const found = await adminList(`?search=${encodeURIComponent(search)}`);
      expect(
        found.body.withdrawals.map((w) => w._id),
        search,
      ).toEqual([id]);
    }
    const byAddress = await adminList(`?status=pending&search=${OTHER_ADDRESS.toLowerCase()}`);
    expect(byAddress.body.withdrawals.map((w) => w._id)).toContain(id);

    // The row's balance is live: a new credit shows at once.
    await earn(owner, 1);
    const live = await adminList(`?search=${encodeURIComponent(owner.email)}`);
    expect(live.body.withdrawals[0]?.userId.referralEarnings).toBe(2);

    expect((await decideWithdrawal('approve', id)).status).toBe(200);
    expect((await adminList(`?status=pending&search=${encodeURIComponent(owner.email)}`)).body.withdrawals).toEqual([]);
    expect(
      (await adminList(`?status=approved&search=${encodeURIComponent(owner.email)}`)).body.withdrawals.map(
        (w) => w._id,
      ),
    ).toEqual([id]);
    expect((await adminList(`?status=rejected&search=${encodeURIComponent(owner.email)}`)).body.withdrawals).toEqual(
      [],
    );

    // Pages with a cursor over the whole list.
    const first = await adminList('?limit=1');
    expect(first.body.withdrawals).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await adminList(`?limit=1&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`);
    expect(second.body.withdrawals).toHaveLength(1);
    expect(second.body.withdrawals[0]?._id).not.toBe(first.body.withdrawals[0]?._id);

    const forged = Buffer.from(JSON.stringify({ PK: 'x', SK: 'x', GSI1PK: 'PAYMENTS', GSI1SK: 'x' })).toString(
      'base64url',
    );
    expect((await adminList(`?cursor=${forged}`)).status).toBe(400);
    expect((await adminList('?status=paid')).status).toBe(400);
    expect((await decideWithdrawal('approve', '01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ')).status).toBe(404);
    expect(
      (await decideWithdrawal('reject', '01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ', { adminNote: 'x'.repeat(501) })).status,
    ).toBe(400);
  }, 60_000);

  it('refuses customers on every admin withdrawal route', async () => {
    const token = await idTokenFor('user');
    for (const [method, path] of [
      ['GET', '/api/withdrawal/all'],
      ['PUT', '/api/withdrawal/approve/01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ'],
      ['PUT', '/api/withdrawal/reject/01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ'],
    ] as const) {
      expect((await api(path, { method, token, body: method === 'PUT' ? {} : undefined })).status, path).toBe(403);
    }
  });
});

describe("the customer's Withdrawal Center", () => {
  it('answers their withdrawals newest first with the available and held balances', async () => {
    const customer = await newCustomer('center');
    await earn(customer, 10);
    const first = await requestWithdrawal(customer, { trc20Address: ADDRESS, amount: 20 });
    expect((await decideWithdrawal('reject', first.body.withdrawal._id)).status).toBe(200);
    const second = await requestWithdrawal(customer, { trc20Address: ADDRESS, amount: 20 });
    const res = await api('/api/withdrawal/user', { token: customer.token });
    expect(res.status).toBe(200);
    const body = userWithdrawalsResponseSchema.parse(res.body);
    expect(body.withdrawals.map((w) => [w._id, w.status])).toEqual([
      [second.body.withdrawal._id, 'pending'],
      [first.body.withdrawal._id, 'rejected'],
    ]);
    expect(body).toMatchObject({ referralEarnings: 0, referralHeld: 20 });
    const other = await api<{ withdrawals: unknown[] }>('/api/withdrawal/user', { token: await idTokenFor('user') });
    expect(other.body.withdrawals).toEqual([]);
  }, 60_000);
});

describe('reconciliation (the referral ledger)', () => {
  it('holds for every verified user in the table: lifetime = available + held + paid out = the ledger', async () => {
    const users = await allPages((start) =>
      db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :users',
          ExpressionAttributeValues: { ':users': 'USERS' },
          ExclusiveStartKey: start,
        }),
      ),
    );
    const userIds = users.map((item) => String(item._id));
    expect(userIds.length).toBeGreaterThan(BUYERS);
    for (const userId of userIds) await expectReconciled(userId);
    // The aggregates agree with the pending rows.
    const counts = await withdrawalCounts();
    const pending = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pending',
        ExpressionAttributeValues: { ':pending': 'WITHDRAWALS#pending' },
      }),
    );
    expect(counts.pending).toBe(pending.Items?.length ?? 0);
    expect(counts.pendingAmount).toBe((pending.Items ?? []).reduce((sum, w) => sum + Number(w.amount ?? 0), 0));
  }, 60_000);
});
